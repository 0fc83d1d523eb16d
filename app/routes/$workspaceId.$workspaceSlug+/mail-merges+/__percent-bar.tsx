import type { CSSProperties } from "react";

/**
 * A share shown as a thin bar and its number ("42%"): one element, the bar
 * drawn by its class (tailwind.css, .percent), so assistive technology reads
 * "42%" once and a list row carries one short element per share.
 */
export function PercentBar({ percent, wide = false }: { percent: number; /** The bar fills the cell. */ wide?: boolean }) {
  const filled = Math.min(100, Math.max(0, percent));
  return (
    <span className={wide ? "percent percent-wide" : "percent"} style={{ "--percent": `${filled}%` } as CSSProperties}>
      {`${percent}%`}
    </span>
  );
}
