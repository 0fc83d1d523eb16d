import { useLocation } from "@remix-run/react";
import { useEffect, useRef, type ReactNode, type RefObject } from "react";
import { focusableWithin, inertOutside } from "./focus";

/**
 * While open, the summary's ::before covers the page behind the panel, so a
 * click outside lands on the summary and closes the <details>: outside-click
 * dismissal without JavaScript. The panel sits above the cover (tailwind.css,
 * .disclosure-summary).
 */
const cover = { dim: "disclosure-summary cover-dim", clear: "disclosure-summary" } as const;

/**
 * A menu or drawer built on <details>/<summary>: it opens, closes and is
 * reachable by keyboard without JavaScript. With JavaScript, Escape closes it
 * (focus back on its summary) and so does a client-side navigation (the
 * shell stays mounted across pages). A menu also closes when focus leaves
 * it; a `modal` one (the drawer) keeps focus inside while open and makes the
 * page behind it inert.
 *
 * Without children it is only the switch: a `peer` class lets the element
 * after it (its panel) show while it is open; a modal one then needs the two
 * alone in one parent, which is what stays outside the inert page.
 */
export function Disclosure({
  summary,
  summaryClassName,
  panelClassName,
  backdrop = "clear",
  modal = false,
  className = "",
  children,
}: {
  summary: ReactNode;
  summaryClassName: string;
  panelClassName?: string;
  backdrop?: keyof typeof cover;
  modal?: boolean;
  className?: string;
  children?: ReactNode;
}) {
  const ref = useRef<HTMLDetailsElement>(null);
  const panelIsPeer = children === undefined;
  useCloseOnNavigation(ref, panelIsPeer);
  useCloseOnEscape(ref, panelIsPeer);
  useFocusContainment(ref, modal, panelIsPeer);

  return (
    <details ref={ref} className={className}>
      <summary className={`${cover[backdrop]} ${summaryClassName}`}>{summary}</summary>
      {children ? <div className={`z-50 ${panelClassName}`}>{children}</div> : null}
    </details>
  );
}

/** The <details> with its panel: itself, or the parent it shares with its peer panel alone. */
function scopeOf(details: HTMLDetailsElement, panelIsPeer: boolean): HTMLElement {
  return (panelIsPeer && details.parentElement) || details;
}

/** Closes the <details>; focus that was in it or its panel (or `returnFocus`) goes to its summary rather than the body. */
function close(details: HTMLDetailsElement, panelIsPeer: boolean, returnFocus = false) {
  const hadFocus = scopeOf(details, panelIsPeer).contains(document.activeElement);
  details.open = false;
  if (hadFocus || returnFocus) details.querySelector("summary")?.focus();
}

function useCloseOnNavigation(ref: RefObject<HTMLDetailsElement>, panelIsPeer: boolean) {
  const { key } = useLocation();
  const shownKey = useRef(key);
  useEffect(() => {
    if (shownKey.current === key) return;
    shownKey.current = key;
    if (ref.current?.open) close(ref.current, panelIsPeer);
  }, [key, ref, panelIsPeer]);
}

function useCloseOnEscape(ref: RefObject<HTMLDetailsElement>, panelIsPeer: boolean) {
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      const details = ref.current;
      // A nested menu (or a tooltip) that handled this Escape already marked it: one Escape closes one layer.
      if (event.key !== "Escape" || event.defaultPrevented || !details?.open) return;
      event.preventDefault();
      close(details, panelIsPeer, true);
    };
    document.addEventListener("keydown", onKeyDown);
    return () => document.removeEventListener("keydown", onKeyDown);
  }, [ref, panelIsPeer]);
}

/** A menu closes when focus moves out of it; a modal drawer never lets it out. */
function useFocusContainment(ref: RefObject<HTMLDetailsElement>, modal: boolean, panelIsPeer: boolean) {
  useEffect(() => {
    const details = ref.current;
    if (!details) return;
    const scope = scopeOf(details, panelIsPeer);
    if (!modal) {
      const onFocusOut = (event: FocusEvent) => {
        // No next element: a click on something inert inside the panel, or focus leaving the window.
        if (event.relatedTarget instanceof Node && !details.contains(event.relatedTarget)) details.open = false;
      };
      details.addEventListener("focusout", onFocusOut);
      return () => details.removeEventListener("focusout", onFocusOut);
    }

    let restore: (() => void) | null = null;
    const release = () => {
      restore?.();
      restore = null;
    };
    const onToggle = () => {
      release();
      if (details.open) restore = inertOutside(scope);
    };
    // The summary lies under the open panel: Tab and Shift+Tab go round the panel's controls.
    const onKeyDown = (event: KeyboardEvent) => {
      const panel = panelIsPeer ? details.nextElementSibling : details.lastElementChild;
      if (event.key !== "Tab" || !details.open || !panel) return;
      const items = focusableWithin(panel);
      const [first, last] = [items[0], items[items.length - 1]];
      if (!first || !last) return;
      const inPanel = panel.contains(document.activeElement);
      if (event.shiftKey && (!inPanel || document.activeElement === first)) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && (!inPanel || document.activeElement === last)) {
        event.preventDefault();
        first.focus();
      }
    };
    // Past the breakpoint where the drawer's toggle is hidden, an open drawer would leave the page inert.
    const onResize = () => {
      if (details.open && !details.querySelector("summary")?.checkVisibility()) details.open = false;
    };
    details.addEventListener("toggle", onToggle);
    scope.addEventListener("keydown", onKeyDown);
    window.addEventListener("resize", onResize);
    return () => {
      details.removeEventListener("toggle", onToggle);
      scope.removeEventListener("keydown", onKeyDown);
      window.removeEventListener("resize", onResize);
      release();
    };
  }, [ref, modal, panelIsPeer]);
}
