import { useLocation } from "@remix-run/react";
import { useEffect, useRef, type ReactNode } from "react";

/**
 * While open, the summary's ::before covers the page behind the panel, so a
 * click outside lands on the summary and closes the <details>: outside-click
 * dismissal without JavaScript. The panel sits above the cover.
 */
const cover = {
  dim: "[details[open]>&]:before:fixed [details[open]>&]:before:inset-0 [details[open]>&]:before:z-40 [details[open]>&]:before:cursor-default [details[open]>&]:before:bg-slate-900/50 [details[open]>&]:before:content-['']",
  clear:
    "[details[open]>&]:before:fixed [details[open]>&]:before:inset-0 [details[open]>&]:before:z-40 [details[open]>&]:before:cursor-default [details[open]>&]:before:content-['']",
} as const;

/**
 * A menu or drawer built on <details>/<summary>: it opens, closes and is
 * reachable by keyboard without JavaScript. With JavaScript, Escape closes it
 * and so does a client-side navigation (the shell stays mounted across pages).
 * Without children it is only the switch: a `peer` class lets the element
 * after it show while it is open.
 */
export function Disclosure({
  summary,
  summaryClassName,
  panelClassName,
  backdrop = "clear",
  className = "",
  children,
}: {
  summary: ReactNode;
  summaryClassName: string;
  panelClassName?: string;
  backdrop?: keyof typeof cover;
  className?: string;
  children?: ReactNode;
}) {
  const ref = useRef<HTMLDetailsElement>(null);
  const { key } = useLocation();
  const shownKey = useRef(key);

  useEffect(() => {
    if (shownKey.current === key) return;
    shownKey.current = key;
    if (ref.current) ref.current.open = false;
  }, [key]);

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      const details = ref.current;
      if (event.key !== "Escape" || !details?.open) return;
      details.open = false;
      details.querySelector("summary")?.focus();
    };
    document.addEventListener("keydown", onKeyDown);
    return () => document.removeEventListener("keydown", onKeyDown);
  }, []);

  return (
    <details ref={ref} className={className}>
      <summary
        className={`cursor-pointer list-none [&::-webkit-details-marker]:hidden ${cover[backdrop]} ${summaryClassName}`}
      >
        {summary}
      </summary>
      {children ? <div className={`z-50 ${panelClassName}`}>{children}</div> : null}
    </details>
  );
}

/** Rotates a chevron inside a summary while its <details> is open. */
export const chevronOpenClass = "transition-transform [details[open]>summary_&]:rotate-180";
