import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useLocation, useSubmit } from "@remix-run/react";
import { useEffect, useState } from "react";
import { Banner, buttonClass, InfoTooltip, lazyHydrated } from "~/components/ui";
import { ColumnHeader, EmptyState, ListTable, SearchForm, SortableHeader } from "~/components/ui/list-controls";
import { SyncedCheckbox } from "~/components/ui/synced-checkbox";
import { legacyUsersTexts } from "~/domain/legacy-users-texts";
import { externalLinks } from "~/domain/external-links";
import { KEEP_FIELD, LEGACY_CHOICE, LEGACY_INTENTS, legacyUserQueryOptions } from "~/domain/legacy-users";
import { listHref } from "~/domain/list-query";
import { pageTitle } from "~/domain/page-title";
import { pageTexts } from "~/domain/page-texts";
import { AddMembersLink } from "../__members/add-link";
import { CheckoutHeader } from "./__steps/checkout-header";
import { legacyUsersAction, loadLegacyUsers } from "./legacy.users.server";

/** The Add users dialog, whose code loads after the page as on the members page (the server renders it in full). */
const AddMembersDialog = lazyHydrated("legacy-users-add-dialog", () =>
  import("../__members/add-dialog").then((module) => module.AddMembersDialog),
);

const texts = legacyUsersTexts;
/** The search keeps the sort and the choice. */
const SEARCH_KEEPS = ["sort", "dir", LEGACY_CHOICE.keep, LEGACY_CHOICE.remove];

export const loader = (args: LoaderFunctionArgs) => loadLegacyUsers(args);

export const action = (args: ActionFunctionArgs) => legacyUsersAction(args);

/**
 * 001 §2 Legacy users screen: the members page's list controls (search,
 * sortable headers, empty and no-match states, all in the URL) around a
 * form of "Keep" boxes. The choice is URL state too, so a search or a sort
 * keeps it: without JavaScript "Update the count" puts it there (and the
 * server counts); with JavaScript the counter follows each box at once and
 * the choice follows into the URL by itself.
 */
export default function LegacyUsers() {
  const page = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const refused = answer && "failed" in answer ? answer : null;
  const addAnswer = answer && "add" in answer ? answer.add : null;
  const kept = new Set(refused?.kept ?? page.kept);
  const { pathname, search } = useLocation();
  const submit = useSubmit();
  const [liveCount, setLiveCount] = useState<number | null>(null);
  // A new answer from the server counts the choice it shows.
  useEffect(() => setLiveCount(null), [page, answer]);
  const listIsEmpty = page.total === 0;
  // Kept users without a box of their own to send them: hidden by the search, or locked (a disabled box is not sent).
  const boxes = new Set(page.rows.filter((row) => !row.locked).map((row) => row.id));
  const unboxed = [...kept].filter((id) => !boxes.has(id));

  return (
    <>
      <CheckoutHeader title={pageTexts.legacyUsers.title} backTo={page.backTo} steps={[]} current={null} />
      <div className="flex max-w-3xl flex-col gap-4">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <p className="text-sm font-medium text-slate-900">{texts.intro}</p>
          {page.add && page.add.mode === "addUsers" ? (
            <AddMembersLink add={page.add} to={listHref(pathname, search, { dialog: "add" })} />
          ) : null}
        </div>
        {listIsEmpty ? null : <SearchForm label={texts.search} q={page.query.q} keep={SEARCH_KEEPS} />}
        {refused ? <Banner tone="error" title={refused.failed} /> : null}
        <Form
          method="post"
          preventScrollReset
          onChange={(event) => {
            const form = new FormData(event.currentTarget);
            setLiveCount(new Set(form.getAll(KEEP_FIELD)).size);
            form.set("intent", LEGACY_INTENTS.update);
            submit(form, { method: "post", replace: true, preventScrollReset: true });
          }}
          className="flex flex-col gap-4"
        >
          {unboxed.map((id) => (
            <input key={id} type="hidden" name={KEEP_FIELD} value={id} />
          ))}
          {page.rows.length > 0 ? (
            <UsersTable rows={page.rows} query={page.query} kept={kept} />
          ) : listIsEmpty ? (
            <EmptyState title={texts.empty.title}>{texts.empty.text}</EmptyState>
          ) : (
            <EmptyState title={texts.noMatch.title}>{texts.noMatch.text}</EmptyState>
          )}
          <p aria-live="polite" className="text-sm text-slate-700">
            {texts.counter(liveCount ?? kept.size, page.max)}
          </p>
          {page.total > page.max ? (
            <p className="text-sm text-slate-700">
              {texts.largeList}{" "}
              <a href={externalLinks.contactUs} className="font-semibold text-brand-700 underline">
                {texts.contactUs}
              </a>
            </p>
          ) : null}
          <div className="flex flex-wrap justify-end gap-3">
            <noscript>
              <button type="submit" name="intent" value={LEGACY_INTENTS.update} className={buttonClass("secondary")}>
                {texts.update}
              </button>
            </noscript>
            <button type="submit" name="intent" value={LEGACY_INTENTS.next} className={buttonClass("primary")}>
              {texts.next}
            </button>
          </div>
        </Form>
      </div>
      {page.add && page.add.mode === "addUsers" && (page.add.open || addAnswer) ? (
        <AddMembersDialog
          add={page.add}
          mode={page.add.mode}
          answer={addAnswer}
          closeTo={listHref(pathname, search, { dialog: null })}
          labels={{
            statement: texts.addUsers.statement(page.add.domains),
            submit: texts.addUsers.submit,
            done: texts.added,
          }}
        />
      ) : null}
    </>
  );
}

type Page = ReturnType<typeof useLoaderData<typeof loader>>;
type Row = Page["rows"][number];

/** The users with their box, sortable by e-mail and status (the list's shared headers). */
function UsersTable({ rows, query, kept }: { rows: Row[]; query: Page["query"]; kept: ReadonlySet<string> }) {
  const { defaultSort, defaultDirs } = legacyUserQueryOptions;
  return (
    <ListTable
      caption={texts.caption}
      header={
        <>
          <ColumnHeader className="w-10">
            <span className="sr-only">{texts.columns.keep}</span>
          </ColumnHeader>
          <SortableHeader column="email" query={query} defaultSort={defaultSort} defaultDirs={defaultDirs}>
            {texts.columns.email}
          </SortableHeader>
          <SortableHeader column="status" query={query} defaultSort={defaultSort} defaultDirs={defaultDirs}>
            {texts.columns.status}
          </SortableHeader>
        </>
      }
    >
      {rows.map((row) => (
        <tr key={row.id}>
          <td className="px-4 py-3">
            {/* Follows the choice the page shows (after Back, or a refused Next), keeping focus. */}
            <SyncedCheckbox
              name={KEEP_FIELD}
              value={row.id}
              checked={row.locked || kept.has(row.id)}
              disabled={row.locked}
              aria-label={texts.keep(row.email)}
              className="h-4 w-4 rounded border-slate-300"
            />
          </td>
          <td className="break-all px-4 py-3 text-slate-900">{row.email}</td>
          <td className="px-4 py-3 text-slate-700">
            <StatusCell status={row.status} />
          </td>
        </tr>
      ))}
    </ListTable>
  );
}

/** 001 §2: Active, Pending, Disabled with its tooltip, any other status capitalised. */
function StatusCell({ status }: { status: string }) {
  const name = texts.status[status] ?? `${status.charAt(0)}${status.slice(1).toLowerCase()}`;
  if (status !== "DISABLED") return <>{name}</>;
  return (
    <span className="inline-flex items-center gap-1">
      {name}
      <InfoTooltip text={texts.disabledTip} label={texts.disabledTip} />
    </span>
  );
}

export const meta = () => pageTitle(pageTexts.legacyUsers.title);

export { GeneralErrorBoundary as ErrorBoundary } from "~/components/ui";
