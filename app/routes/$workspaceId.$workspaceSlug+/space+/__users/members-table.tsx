import { Avatar } from "~/components/ui";
import { ColumnHeader, ListTable, SortableHeader } from "~/components/ui/list-controls";
import { SyncedCheckbox } from "~/components/ui/synced-checkbox";
import type { ListQuery } from "~/domain/list-query";
import { memberQueryOptions, memberTexts, SELECTED_PARAM, type DisplayStatus, type MemberSort } from "~/domain/members";
import type { MemberRow } from "../users.server";

const badgeTones: Record<DisplayStatus, string> = {
  active: "bg-emerald-50 text-emerald-800 ring-emerald-600/20",
  pending: "bg-amber-50 text-amber-800 ring-amber-600/20",
  disabled: "bg-slate-100 text-slate-700 ring-slate-500/20",
  freeTrial: "bg-sky-50 text-sky-800 ring-sky-600/20",
};

/** Cells are tighter on phones, where the type column stays beside the name and the status. */
const padding = "px-2 mobile:px-4";
const cell = `${padding} py-3`;

/** The selection is this page's rows: another page or order drops it (issue 26). */
const ROW_STATE = [SELECTED_PARAM];

/**
 * The member table (002 §2): avatar, name and e-mail, role, type (Free or
 * Paid) and status, sortable by link. A status's explanation (002 §8 disabled
 * badges, a trial's end, a downgrade at renewal) is written under its badge,
 * so it reads without hovering. On phones the e-mail and the role go under
 * the name; the type keeps its column. Each box follows the URL's selection
 * without being remounted, so it keeps focus while ticked with the keyboard.
 */
export function MembersTable({
  rows,
  query,
  footer,
  selected = null,
}: {
  rows: MemberRow[];
  query: ListQuery<MemberSort>;
  footer?: React.ReactNode;
  /** The ids checked, when the viewer may select members (the table then sits in the selection form). */
  selected?: readonly string[] | null;
}) {
  const texts = memberTexts.table;
  const sorting = { query, defaultSort: memberQueryOptions.defaultSort, defaultDirs: memberQueryOptions.defaultDirs };
  return (
    <ListTable
      caption={texts.caption}
      footer={footer}
      header={
        <>
          {selected ? (
            <ColumnHeader padding={padding} className="w-10">
              <span className="sr-only">{texts.select}</span>
            </ColumnHeader>
          ) : null}
          <SortableHeader column="name" {...sorting} padding={padding} resets={ROW_STATE}>
            {texts.name}
          </SortableHeader>
          <SortableHeader
            column="email"
            {...sorting}
            padding={padding}
            resets={ROW_STATE}
            className="hidden laptop:table-cell"
          >
            {texts.email}
          </SortableHeader>
          <SortableHeader
            column="role"
            {...sorting}
            padding={padding}
            resets={ROW_STATE}
            className="hidden mobile:table-cell"
          >
            {texts.role}
          </SortableHeader>
          <ColumnHeader padding={padding}>{texts.type}</ColumnHeader>
          <ColumnHeader padding={padding}>{texts.status}</ColumnHeader>
        </>
      }
    >
      {rows.map((row) => (
        <tr key={row.id}>
          {selected ? (
            <td className={cell}>
              <SyncedCheckbox
                name={SELECTED_PARAM}
                value={row.id}
                checked={selected.includes(row.id)}
                aria-label={texts.selectMember(row.name)}
                className="h-4 w-4 rounded border-slate-300"
              />
            </td>
          ) : null}
          <td className={cell}>
            <div className="flex min-w-0 items-center gap-3">
              <span className="hidden mobile:contents">
                <Avatar name={row.name} />
              </span>
              <div className="min-w-0">
                <span className="block max-w-[8rem] truncate font-medium text-slate-900 mobile:max-w-[16rem]">
                  {row.name}
                </span>
                {/* Narrower screens: the e-mail (and on phones the role) go under the name. */}
                <span className="block max-w-[8rem] truncate text-xs text-slate-500 mobile:max-w-[16rem] laptop:hidden">
                  {row.email}
                </span>
                <span className="block text-xs text-slate-500 mobile:hidden">{memberTexts.roles[row.role]}</span>
              </div>
            </div>
          </td>
          <td className={`hidden ${cell} text-slate-600 laptop:table-cell`}>{row.email}</td>
          <td className={`hidden whitespace-nowrap ${cell} text-slate-700 mobile:table-cell`}>
            {memberTexts.roles[row.role]}
          </td>
          <td className={`whitespace-nowrap ${cell} text-slate-700`}>
            {row.paid ? memberTexts.types.paid : memberTexts.types.free}
          </td>
          <td className={cell}>
            <span
              className={`inline-flex whitespace-nowrap rounded-full px-2 py-0.5 text-xs font-medium ring-1 ring-inset ${badgeTones[row.status]}`}
            >
              {memberTexts.statuses[row.status]}
            </span>
            {row.note ? (
              <span className="mt-1 block max-w-[7rem] text-xs text-slate-600 mobile:max-w-[14rem]">{row.note}</span>
            ) : null}
          </td>
        </tr>
      ))}
    </ListTable>
  );
}
