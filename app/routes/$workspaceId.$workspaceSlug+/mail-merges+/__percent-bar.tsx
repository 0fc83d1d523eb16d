import type { CSSProperties } from "react";

/**
 * A share shown as a thin bar and its number ("42%"). The bar is decoration:
 * the number is the content, so assistive technology reads "42%" once.
 */
export function PercentBar({
  percent,
  className = "",
  barClassName = "hidden w-16 mobile:block",
}: {
  percent: number;
  className?: string;
  /** The track's width (and when it shows: by default from the mobile breakpoint up). */
  barClassName?: string;
}) {
  const width = Math.min(100, Math.max(0, percent));
  return (
    <span className={`inline-flex items-center gap-2 ${className}`}>
      <span
        aria-hidden="true"
        className={`percent-track ${barClassName}`}
        style={{ "--percent": `${width}%` } as CSSProperties}
      />
      <span className="min-w-[2.5rem] tabular-nums text-slate-700">{`${percent}%`}</span>
    </span>
  );
}
