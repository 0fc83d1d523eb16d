import { Link } from "@remix-run/react";
import type { ListQuery } from "~/domain/list-query";
import { scheduledListOptions, scheduledTexts, type ScheduledRow, type ScheduledSort } from "~/domain/scheduled-merges";
import { SortableHeader } from "~/components/ui/list-controls";
import { Icon } from "~/components/ui";
import { SheetLink } from "./__sheet-link";

const cellClass = "px-2 py-3 align-middle mobile:px-3 tablet:px-4";
const desktopOnly = "hidden tablet:table-cell";
/** Below the tablet breakpoint the creation date goes under the sheet name (002 §2's mobile variant). */
const createdUnderName = "mt-1 block text-xs text-slate-500 tablet:hidden";

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
  const { defaultSort, defaultDirs } = scheduledListOptions;
  const header = "px-3 py-3 tablet:px-4 text-left text-xs font-semibold uppercase tracking-wide text-slate-600";
  return (
    <div className="list-frame overflow-x-auto rounded-xl border border-slate-200 bg-white shadow-sm">
      <table className="min-w-full divide-y divide-slate-200 text-sm">
        <caption className="sr-only">{scheduledTexts.tableCaption}</caption>
        <thead className="bg-slate-50">
          <tr>
            <SortableHeader column="name" query={query} defaultSort={defaultSort} defaultDirs={defaultDirs}>
              {scheduledTexts.columns.name}
            </SortableHeader>
            <SortableHeader
              column="date"
              query={query}
              defaultSort={defaultSort}
              defaultDirs={defaultDirs}
              className={desktopOnly}
            >
              {scheduledTexts.columns.date}
            </SortableHeader>
            <SortableHeader column="time" query={query} defaultSort={defaultSort} defaultDirs={defaultDirs}>
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
                className={`${cellClass} min-w-[7rem] max-w-[12rem] text-left font-normal mobile:max-w-[16rem] tablet:max-w-[14rem] desktop:max-w-[22rem]`}
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
                <span className={createdUnderName}>{row.createdAt}</span>
              </th>
              <td className={`${cellClass} ${desktopOnly} whitespace-nowrap text-slate-700`}>{row.createdAt}</td>
              <td className={`${cellClass} text-slate-700 tablet:whitespace-nowrap`}>{row.nextRun}</td>
              <td className={`${cellClass} whitespace-nowrap text-right tabular-nums text-slate-900`}>
                {row.emails}
                <span className="tablet:hidden">{scheduledTexts.mailsSuffix}</span>
              </td>
              <td className={`${cellClass} ${desktopOnly} text-right`}>
                <SheetLink
                  sheetKey={row.sheetKey}
                  spreadsheetName={row.spreadsheetName}
                  sheetName={row.sheetName}
                />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** A row's problem: an error (red) or out of quota (amber), named for assistive technology and as a tooltip. */
export function StatusIcon({ kind, label }: { kind: "error" | "warning"; label: string }) {
  return (
    <span
      title={label}
      className={`mt-0.5 inline-flex shrink-0 ${kind === "error" ? "text-red-600" : "text-amber-500"}`}
    >
      <Icon name={kind} className="h-4 w-4" />
      <span className="sr-only">{label}</span>
    </span>
  );
}
