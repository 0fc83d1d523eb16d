/** Focus helpers shared by the dialog, the disclosure (menus, drawer) and the lists. Browser only. */
import { useCallback, useEffect, useRef } from "react";

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), summary, [tabindex]:not([tabindex="-1"])';

/** The controls inside `root` that Tab reaches, in document order. */
export function focusableWithin(root: Element): HTMLElement[] {
  return Array.from(root.querySelectorAll<HTMLElement>(FOCUSABLE)).filter(
    (element) => !element.closest("[inert]") && element.checkVisibility(),
  );
}

/** Makes everything but `keep` (and its ancestors) inert; returns what undoes it. */
export function inertOutside(keep: Element): () => void {
  const changed: HTMLElement[] = [];
  for (let node: Element | null = keep; node && node !== document.body; node = node.parentElement) {
    for (const sibling of Array.from(node.parentElement?.children ?? [])) {
      if (sibling === node || !(sibling instanceof HTMLElement) || sibling.inert) continue;
      sibling.inert = true;
      changed.push(sibling);
    }
  }
  return () => {
    for (const element of changed) element.inert = false;
  };
}

/**
 * Where focus goes back when something `opener` opened closes: the opener
 * itself while it is on screen; its menu's summary when it sat in a menu
 * that has closed since; else the page's main content, never the body,
 * where the next Tab would restart at the skip link.
 */
export function returnFocus(opener: Element | null) {
  focusByScript(visibleOrSummary(opener) ?? document.querySelector("main"), { preventScroll: true });
}

function visibleOrSummary(element: Element | null): HTMLElement | null {
  if (!(element instanceof HTMLElement) || element === document.body || !element.isConnected) return null;
  if (element.checkVisibility()) return element;
  const summary = element.closest("details")?.querySelector("summary");
  return summary?.checkVisibility() ? summary : null;
}

/** Focuses `element`, first making it focusable by script (not by Tab) if it is not focusable already. */
export function focusByScript(element: Element | null, options?: FocusOptions) {
  if (!(element instanceof HTMLElement)) return;
  // Controls report tabIndex 0; a table or <main> reports -1 without being focusable until it has the attribute.
  if (element.tabIndex < 0 && !element.hasAttribute("tabindex")) element.tabIndex = -1;
  element.focus(options);
}

/**
 * A callback ref for controls that replace one another in place, such as a
 * confirmation's "No" replacing the button that asked for it: one attached
 * after the first render takes focus if focus was lost (the control it
 * replaced had it), also when it is remounted itself (a form whose code
 * arrives late).
 */
export function useTakeLostFocus() {
  const mounted = useRef(false);
  useEffect(() => {
    mounted.current = true;
  }, []);
  return useCallback((element: HTMLElement | null) => {
    const lost = !document.activeElement || document.activeElement === document.body;
    if (element && mounted.current && lost) element.focus();
  }, []);
}
