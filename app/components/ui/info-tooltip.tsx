import { useId } from "react";
import { Icon } from "./icon";

/**
 * An info icon with a tooltip, visible while the icon is hovered or focused.
 * The text is also the accessible description of the icon (aria-describedby)
 * and of whatever passes `describedBy` on, so it is read without hovering.
 */
export function InfoTooltip({ text, label, id }: { text: string; label: string; id?: string }) {
  const fallbackId = useId();
  const tipId = id ?? fallbackId;
  return (
    <span className="group relative inline-flex">
      <button
        type="button"
        aria-label={label}
        aria-describedby={tipId}
        // Escape dismisses it (WCAG 1.4.13) by leaving the button.
        onKeyDown={(event) => {
          if (event.key === "Escape") event.currentTarget.blur();
        }}
        className="rounded-full p-0.5 text-slate-400 hover:text-slate-700 focus-visible:text-slate-700 focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-brand-500"
      >
        <Icon name="info" className="h-4 w-4" />
      </button>
      <span
        id={tipId}
        role="tooltip"
        className="pointer-events-none invisible absolute bottom-full left-1/2 z-20 mb-2 w-56 -translate-x-1/2 rounded-md bg-slate-900 px-3 py-2 text-xs font-normal leading-5 text-white opacity-0 shadow-lg transition-opacity group-focus-within:visible group-focus-within:opacity-100 group-hover:visible group-hover:opacity-100"
      >
        {text}
      </span>
    </span>
  );
}
