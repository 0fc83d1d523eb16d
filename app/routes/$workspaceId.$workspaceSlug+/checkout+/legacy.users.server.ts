import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { listAllMembers, markMembersToBeRemoved, type Member } from "~/api/members.server";
import { bannerQuery } from "~/domain/banners";
import { legacyUsersTexts } from "~/domain/legacy-users-texts";
import {
  choiceQuery,
  isLegacyLocked,
  KEEP_FIELD,
  keptByForm,
  keptByQuery,
  LEGACY_CHOICE,
  LEGACY_INTENTS,
  legacyUserQueryOptions,
  type LegacyUser,
  type LegacyUserSort,
} from "~/domain/legacy-users";
import { canonicalSearch, listParamValues, parseListQuery, type ListQuery } from "~/domain/list-query";
import { isFreeMember } from "~/domain/members";
import { legacyMarks, legacySwitchOffered } from "~/domain/per-user-checkout";
import { spacePath } from "~/domain/space-paths";
import { redirectInSession } from "~/utils/auth.server";
import { requireCanonicalListUrl } from "~/utils/canonical-list-url.server";
import { requireAccess, requireSpaceWith } from "~/utils/space.server";
import { billingPage } from "../__billing/space-billing.server";
import { addDialog, addMembers, userLimit } from "../__members/add-members.server";
import { perUserSections } from "./__steps/per-user.server";

const texts = legacyUsersTexts;
const keepSchema = z.array(z.string().regex(/^[\w-]{1,200}$/)).max(1000);
const intentSchema = z.enum([LEGACY_INTENTS.add, LEGACY_INTENTS.update, LEGACY_INTENTS.next]);
const DIALOG_PARAM = "dialog";
const CHOICE_PARAMS = new Set<string>(Object.values(LEGACY_CHOICE));

const userOf = (member: Member): LegacyUser => ({
  id: member.userId,
  role: member.userRole,
  status: member.status,
  toBeRemoved: member.toBeRemoved,
});

/**
 * 001 §4 Legacy users page: billing access and a LEGACY space (any other
 * goes to the space page) whose licence this checkout can switch (a
 * Belgian one, which could only end in the server-error state, goes to
 * billing and its 'Contact support'); every member, whatever the search
 * (the counter and the paid places count them all, 001 §2, §5), in the
 * sort's order.
 */
async function loadLegacy(args: LoaderFunctionArgs | ActionFunctionArgs) {
  const url = new URL(args.request.url);
  const query = parseListQuery(url.searchParams, legacyUserQueryOptions);
  const { space, answers } = await requireSpaceWith(args, ({ auth, workspaceId }) =>
    listAllMembers(auth, workspaceId, {
      search: "",
      sortBy: `userEmail:${query.sort === "email" ? query.dir : "asc"}`,
    }),
  );
  requireAccess(space, (access) => access.canAccessBilling, "");
  if (space.workspace.workspacePlan !== "LEGACY") throw redirect(spacePath(space.urlPrefix, "space"));
  if (!legacySwitchOffered(space.workspace.legacyLicense)) throw redirect(billingPage(space));
  const members = await answers;
  return {
    space,
    url,
    query,
    members,
    users: members.map(userOf),
    paidCount: members.filter((member) => member.userPlan !== "FREE").length,
    max: userLimit(space, "PRO"),
  };
}
type Legacy = Awaited<ReturnType<typeof loadLegacy>>;

/** The members the search finds (in the name or the e-mail), by status when that is the sort (then by e-mail). */
function shownMembers(members: readonly Member[], query: ListQuery<LegacyUserSort>) {
  const needle = query.q.toLowerCase();
  const rows = members.filter(
    (member) => member.userEmail.toLowerCase().includes(needle) || member.userName.toLowerCase().includes(needle),
  );
  if (query.sort === "status") {
    rows.sort((a, b) => a.status.localeCompare(b.status) * (query.dir === "asc" ? 1 : -1));
  }
  return rows;
}

/**
 * The page's canonical query: the list's state (never a page: the whole
 * list shows), the choice, then any other parameter (a dialog, a banner).
 */
function pageSearch({ users, query }: Legacy, kept: ReadonlySet<string>, others: Iterable<[string, string]>) {
  const rest = [...others].filter(([key]) => !CHOICE_PARAMS.has(key));
  return {
    values: { ...listParamValues(query, legacyUserQueryOptions), page: null },
    others: new URLSearchParams([...choiceQuery(users, kept), ...rest]),
  };
}

/** This page at the request's list state, with this choice and these other parameters. */
function pageHref(legacy: Legacy, kept: ReadonlySet<string>, others: Iterable<[string, string]> = []) {
  const search = pageSearch(legacy, kept, others);
  const path = spacePath(legacy.space.urlPrefix, perUserSections.legacyUsers);
  return `${path}${canonicalSearch(search.others, search.values)}`;
}

/**
 * The list (001 §2 Legacy users screen), sorted and searched as the query
 * says: every user not marked for removal starts selected, the query's
 * choice over it (pending invitees are listed, always kept: they are not
 * members yet); the counter of the kept users of the whole list against
 * the plan's user limit; the Add users dialog (001 §2) at `?dialog=add`.
 */
export async function loadLegacyUsers(args: LoaderFunctionArgs) {
  const legacy = await loadLegacy(args);
  const { space, url, query, members, users, paidCount, max } = legacy;
  const kept = keptByQuery(users, url.searchParams);
  const canonical = pageSearch(legacy, kept, url.searchParams);
  requireCanonicalListUrl(url, canonical.values, canonical.others);
  return {
    spaceName: space.workspace.workspaceName,
    backTo: billingPage(space),
    add: addDialog(space, {
      seats: null,
      counts: { paid: paidCount, free: members.filter(isFreeMember).length },
      open: url.searchParams.get(DIALOG_PARAM) === "add",
    }),
    query,
    rows: shownMembers(members, query).map((member) => ({
      id: member.userId,
      email: member.userEmail,
      status: member.status,
      pending: member.status === "PENDING",
      locked: isLegacyLocked(userOf(member)),
      kept: kept.has(member.userId),
    })),
    /** Every kept user, shown or not: the counter's, and what the form sends for the rows a search hides. */
    kept: [...kept],
    total: members.length,
    max,
  };
}

/**
 * Add users (001 §5): within the plan's user limit, every address checked
 * first, then back here with 001 §2's banner, the list and the choice as
 * they were. Update the count: the choice into the query. Next: Billing
 * options: the kept users (of the whole list: the form sends those a
 * search hides too) are kept and the others marked for removal (the owner
 * always stays; pending invitees cannot be marked), then checkout with the
 * plan and cycle (001 §4); a failure keeps the choice with 001 §8's message.
 */
export async function legacyUsersAction(args: ActionFunctionArgs) {
  const legacy = await loadLegacy(args);
  const { space, url, users, paidCount, max } = legacy;
  const formData = await args.request.formData();
  const intent = intentSchema.safeParse(formData.get("intent"));
  if (!intent.success) throw new Response("Unknown intent", { status: 400 });
  if (intent.data === LEGACY_INTENTS.add) {
    const before = keptByQuery(users, url.searchParams);
    return addMembers(space, formData, {
      done: (added) => pageHref(legacy, before, new URLSearchParams(bannerQuery({ banner: "users-added", added }))),
      checkFirst: { limit: max, paidCount },
    });
  }
  const keep = keepSchema.safeParse(formData.getAll(KEEP_FIELD));
  if (!keep.success) throw new Response("Bad request", { status: 400 });
  const kept = keptByForm(users, keep.data);
  if (intent.data === LEGACY_INTENTS.update) throw redirectInSession(space.auth, pageHref(legacy, kept));

  const marks = legacyMarks(
    users.filter((user) => user.status !== "PENDING"),
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
