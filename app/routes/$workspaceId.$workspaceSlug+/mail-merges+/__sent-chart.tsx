import { useId, type CSSProperties } from "react";

export interface ChartMonth {
  /** "December 2025" */
  longLabel: string;
  count: number;
  /** The count in German format. */
  countText: string;
}

/**
 * The last 12 months of sent e-mails as a small bar chart (the last bar is
 * the current month). The bars are decoration for sighted users, drawn by CSS
 * (.month-bars in tailwind.css) from one short element each, a month's name
 * and count in its tooltip; the same numbers are in a visually hidden table
 * for everyone else.
 */
export function SentChart({
  title,
  months,
  monthHeader,
  countHeader,
}: {
  title: string;
  months: ChartMonth[];
  monthHeader: string;
  countHeader: string;
}) {
  const titleId = useId();
  const max = Math.max(1, ...months.map((month) => month.count));
  return (
    <figure aria-labelledby={titleId} className="flex h-full flex-col">
      <figcaption id={titleId} className="text-sm font-medium text-slate-600">
        {title}
      </figcaption>
      <div aria-hidden="true" className="month-bars">
        {months.map((month) => (
          <span
            key={month.longLabel}
            title={`${month.longLabel}: ${month.countText}`}
            data-letter={month.longLabel.slice(0, 1)}
            // A non-empty month keeps a visible bar however small; a tenth of a percent is finer than a pixel.
            style={
              {
                "--bar": `${month.count === 0 ? 0 : Math.max(3, Math.round((1000 * month.count) / max) / 10)}%`,
              } as CSSProperties
            }
          />
        ))}
      </div>
      <table className="sr-only" aria-labelledby={titleId}>
        <thead>
          <tr>
            <th scope="col">{monthHeader}</th>
            <th scope="col">{countHeader}</th>
          </tr>
        </thead>
        <tbody>
          {months.map((month) => (
            <tr key={month.longLabel}>
              <th scope="row">{month.longLabel}</th>
              <td>{month.countText}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}
