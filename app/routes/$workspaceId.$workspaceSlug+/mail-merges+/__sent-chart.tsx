import { useId } from "react";

export interface ChartMonth {
  key: string;
  /** "Dec" */
  label: string;
  /** "December 2025" */
  longLabel: string;
  count: number;
  /** The count in German format. */
  countText: string;
  isCurrent: boolean;
}

const WIDTH = 240;
const HEIGHT = 92;
const PLOT_TOP = 4;
const PLOT_BOTTOM = 74;
const BAR = 12;

/**
 * The last 12 months of sent e-mails as a small bar chart, drawn on the
 * server as SVG. The picture is decoration for sighted users; the same
 * numbers are in a visually hidden table for everyone else.
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
  const slot = WIDTH / Math.max(months.length, 1);
  return (
    <figure aria-labelledby={titleId} className="flex h-full flex-col">
      <figcaption id={titleId} className="text-sm font-medium text-slate-600">
        {title}
      </figcaption>
      <svg
        aria-hidden="true"
        focusable="false"
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        // Never taller than a card: a wide card keeps the chart's size, on the left.
        preserveAspectRatio="xMinYMax meet"
        className="mt-3 h-auto max-h-32 w-full"
      >
        <line
          x1="0"
          x2={WIDTH}
          y1={PLOT_BOTTOM + 0.5}
          y2={PLOT_BOTTOM + 0.5}
          className="stroke-slate-200"
          strokeWidth="1"
        />
        {months.map((month, index) => {
          // A tenth of a unit is finer than a pixel: the HTML need not carry 15 digits per bar.
          const height = month.count === 0 ? 0 : Math.max(2, Math.round((10 * (PLOT_BOTTOM - PLOT_TOP) * month.count) / max) / 10);
          const x = index * slot + (slot - BAR) / 2;
          return (
            <g key={month.key}>
              <title>{`${month.longLabel}: ${month.countText}`}</title>
              {/* A transparent full-height hit area, so the tooltip also shows over short bars. */}
              <rect x={index * slot} y={PLOT_TOP} width={slot} height={PLOT_BOTTOM - PLOT_TOP} fill="transparent" />
              <rect
                x={x}
                y={PLOT_BOTTOM - height}
                width={BAR}
                height={height}
                rx="2"
                // Every bar stands out 3:1 from the white card (WCAG 1.4.11); the current month is darker still.
                className={month.isCurrent ? "fill-brand-700" : "fill-brand-500"}
              />
              <text
                x={index * slot + slot / 2}
                y={HEIGHT - 4}
                textAnchor="middle"
                className={month.isCurrent ? "fill-slate-900 font-semibold" : "fill-slate-500"}
                fontSize="8"
              >
                {month.label.slice(0, 1)}
              </text>
            </g>
          );
        })}
      </svg>
      <table className="sr-only" aria-labelledby={titleId}>
        <thead>
          <tr>
            <th scope="col">{monthHeader}</th>
            <th scope="col">{countHeader}</th>
          </tr>
        </thead>
        <tbody>
          {months.map((month) => (
            <tr key={month.key}>
              <th scope="row">{month.longLabel}</th>
              <td>{month.countText}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}
