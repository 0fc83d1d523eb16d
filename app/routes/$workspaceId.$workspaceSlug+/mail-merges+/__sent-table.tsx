import { Link } from "@remix-run/react";
import type { ListQuery, ListQueryOptions } from "~/domain/list-query";
import { sentTexts, type SentSort } from "~/domain/mail-merges";
import type { SentDetailHref, SentRow } from "./sent.server";
import { SheetLink } from "./__sheet-link";
import { SortableHeader } from "~/components/ui/list-controls";
import { PercentBar } from "./__percent-bar";

/**
 * The Sent tab's table (002 §2): Sheet Name and Date sort (links, so they
 * work without JavaScript); each sheet name opens the merge's detail dialog.
 */
export function SentTable({
  rows,
  detailHref,
  query,
  options,
}: {
  rows: SentRow[];
  /** A row's detail dialog is this prefix, its id, then this search. */
  detailHref: SentDetailHref;
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
              className="wide-column"
            >
              {columns.date}
            </SortableHeader>
            <th scope="col" className="text-right">
              {columns.sent}
            </th>
            <th scope="col">{columns.opened}</th>
            <th scope="col">{columns.clicked}</th>
            <th scope="col" className="wide-column">
              <span className="sr-only">{columns.sheetLink}</span>
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {rows.map((row) => (
            <tr key={row.campaignId}>
              <th scope="row">
                {/* Focus shows the page's own :focus-visible outline. */}
                <Link
                  to={`${detailHref.prefix}${encodeURIComponent(row.campaignId)}${detailHref.search}`}
                  preventScrollReset
                  className="row-link"
                >
                  <span>{row.spreadsheetName}</span>
                  <span>{row.sheetName}</span>
                </Link>
                <span className="row-date">{row.date ?? "-"}</span>
              </th>
              <td className="date-cell">{row.date ?? "-"}</td>
              <td className="number-cell">
                {row.sent}
                <span className="number-unit">{sentTexts.sentSuffix}</span>
              </td>
              <td>
                <PercentBar percent={row.openedPercent} />
              </td>
              <td>
                <PercentBar percent={row.clickedPercent} />
              </td>
              <td className="link-cell">
                <SheetLink sheetKey={row.sheetKey} spreadsheetName={row.spreadsheetName} sheetName={row.sheetName} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
