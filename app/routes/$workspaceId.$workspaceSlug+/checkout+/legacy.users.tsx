import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useLocation, useSearchParams } from "@remix-run/react";
import { z } from "zod";
import { listAllMembers, markMembersToBeRemoved } from "~/api/members.server";
import { buttonClass } from "~/components/ui/button";
import { InfoTooltip } from "~/components/ui/info-tooltip";
import { perUserTexts } from "~/domain/billing-texts";
import { bannerQuery } from "~/domain/banners";
import { externalLinks } from "~/domain/external-links";
import { listHref } from "~/domain/list-query";
import { MEMBER_INTENTS } from "~/domain/members";
import { legacyMarks } from "~/domain/per-user-checkout";
import { pageTitle } from "~/domain/page-title";
import { pageTexts } from "~/domain/page-texts";
import { spacePath } from "~/domain/space-paths";
import { redirectInSession } from "~/utils/auth.server";
import { requireAccess, requireSpace } from "~/utils/space.server";
import { billingPage } from "../__billing/space-billing.server";
import { AddMembersDialog } from "../__members/add-dialog";
import { AddMembersLink } from "../__members/add-link";
import { addDialog, addMembers, userLimit } from "../__members/add-members.server";
import { CheckoutHeader } from "./__steps/checkout-header";
import { perUserSections } from "./__steps/per-user.server";

const texts = perUserTexts.legacyUsers;
type Sort = "email" | "status";
const querySchema = z.object({
  sort: z.enum(["email", "status"]).catch("email"),
  dir: z.enum(["asc", "desc"]).catch("asc"),
  q: z.string().trim().max(100).catch(""),
});
const keepSchema = z.array(z.string().regex(/^[\w-]{1,200}$/)).max(500);
const INTENTS = { add: MEMBER_INTENTS.add, next: "next" } as const;
const intentSchema = z.enum([INTENTS.add, INTENTS.next]);
const DIALOG_PARAM = "dialog";

/**
 * 001 §4 Legacy users page: billing access and a LEGACY space (any other
 * goes to the space page); the members, sorted and searched as the query
 * says (pending ones listed, though only members can be marked: they are
 * not members yet), and how many hold a paid place against the limit.
 */
async function loadLegacy(args: LoaderFunctionArgs | ActionFunctionArgs) {
  const space = await requireSpace(args);
  requireAccess(space, (access) => access.canAccessBilling, "");
  if (space.workspace.workspacePlan !== "LEGACY") throw redirect(spacePath(space.urlPrefix, "space"));
  const query = querySchema.parse(Object.fromEntries(new URL(args.request.url).searchParams));
  // Every member, whatever the search: the paid places count them all (001 §5).
  const members = await listAllMembers(space.auth, space.workspace.workspaceId, {
    search: "",
    sortBy: query.sort === "email" ? `userEmail:${query.dir}` : "userEmail",
  });
  const needle = query.q.toLowerCase();
  const rows = members.filter(
    (member) => member.userEmail.toLowerCase().includes(needle) || member.userName.toLowerCase().includes(needle),
  );
  if (query.sort === "status") {
    rows.sort((a, b) => a.status.localeCompare(b.status) * (query.dir === "asc" ? 1 : -1));
  }
  const paidCount = members.filter((member) => member.userPlan !== "FREE").length;
  return { space, query, rows, paidCount, max: userLimit(space, "PRO") };
}

/**
 * The list (001 §2 Legacy users screen): every member not marked for
 * removal starts selected; the counter against the plan's user limit;
 * the Add users dialog (001 §2) at `?dialog=add`.
 */
export async function loader(args: LoaderFunctionArgs) {
  const { space, query, rows, paidCount, max } = await loadLegacy(args);
  const open = new URL(args.request.url).searchParams.get(DIALOG_PARAM) === "add";
  return {
    spaceName: space.workspace.workspaceName,
    backTo: billingPage(space),
    add: addDialog(space, null, paidCount, open),
    query,
    rows: rows.map((member) => ({
      id: member.userId,
      email: member.userEmail,
      status: member.status,
      owner: member.userRole === "OWNER",
      pending: member.status === "PENDING",
      kept: !member.toBeRemoved,
    })),
    max,
  };
}

/**
 * Add users (001 §5): within the plan's user limit, every address checked
 * first, then back here with 001 §2's banner. Next: Billing options: the
 * checked members are kept and the others marked for removal (the owner
 * always stays; pending invitees cannot be marked), then checkout with the
 * plan and cycle (001 §4); a failure keeps the choice with 001 §8's message.
 */
export async function action(args: ActionFunctionArgs) {
  const { space, rows, paidCount, max } = await loadLegacy(args);
  const formData = await args.request.formData();
  const intent = intentSchema.safeParse(formData.get("intent"));
  if (!intent.success) throw new Response("Unknown intent", { status: 400 });
  if (intent.data === INTENTS.add) {
    const here = spacePath(space.urlPrefix, perUserSections.legacyUsers);
    return addMembers(space, formData, {
      done: (added) => `${here}?${bannerQuery({ banner: "users-added", added })}`,
      checkFirst: { limit: max, paidCount },
    });
  }
  const keep = keepSchema.safeParse(formData.getAll("keep"));
  if (!keep.success) throw new Response("Bad request", { status: 400 });
  const kept = new Set(keep.data);
  const marks = legacyMarks(
    rows
      .filter((member) => member.status !== "PENDING")
      .map((member) => ({ id: member.userId, role: member.userRole })),
    kept,
  );
  try {
    if (marks.length > 0) await markMembersToBeRemoved(space.auth, space.workspace.workspaceId, marks);
  } catch (error) {
    if (error instanceof Response) throw error;
    return data({ failed: texts.failed, kept: [...kept] }, { status: 502 });
  }
  const next = new URLSearchParams({ plan: "PRO", interval: "YEARLY" });
  throw redirectInSession(space.auth, `${spacePath(space.urlPrefix, perUserSections.options)}?${next}`);
}

export default function LegacyUsers() {
  const page = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const refused = answer && "failed" in answer ? answer : null;
  const addAnswer = answer && "add" in answer ? answer.add : null;
  const kept = new Set(refused?.kept ?? page.rows.filter((row) => row.kept).map((row) => row.id));
  const [search] = useSearchParams();
  const { pathname } = useLocation();
  const sortHref = (sort: Sort) => {
    const next = new URLSearchParams(search);
    next.delete(DIALOG_PARAM);
    next.set("sort", sort);
    next.set("dir", page.query.sort === sort && page.query.dir === "asc" ? "desc" : "asc");
    return `?${next}`;
  };
  const sortState = (sort: Sort) =>
    page.query.sort === sort ? (page.query.dir === "asc" ? "ascending" : "descending") : undefined;
  return (
    <>
      <CheckoutHeader title={pageTexts.legacyUsers.title} backTo={page.backTo} steps={[]} current={null} />
      <div className="max-w-3xl rounded-lg bg-white p-6 shadow-sm ring-1 ring-slate-200">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <p className="text-sm font-medium text-slate-900">{texts.intro}</p>
          {page.add && page.add.mode === "addUsers" ? (
            <AddMembersLink add={page.add} to={listHref(pathname, search.toString(), { [DIALOG_PARAM]: "add" })} />
          ) : null}
        </div>
        <Form method="get" className="mt-4 flex gap-2">
          <label htmlFor="legacy-search" className="sr-only">
            {texts.search}
          </label>
          <input
            id="legacy-search"
            name="q"
            type="search"
            defaultValue={page.query.q}
            className="w-full rounded-md border-slate-300 text-sm"
          />
          <button type="submit" className={buttonClass("secondary")}>
            {texts.search}
          </button>
        </Form>
        {refused?.failed ? (
          <p role="alert" className="mt-4 rounded-md bg-red-50 p-3 text-sm text-red-800">
            {refused.failed}
          </p>
        ) : null}
        <Form method="post" className="mt-4">
          {page.rows.length === 0 ? (
            <div className="py-8 text-center text-sm">
              <p className="font-semibold text-slate-900">{page.query.q ? texts.noMatch.title : texts.empty.title}</p>
              <p className="text-slate-700">{page.query.q ? texts.noMatch.text : texts.empty.text}</p>
            </div>
          ) : (
            <table className="w-full text-left text-sm">
              <thead className="text-slate-600">
                <tr>
                  <th scope="col" className="w-12 py-2 font-medium">
                    <span className="sr-only">{texts.columns.keep}</span>
                  </th>
                  <th scope="col" aria-sort={sortState("email")} className="py-2 pr-4 font-medium">
                    <Link to={sortHref("email")} aria-label={texts.sortBy(texts.columns.email)} className="underline">
                      {texts.columns.email}
                    </Link>
                  </th>
                  <th scope="col" aria-sort={sortState("status")} className="py-2 font-medium">
                    <Link to={sortHref("status")} aria-label={texts.sortBy(texts.columns.status)} className="underline">
                      {texts.columns.status}
                    </Link>
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-200">
                {page.rows.map((row) => (
                  <tr key={row.id}>
                    <td className="py-2">
                      <input
                        type="checkbox"
                        name="keep"
                        value={row.id}
                        defaultChecked={row.owner || row.pending || kept.has(row.id)}
                        disabled={row.owner || row.pending}
                        aria-label={texts.keep(row.email)}
                      />
                    </td>
                    <td className="break-all py-2 pr-4 text-slate-900">{row.email}</td>
                    <td className="py-2 text-slate-700">
                      <StatusCell status={row.status} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
          <p className="mt-4 text-sm text-slate-700">{texts.counter(kept.size, page.max)}</p>
          {page.rows.length > page.max ? (
            <p className="mt-2 text-sm text-slate-700">
              {texts.largeList}{" "}
              <a href={externalLinks.contactUs} className="font-semibold text-brand-700 underline">
                {texts.contactUs}
              </a>
            </p>
          ) : null}
          <div className="mt-6 flex justify-end">
            <button type="submit" name="intent" value={INTENTS.next} className={buttonClass("primary")}>
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
          closeTo={listHref(pathname, search.toString(), { [DIALOG_PARAM]: null })}
          labels={{
            statement: perUserTexts.addUsers.statement(page.add.domains),
            submit: perUserTexts.addUsers.submit,
          }}
        />
      ) : null}
    </>
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

export { GeneralErrorBoundary as ErrorBoundary } from "~/components/ui/general-error-boundary";
