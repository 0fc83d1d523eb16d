import { Link } from "@remix-run/react";
import type { ListQuery, ListQueryOptions } from "~/domain/list-query";
import { sentTexts, type SentSort } from "~/domain/mail-merges";
import type { SentRow } from "./sent.server";
import { SheetLink } from "./__sheet-link";
import { SortableHeader } from "~/components/ui/list-controls";
import { PercentBar } from "./__percent-bar";

/** 002 §2's mobile variant: below the tablet breakpoint the date goes under the sheet name, so a phone needs no sideways scroll. */
const dateColumn = "hidden tablet:table-cell";
/** The percent bars: from the mobile breakpoint up, narrower until the widest screens. */
const barClass = "hidden w-10 mobile:block desktop:w-16";

/**
 * The Sent tab's table (002 §2): Sheet Name and Date sort (links, so they
 * work without JavaScript); each sheet name opens the merge's detail dialog.
 */
export function SentTable({
  rows,
  query,
  options,
}: {
  rows: SentRow[];
  query: ListQuery<SentSort>;
  options: ListQueryOptions<SentSort>;
}) {
  const columns = sentTexts.columns;
  return (
    <div className="list-frame overflow-x-auto rounded-xl border border-slate-200 bg-white shadow-sm">
      <table className="list-table min-w-full divide-y divide-slate-200 text-sm">
        <caption className="sr-only">{sentTexts.caption}</caption>
        <thead className="bg-slate-50">
          <tr>
            <SortableHeader
              column="name"
              query={query}
              defaultSort={options.defaultSort}
              defaultDirs={options.defaultDirs}
            >
              {columns.sheetName}
            </SortableHeader>
            <SortableHeader
              column="date"
              query={query}
              defaultSort={options.defaultSort}
              defaultDirs={options.defaultDirs}
              className={dateColumn}
            >
              {columns.date}
            </SortableHeader>
            <th scope="col" className="text-right">
              {columns.sent}
            </th>
            <th scope="col">{columns.opened}</th>
            <th scope="col">{columns.clicked}</th>
            <th scope="col" className="hidden tablet:table-cell">
              <span className="sr-only">{columns.sheetLink}</span>
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {rows.map((row) => (
            <tr key={row.campaignId} className="hover:bg-slate-50">
              <th scope="row" className="tablet:max-w-[12rem] desktop:max-w-[22rem]">
                {/* Focus shows the page's own :focus-visible outline. */}
                <Link to={row.detailHref} preventScrollReset className="group block rounded">
                  <span className="block break-words font-semibold text-slate-900 group-hover:text-brand-700 group-hover:underline">
                    {row.spreadsheetName}
                  </span>
                  <span className="block break-words text-slate-500">{row.sheetName}</span>
                </Link>
                <SentDate date={row.date} className="mt-1 block text-xs text-slate-500 tablet:hidden" />
              </th>
              <td className={`${dateColumn} whitespace-nowrap text-slate-700`}>
                <SentDate date={row.date} />
              </td>
              <td className="text-right tabular-nums text-slate-900 tablet:whitespace-nowrap">
                {row.sent}
                <span className="tablet:hidden">{sentTexts.sentSuffix}</span>
              </td>
              <td>
                <PercentBar percent={row.openedPercent} barClassName={barClass} />
              </td>
              <td>
                <PercentBar percent={row.clickedPercent} barClassName={barClass} />
              </td>
              <td className="hidden text-right tablet:table-cell">
                {row.sheetUrl ? (
                  <SheetLink
                    url={row.sheetUrl}
                    spreadsheetName={row.spreadsheetName}
                    sheetName={row.sheetName}
                    labelClassName="hidden desktop:inline"
                  />
                ) : null}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** The last update, with the full date as its title; "-" without one. */
function SentDate({ date, className }: { date: SentRow["date"]; className?: string }) {
  if (!date) return <span className={className}>-</span>;
  return (
    <time dateTime={date.iso} title={date.long} className={className}>
      {date.text}
    </time>
  );
}
