import { useEffect, useId, useRef, useState } from "react";
import { Icon } from "./icon";

/**
 * An info icon with a tooltip (the WAI-ARIA tooltip pattern), visible while
 * the icon or the tooltip itself is hovered, or the icon focused. The text is
 * also the accessible description of the icon (aria-describedby) and of
 * whatever passes `describedBy` on, so it is read without hovering. Escape
 * hides it without moving focus or the pointer (WCAG 1.4.13) until the
 * pointer leaves or focus moves on. The bubble is placed by `.info-tooltip`
 * (tailwind.css), anchored to the button by name.
 */
export function InfoTooltip({ text, label, id }: { text: string; label: string; id?: string }) {
  const fallbackId = useId();
  const tipId = id ?? fallbackId;
  // useId's colons are not allowed in a CSS name.
  const anchorName = `--info-tooltip${fallbackId.replace(/:/g, "-")}`;
  const ref = useRef<HTMLSpanElement>(null);
  const [dismissed, setDismissed] = useState(false);

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== "Escape" || event.defaultPrevented || dismissed) return;
      if (!ref.current?.matches(":hover, :focus-within")) return;
      // This Escape is the tooltip's: a dialog or menu around it stays open.
      event.preventDefault();
      setDismissed(true);
    };
    document.addEventListener("keydown", onKeyDown);
    return () => document.removeEventListener("keydown", onKeyDown);
  }, [dismissed]);

  return (
    <span
      ref={ref}
      className="info-tooltip group inline-flex"
      onMouseLeave={() => setDismissed(false)}
      onBlur={() => setDismissed(false)}
    >
      <button
        type="button"
        aria-label={label}
        aria-describedby={tipId}
        style={{ anchorName }}
        className="info-tooltip-button"
      >
        <Icon name="info" className="h-4 w-4" />
      </button>
      {/* The padding bridges the gap between icon and bubble, so the pointer can move onto the text. */}
      <span
        id={tipId}
        role="tooltip"
        style={{ positionAnchor: anchorName }}
        className={`info-tooltip-bubble invisible z-20 w-56 pb-2 opacity-0 transition-opacity ${dismissed ? "" : "group-focus-within:visible group-focus-within:opacity-100 group-hover:visible group-hover:opacity-100"}`}
      >
        <span className="info-tooltip-text">{text}</span>
      </span>
    </span>
  );
}
