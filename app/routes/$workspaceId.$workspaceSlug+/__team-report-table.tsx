import type { ListQuery } from "~/domain/list-query";
import { teamReportQueryOptions, teamReportTexts, type TeamReportSort } from "~/domain/team-report";
import { Avatar } from "~/components/ui";
import { SortableHeader } from "~/components/ui/list-controls";

export interface TeamReportTableRow {
  userId: string;
  name: string;
  email: string;
  pictureUrl: string | null;
  lastEmail: string;
  sentThisMonth: string;
  sentAllTime: string;
}

const cell = "px-4 py-3 text-sm";
const numberCell = `${cell} text-right tabular-nums`;

/**
 * The team report table (002 §2): name with avatar (its header reads 'Sheet
 * Name', as in the product), last e-mail, sent this month, sent all time.
 * Headers are links, so sorting works without JavaScript.
 */
export function TeamReportTable({ rows, query }: { rows: TeamReportTableRow[]; query: ListQuery<TeamReportSort> }) {
  const texts = teamReportTexts.table;
  const { defaultSort, defaultDirs } = teamReportQueryOptions;
  return (
    <div className="list-frame overflow-x-auto rounded-lg bg-white shadow-sm ring-1 ring-slate-200">
      <table className="min-w-full divide-y divide-slate-200">
        <caption className="sr-only">{texts.caption}</caption>
        <thead className="bg-slate-50">
          <tr>
            <SortableHeader column="name" query={query} defaultSort={defaultSort} defaultDirs={defaultDirs}>
              {texts.name}
            </SortableHeader>
            <th
              scope="col"
              className="px-4 py-3 text-left text-xs font-semibold uppercase tracking-wide text-slate-600"
            >
              {texts.lastEmail}
            </th>
            <SortableHeader
              column="month"
              query={query}
              defaultSort={defaultSort}
              defaultDirs={defaultDirs}
              className="text-right"
            >
              {texts.sentThisMonth}
            </SortableHeader>
            <SortableHeader
              column="all"
              query={query}
              defaultSort={defaultSort}
              defaultDirs={defaultDirs}
              className="text-right"
            >
              {texts.sentAllTime}
            </SortableHeader>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {rows.map((row) => (
            <tr key={row.userId}>
              <th scope="row" className={`${cell} text-left font-normal`}>
                <div className="flex items-center gap-3">
                  <Avatar name={row.name} pictureUrl={row.pictureUrl} />
                  <div className="min-w-0">
                    <p className="truncate font-medium text-slate-900">{row.name}</p>
                    <p className="truncate text-slate-600">{row.email}</p>
                  </div>
                </div>
              </th>
              <td className={`${cell} whitespace-nowrap text-slate-700`}>{row.lastEmail}</td>
              <td className={numberCell}>{row.sentThisMonth}</td>
              <td className={numberCell}>{row.sentAllTime}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
