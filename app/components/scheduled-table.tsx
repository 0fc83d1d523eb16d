import { Link } from "@remix-run/react";
import type { ListQuery } from "~/domain/list-query";
import { scheduledListOptions, scheduledTexts, type ScheduledRow, type ScheduledSort } from "~/domain/scheduled-merges";
import { SortableHeader } from "./list-controls";
import { Icon } from "./icon";

const cellClass = "px-3 py-3 align-middle tablet:px-4";
const desktopOnly = "hidden tablet:table-cell";

/**
 * The Scheduled tab's table (002 §2): Sheet Name, Date (creation), Time (next
 * run), Emails and, on desktop, a link to the sheet. Each name opens the
 * detail dialog, keeping the list's query.
 */
export function ScheduledTable({
  rows,
  query,
  listPath,
  listQuery,
}: {
  rows: ScheduledRow[];
  query: ListQuery<ScheduledSort>;
  /** The tab's path; a row's dialog is {listPath}/{campaignId}. */
  listPath: string;
  /** "?q=…" with the list's own parameters, or "". */
  listQuery: string;
}) {
  const { defaultDirs } = scheduledListOptions;
  const header = "px-3 py-3 tablet:px-4 text-left text-xs font-semibold uppercase tracking-wide text-slate-600";
  return (
    <div className="overflow-x-auto rounded-xl border border-slate-200 bg-white shadow-sm">
      <table className="min-w-full divide-y divide-slate-200 text-sm">
        <caption className="sr-only">{scheduledTexts.tableCaption}</caption>
        <thead className="bg-slate-50">
          <tr>
            <SortableHeader column="name" query={query} defaultDirs={defaultDirs}>
              {scheduledTexts.columns.name}
            </SortableHeader>
            <SortableHeader column="date" query={query} defaultDirs={defaultDirs}>
              {scheduledTexts.columns.date}
            </SortableHeader>
            <SortableHeader column="time" query={query} defaultDirs={defaultDirs}>
              {scheduledTexts.columns.time}
            </SortableHeader>
            <th scope="col" className={`${header} text-right`}>
              {scheduledTexts.columns.emails}
            </th>
            <th scope="col" className={`${header} ${desktopOnly}`}>
              <span className="sr-only">{scheduledTexts.columns.sheetLink}</span>
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {rows.map((row) => (
            <tr key={row.campaignId} className="hover:bg-slate-50">
              <th
                scope="row"
                className={`${cellClass} min-w-[9rem] max-w-[12rem] text-left font-normal mobile:max-w-[16rem] tablet:max-w-[22rem]`}
              >
                <div className="flex items-start gap-2">
                  <Link
                    to={`${listPath}/${encodeURIComponent(row.campaignId)}${listQuery}`}
                    preventScrollReset
                    className="group block min-w-0 rounded focus-visible:outline focus-visible:outline-2 focus-visible:outline-brand-500"
                  >
                    <span className="block break-words font-semibold text-slate-900 group-hover:text-brand-700 group-hover:underline tablet:truncate">
                      {row.spreadsheetName}
                    </span>
                    <span className="block break-words text-slate-500 tablet:truncate">{row.sheetName}</span>
                  </Link>
                  {row.indicator ? <StatusIcon {...row.indicator} /> : null}
                </div>
              </th>
              <td className={`${cellClass} whitespace-nowrap text-slate-700`}>{row.createdAt}</td>
              <td className={`${cellClass} whitespace-nowrap text-slate-700`}>{row.nextRun}</td>
              <td className={`${cellClass} whitespace-nowrap text-right tabular-nums text-slate-900`}>
                {row.emails}
                <span className="tablet:hidden">{scheduledTexts.mailsSuffix}</span>
              </td>
              <td className={`${cellClass} ${desktopOnly} text-right`}>
                {row.sheetUrl ? (
                  <a
                    href={row.sheetUrl}
                    target="_blank"
                    rel="noopener noreferrer"
                    aria-label={`${scheduledTexts.openSheetOf([row.spreadsheetName, row.sheetName].filter(Boolean).join(" - "))} ${scheduledTexts.newTab}`}
                    className="inline-flex items-center gap-1 rounded-md px-2 py-1 font-medium text-brand-700 hover:bg-brand-50"
                  >
                    {scheduledTexts.openSheet}
                    <Icon name="external" className="h-4 w-4" />
                  </a>
                ) : null}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/**
 * A row's problem: an error (red) or out of quota (amber). The icon is drawn
 * here since the warning triangle is this table's only use of it; the text
 * names the problem for assistive technology and as a tooltip.
 */
export function StatusIcon({ kind, label }: { kind: "error" | "warning"; label: string }) {
  return (
    <span
      title={label}
      className={`mt-0.5 inline-flex shrink-0 ${kind === "error" ? "text-red-600" : "text-amber-500"}`}
    >
      <svg
        aria-hidden="true"
        focusable="false"
        viewBox="0 0 24 24"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.8"
        strokeLinecap="round"
        strokeLinejoin="round"
        className="h-4 w-4 shrink-0"
      >
        {kind === "error" ? (
          <>
            <circle cx="12" cy="12" r="9" />
            <path d="M12 7v6M12 16h.01" />
          </>
        ) : (
          <path d="M12 3 2 20h20L12 3zM12 10v4M12 17h.01" />
        )}
      </svg>
      <span className="sr-only">{label}</span>
    </span>
  );
}
