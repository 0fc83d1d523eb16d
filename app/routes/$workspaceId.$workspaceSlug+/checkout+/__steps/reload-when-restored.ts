import { useEffect } from "react";

/** Reloads the page whenever `page` shows it again from the browser's back-forward cache; returns the way to stop. */
export function reloadWhenRestored(page: EventTarget, reload: () => void) {
  const listener = (event: Event) => {
    if ((event as PageTransitionEvent).persisted) reload();
  };
  page.addEventListener("pageshow", listener);
  return () => page.removeEventListener("pageshow", listener);
}

/**
 * 001 §4 Purchase flow: "If the page is restored from the browser cache, it
 * reloads" (as after Back from the hosted checkout): the step is read anew,
 * with a new once-only key and the quote of now, not the page as it was left.
 */
export function useReloadWhenRestored() {
  useEffect(() => reloadWhenRestored(window, () => window.location.reload()), []);
}
