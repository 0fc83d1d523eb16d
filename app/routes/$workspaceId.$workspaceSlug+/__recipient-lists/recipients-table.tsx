import { Link, useLocation, useNavigation } from "@remix-run/react";
import { useId } from "react";
import { listHref, type ListQuery } from "~/domain/list-query";
import {
  recipientFields,
  recipientIntents,
  recipientListOptions,
  recipientParams,
  sharedRecipientTexts,
  type RecipientSort,
  type RecipientTexts,
} from "~/domain/recipients";
import { SortableHeader } from "~/components/ui/list-controls";

export interface RecipientRow {
  email: string;
  /** In the user's time zone. */
  date: string;
  /** ISO, for <time dateTime>. */
  dateTime: string;
  /** The space's shared entry, or the user's own: an address may be listed once for each. */
  type: "WORKSPACE" | "USER";
  canDelete: boolean;
}

/**
 * The recipients table (002 §2): Email address and Date, both sortable by
 * link, and a delete action per row that opens the confirmation (URL state,
 * ?confirm=<address>). Entries this member may not delete (002 §6) show a
 * disabled button explained under the table.
 */
export function RecipientsTable({
  rows,
  query,
  texts,
}: {
  rows: RecipientRow[];
  query: ListQuery<RecipientSort>;
  texts: RecipientTexts;
}) {
  const { pathname, search } = useLocation();
  const navigation = useNavigation();
  const noteId = useId();
  const params = new URLSearchParams(search);
  const deleting =
    navigation.formData?.get(recipientFields.intent) === recipientIntents.delete
      ? String(navigation.formData.get(recipientFields.address))
      : null;
  const confirmHref = (email: string) =>
    listHref(pathname, search, {
      [recipientParams.confirm]: email,
      [recipientParams.result]: null,
      [recipientParams.count]: null,
      page: params.get("page"),
    });
  const anyBlocked = rows.some((row) => !row.canDelete);

  return (
    <div className="list-frame overflow-hidden rounded-lg bg-white shadow-sm ring-1 ring-slate-200">
      <div className="overflow-x-auto">
        <table className="min-w-full divide-y divide-slate-200 text-sm">
          <caption className="sr-only">{texts.tableCaption}</caption>
          <thead className="bg-slate-50">
            <tr>
              <SortableHeader
                column="email"
                query={query}
                defaultSort={recipientListOptions.defaultSort}
                defaultDirs={recipientListOptions.defaultDirs}
              >
                {sharedRecipientTexts.emailColumn}
              </SortableHeader>
              <SortableHeader
                column="date"
                query={query}
                defaultSort={recipientListOptions.defaultSort}
                defaultDirs={recipientListOptions.defaultDirs}
                className="hidden mobile:table-cell"
              >
                {sharedRecipientTexts.dateColumn}
              </SortableHeader>
              <th
                scope="col"
                className="px-4 py-3 text-right text-xs font-semibold uppercase tracking-wide text-slate-600"
              >
                {sharedRecipientTexts.deleteColumn}
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {rows.map((row) => (
              <tr key={`${row.email} ${row.type}`} aria-busy={deleting === row.email || undefined}>
                <td className="max-w-[13rem] px-4 py-3 mobile:max-w-[20rem] tablet:max-w-none">
                  {/* Wrapped, never cut: a phone shows the whole address (issue 9). */}
                  <span className="block break-all font-medium text-slate-900">{row.email}</span>
                  {/* Narrow screens: the date goes under the address instead of in its own column. */}
                  <time dateTime={row.dateTime} className="block text-xs text-slate-500 mobile:hidden">
                    {row.date}
                  </time>
                </td>
                <td className="hidden whitespace-nowrap px-4 py-3 text-slate-600 mobile:table-cell">
                  <time dateTime={row.dateTime}>{row.date}</time>
                </td>
                <td className="px-4 py-3 text-right">
                  {deleting === row.email ? (
                    <span role="status" className="inline-flex items-center gap-2 text-slate-600">
                      <span
                        aria-hidden="true"
                        className="h-4 w-4 animate-spin rounded-full border-2 border-slate-300 border-t-brand-600"
                      />
                      <span className="sr-only">{sharedRecipientTexts.deleteLabel(row.email)}</span>
                    </span>
                  ) : row.canDelete ? (
                    <Link
                      to={confirmHref(row.email)}
                      preventScrollReset
                      aria-label={sharedRecipientTexts.deleteLabel(row.email)}
                      className="inline-block rounded-md px-2 py-1 font-semibold text-red-700 hover:bg-red-50"
                    >
                      {sharedRecipientTexts.deleteLink}
                    </Link>
                  ) : (
                    <button
                      type="button"
                      disabled
                      aria-label={sharedRecipientTexts.deleteLabel(row.email)}
                      aria-describedby={noteId}
                      title={texts.deleteBlocked}
                      className="inline-block cursor-not-allowed rounded-md px-2 py-1 font-semibold text-slate-400"
                    >
                      {sharedRecipientTexts.deleteLink}
                      <span aria-hidden="true">*</span>
                    </button>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {anyBlocked ? (
        <p id={noteId} className="border-t border-slate-100 px-4 py-3 text-xs text-slate-600">
          <span aria-hidden="true">* </span>
          {texts.deleteBlocked}
        </p>
      ) : null}
    </div>
  );
}
