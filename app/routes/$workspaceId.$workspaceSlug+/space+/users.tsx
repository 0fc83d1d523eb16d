import type { ActionFunctionArgs, LoaderFunctionArgs, MetaArgs } from "@remix-run/node";
import { useActionData, useLoaderData, useLocation } from "@remix-run/react";
import { EmptyState, Pagination, SearchForm } from "~/components/ui/list-controls";
import { PageHeading, lazyHydrated } from "~/components/ui";
import { listHref } from "~/domain/list-query";
import { memberTexts, SELECTED_PARAM } from "~/domain/members";
import { addLinkTexts } from "~/domain/add-members-link";
import { pageTitle } from "~/domain/page-title";
import { pageTexts } from "~/domain/page-texts";
import { AddMembersLink } from "../__members/add-link";
import { SelectionForm } from "./__users/selection-form";
import { MembersTable } from "./__users/members-table";
import { CancelDowngradeLink, DowngradeBanner } from "../__billing/downgrade-banner";
import { SeatCounter } from "./__users/seat-counter";
import { loadMembersPage, membersAction } from "./users.server";
import { shellDataOf } from "../__shell/use-shell-data";
import { seatDowngradeTexts } from "~/domain/seat-downgrade";

export const loader = (args: LoaderFunctionArgs) => loadMembersPage(args);

export const action = (args: ActionFunctionArgs) => membersAction(args);

function texts(isPerSeat: boolean) {
  return isPerSeat ? pageTexts.members : pageTexts.manageUsers;
}

/**
 * Members (per-seat) or Manage Users (002 §2): the seats and their
 * downgrade, who to ask for more, and the searchable, sortable member table.
 * The list state and the seats dialog are in the URL: all of it works
 * before JavaScript loads.
 */
/* The dialogs' and the drawer's code comes after the page's first load (ARCHITECTURE budgets); the server renders them in full. */
const AddMembersDialog = lazyHydrated("members-add-dialog", () =>
  import("../__members/add-dialog").then((module) => module.AddMembersDialog),
);
const AddBlockedDialog = lazyHydrated("members-add-blocked-dialog", () =>
  import("../__members/add-dialog").then((module) => module.AddBlockedDialog),
);
const ManageSeatsDialog = lazyHydrated("members-seats-dialog", () =>
  import("./__users/seats").then((module) => module.ManageSeatsDialog),
);
const MembersDrawer = lazyHydrated("members-drawer", () =>
  import("./__users/drawer").then((module) => module.MembersDrawer),
);

export default function UsersPage() {
  const data = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const addAnswer = answer && "add" in answer ? answer.add : null;
  const drawerError = answer && "drawerError" in answer ? answer.drawerError : null;
  const { pathname, search } = useLocation();
  const keepPage = { page: new URLSearchParams(search).get("page") };
  const closeDialog = listHref(pathname, search, { dialog: null, ...keepPage });
  const { query, rows, seats, role } = data;
  const listIsEmpty = rows.length === 0 && query.page === 1 && !query.q;
  const removal = seats?.removal ?? null;

  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <PageHeading>{texts(data.isPerSeat).heading(data.spaceName)}</PageHeading>
        <div className="flex flex-wrap items-center gap-4">
          {seats ? (
            <SeatCounter seats={seats} manageTo={listHref(pathname, search, { dialog: "seats", ...keepPage })} />
          ) : null}
          {data.add ? (
            <AddMembersLink add={data.add} to={listHref(pathname, search, { dialog: "add", ...keepPage })} />
          ) : null}
        </div>
      </div>

      <DowngradeBanner removal={removal} isOwner={role === "OWNER"} />

      {data.isPerSeat && role !== "OWNER" ? (
        <p className="text-sm text-slate-700">
          {addLinkTexts.nonOwnerNotice}
          {data.ownerEmail ? (
            <>
              {" "}
              <a href={`mailto:${data.ownerEmail}`} className="font-semibold text-brand-700 underline">
                {data.ownerEmail}
              </a>
            </>
          ) : null}
        </p>
      ) : null}
      {data.hints ? (
        <div className="text-sm text-slate-700">
          <p>{memberTexts.hintsIntro}</p>
          <ul className="mt-1 list-inside list-disc">
            {data.hints.map((hint) => (
              <li key={hint}>{hint}</li>
            ))}
          </ul>
        </div>
      ) : null}

      <section aria-label={memberTexts.table.caption} className="flex flex-col gap-4">
        {listIsEmpty ? null : (
          <SearchForm
            label={memberTexts.search.label}
            placeholder={memberTexts.search.placeholder}
            q={query.q}
            keep={["sort", "dir"]}
          />
        )}
        {rows.length > 0 ? (
          <SelectableTable selectable={data.canSelect}>
            <MembersTable
              rows={rows}
              query={query}
              selected={data.canSelect ? data.selectedIds : null}
              footer={
                removal && role === "OWNER" ? (
                  <div className="flex flex-wrap items-center justify-between gap-3 border-t border-slate-100 px-4 py-3 text-sm text-slate-700">
                    <span>{seatDowngradeTexts.footer(removal.seatsRemoved)}</span>
                    <CancelDowngradeLink />
                  </div>
                ) : null
              }
            />
          </SelectableTable>
        ) : listIsEmpty ? (
          <EmptyState title={memberTexts.empty.title}>{memberTexts.empty.text}</EmptyState>
        ) : (
          <EmptyState title={memberTexts.noMatch.title}>{memberTexts.noMatch.text}</EmptyState>
        )}
        {data.drawer ? <MembersDrawer drawer={data.drawer} error={drawerError} /> : null}
        {/* The selection is this page's rows: the other pages' links leave it behind (issue 26). */}
        <Pagination page={query.page} hasNextPage={data.hasNextPage} resets={[SELECTED_PARAM]} />
      </section>

      {data.showSeatsDialog && seats?.canManage ? (
        <ManageSeatsDialog seats={seats} checkout={data.checkout} closeTo={closeDialog} />
      ) : null}
      {data.add && (data.add.open || addAnswer) ? (
        data.add.mode === "blocked" ? (
          <AddBlockedDialog closeTo={closeDialog} legacyType={data.legacyType} />
        ) : (
          <AddMembersDialog add={data.add} mode={data.add.mode} answer={addAnswer} closeTo={closeDialog} />
        )
      ) : null}
    </div>
  );
}

/** Owners and admins select members in the selection form; others just read the table. */
function SelectableTable({ selectable, children }: { selectable: boolean; children: React.ReactNode }) {
  return selectable ? <SelectionForm>{children}</SelectionForm> : <>{children}</>;
}

/** The shell knows the space's model too: a refused action renders the error boundary without the page's data. */
export const meta = ({ data, matches }: MetaArgs<typeof loader>) => {
  const shell = shellDataOf(matches);
  const isPerSeat = data?.isPerSeat ?? (shell && !shell.disabled ? shell.workspace.isPerSeat : false);
  return pageTitle(texts(isPerSeat).title);
};

export { GeneralErrorBoundary as ErrorBoundary } from "~/components/ui";
