import { useCallback, useEffect, useRef } from "react";

/**
 * What was typed into a server-rendered box before JavaScript loaded is in
 * the page but not in React's state: the ref this returns hands it over when
 * the box is hydrated (which, inside a lazily hydrated form, can be later
 * than its parent's mount), so it is neither lost on the next render nor
 * left out of the live checks.
 */
export function useTypedBeforeHydration(adopt: (value: string) => void) {
  const latest = useRef(adopt);
  // An effect, not a layout effect: the box is attached with the first render's `adopt` already, and a layout
  // effect made React print a 1.3 KB warning on the server for every page with such a box.
  useEffect(() => {
    latest.current = adopt;
  });
  // Stable: React calls it once when the box is attached, not on every render.
  return useCallback((box: HTMLTextAreaElement | HTMLInputElement | null) => {
    if (box && box.value !== box.defaultValue) latest.current(box.value);
  }, []);
}
