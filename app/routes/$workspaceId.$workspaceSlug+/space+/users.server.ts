import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import {
  changeMembers,
  getSpaceOwner,
  listMembers,
  listPromoteRestrictions,
  memberChanges,
  type Member,
  type MemberChange as MemberChangeCall,
  type MembersQuery,
} from "~/api/members.server";
import { answerOrNoneIfRefused } from "~/api/list-filter.server";
import { isBackendError } from "~/api/http.server";
import { bannerQuery } from "~/domain/banners";
import { listParamValues, PAGE_SIZE, pageOf, pageWindow, parseListQuery } from "~/domain/list-query";
import { memberRefusalTexts } from "~/domain/member-refusals";
import { typeChange, typeChangeHref } from "~/domain/member-type";
import { activationBlock, drawerTexts, type MemberChange, removalBlock } from "~/domain/member-drawer";
import {
  disabledReason,
  type DisplayStatus,
  displayStatus,
  SELECTED_PARAM,
  isPaidMember,
  MEMBER_INTENTS,
  memberQueryOptions,
  memberHints,
  memberSortBy,
  memberTexts,
  trialEnd,
} from "~/domain/members";
import { spacePath, spaceSections } from "~/domain/space-paths";
import { formatDate } from "~/domain/zoned-format";
import { redirectInSession } from "~/utils/auth.server";
import { requireCanonicalListUrl } from "~/utils/canonical-list-url.server";
import {
  mayGoUnread,
  requireAccess,
  requireSpace,
  requireSpaceWith,
  type SpaceCaller,
  type SpaceContext,
} from "~/utils/space.server";
import type { Subscription } from "~/api/subscriptions.server";
import { timeZoneFromCookieHeader } from "~/utils/time-zone";
import {
  cancelSeatDowngrade,
  listSubscriptionsOf,
  loadSubscriptions,
  managesSeats,
  seatChangeRefusal,
  seatCheckoutLinks,
  seatRemovalView,
  seatSummaryOf,
} from "../__billing/space-billing.server";
import { addDialog, addMembers, userLimit } from "../__members/add-members.server";
import { CANCEL_DOWNGRADE_INTENT } from "~/domain/seat-downgrade";

/** 002 §6: owners and admins manage members. */
const managesMembers = (space: SpaceContext) => space.access.role !== "MEMBER";

/**
 * 002 §2 type change: in the per-user model (per-seat spaces pay for seats,
 * legacy plans have their own upgrade), for whoever has billing access.
 */
const offersTypeChange = (space: SpaceContext) =>
  !space.workspace.isPerSeat && space.workspace.workspacePlan !== "LEGACY" && space.access.canAccessBilling;

/** What the type change rules need beyond the rows: who is paid elsewhere, and the subscription. */
async function loadTypeChangeFacts(space: SpaceContext, listed: Promise<Subscription[]>) {
  const workspaceId = space.workspace.workspaceId;
  const [restrictions, { active: subscription }] = await Promise.all([
    listPromoteRestrictions(space.auth, workspaceId),
    loadSubscriptions(space, { listed }),
  ]);
  return {
    paidElsewhere: new Set(
      restrictions.filter((item) => item.errorCode === "already_paid_user").map((item) => item.userId),
    ),
    subscription: subscription ?? null,
  };
}
type SpaceTypeFacts = Awaited<ReturnType<typeof loadTypeChangeFacts>> & { paidCount: number };

/**
 * The per-seat space's seats, for its owners and admins (001 §5: subscriptions
 * are not listed for members), and why the seat checkout would refuse a change.
 */
async function loadSeats(space: SpaceContext, listed: Promise<Subscription[]>) {
  if (!space.workspace.isPerSeat || !managesMembers(space)) return null;
  const { active } = await loadSubscriptions(space, { listed });
  const summary = await seatSummaryOf(space, active);
  return summary && { ...summary, changeRefusal: seatChangeRefusal(space, active, summary) };
}

/** What a row's note needs to know of the whole space beyond the member. */
interface RowContext {
  space: SpaceContext;
  timeZone: string;
  /** The space's free members (002 §3 Member counts), against its free allowance. */
  freeMembers: number;
}

/** What the status badge needs said (002 §8 disabled reasons, a trial's end, a downgrade at renewal), or null. */
function memberNote(member: Member, status: DisplayStatus, { space, timeZone, freeMembers }: RowContext) {
  if (status === "disabled") {
    const domains = space.workspace.workspaceDomains.map((domain) => domain.domainName);
    return disabledReason(member, { domains, freeUserLimit: userLimit(space, "FREE"), freeMembers });
  }
  if (status === "freeTrial") {
    const end = trialEnd(member.freeTrialEndTimestamp);
    return typeof end === "number" ? memberTexts.trialEnds(formatDate(end, timeZone)) : memberTexts.trialNoEnd;
  }
  return member.isScheduledToBeDowngraded ? memberTexts.scheduledDowngrade : null;
}

function memberRow(member: Member, context: RowContext) {
  const status = displayStatus(member);
  const note = memberNote(member, status, context);
  return {
    id: member.userId,
    name: member.userName || member.userEmail,
    email: member.userEmail,
    role: member.userRole,
    paid: isPaidMember(member),
    status,
    note,
    scheduledDowngrade: member.isScheduledToBeDowngraded,
    inDomain: member.isUserInDomain,
  };
}
export type MemberRow = ReturnType<typeof memberRow>;

/**
 * The members page (002 §2): one page of the list with the list state in
 * the URL, the seat counter and summary (`?dialog=seats`), the scheduled
 * downgrade, and for others than the owner the owner to ask for seats.
 */
export async function loadMembersPage(args: LoaderFunctionArgs) {
  const url = new URL(args.request.url);
  const query = parseListQuery(url.searchParams, memberQueryOptions);
  // The page of members and the subscriptions (the shell's call, shared) beside the guard; the seats' removals
  // (which need the subscription's id) and the owner (named for a per-seat space's non-owners) after it.
  const { space, answers } = await requireSpaceWith(args, async (caller) => ({
    subscriptions: mayGoUnread(listSubscriptionsOf(caller)),
    members: await listMembersOrNone(caller, {
      search: query.q,
      sortBy: memberSortBy(query.sort, query.dir),
      ...pageWindow(query.page),
    }),
  }));
  requireAccess(space, (access) => access.canAccessUsersPage, "space");
  requireCanonicalListUrl(url, listParamValues(query, memberQueryOptions));
  const timeZone = timeZoneFromCookieHeader(args.request.headers.get("Cookie"));
  const { workspace } = space;
  const isOwner = space.access.role === "OWNER";
  const { members, subscriptions } = await answers;

  const selection = url.searchParams.has(SELECTED_PARAM);
  const [seats, owner, typeFacts] = await Promise.all([
    loadSeats(space, subscriptions),
    // Only the per-seat notice names the owner (002 §6).
    workspace.isPerSeat && !isOwner ? getSpaceOwner(space.auth, workspace.workspaceId) : null,
    selection && offersTypeChange(space) ? loadTypeChangeFacts(space, subscriptions) : null,
  ]);
  const context = { space, timeZone, freeMembers: members.counts.free };
  const { rows, hasNextPage } = pageOf(members.items.map((member) => memberRow(member, context)));
  return {
    spaceName: workspace.workspaceName,
    isPerSeat: workspace.isPerSeat,
    legacyType: workspace.legacyType,
    role: space.access.role,
    hints: memberHints(space.access.role, space.membership.workspaceUserFeature.otherFeatures.manageUserRoles),
    query,
    rows,
    hasNextPage,
    seats: seats && {
      totalSeats: seats.totalSeats,
      assignedSeats: seats.assignedSeats,
      availableSeats: seats.availableSeats,
      canManage: managesSeats(space),
      removal: seatRemovalView(seats, timeZone),
      changeRefusal: seats.changeRefusal,
    },
    // 002 §6: only the owner manages seats; the dialog's URL opens nothing for anyone else.
    showSeatsDialog: url.searchParams.get("dialog") === "seats" && seats !== null && managesSeats(space),
    add: addDialog(space, { seats, counts: members.counts, open: url.searchParams.get("dialog") === "add" }),
    drawer: drawerFor(space, rows, url.searchParams, {
      freeMembers: members.counts.free,
      typeFacts: typeFacts && { ...typeFacts, paidCount: members.counts.paid },
    }),
    canSelect: managesMembers(space),
    selectedIds: url.searchParams.getAll(SELECTED_PARAM).slice(0, PAGE_SIZE),
    ownerEmail: owner?.userEmail ?? null,
    checkout: seatCheckoutLinks(space),
  };
}

/**
 * A page of members; a search the backend refuses matches no one (its
 * no-match state, ARCHITECTURE "Strict input"), with the space's counts,
 * which no search changes.
 */
function listMembersOrNone({ auth, workspaceId }: SpaceCaller, query: MembersQuery) {
  return answerOrNoneIfRefused(listMembers(auth, workspaceId, query), async () => {
    const unfiltered = await listMembers(auth, workspaceId, { ...query, search: "", limit: 1, limitOffset: 0 });
    return { ...unfiltered, items: [] };
  });
}

/**
 * The side drawer (002 §2) for the members of this page selected in the URL
 * (`selected=<userId>`, repeated): who they are and what the caller may do
 * with them, each refused action with the spec's reason (002 §5, §6).
 */
function drawerFor(
  space: SpaceContext,
  rows: MemberRow[],
  params: URLSearchParams,
  { freeMembers, typeFacts }: { freeMembers: number; typeFacts: SpaceTypeFacts | null },
) {
  const ids = new Set(params.getAll(SELECTED_PARAM));
  const selected = rows.filter((row) => ids.has(row.id));
  if (selected.length === 0 || !managesMembers(space)) return null;
  const actor = { id: space.me.userId, role: space.access.role };
  const anyPending = selected.some((row) => row.status === "pending");
  const allPending = selected.every((row) => row.status === "pending");
  const removalBlocks = anyPending
    ? []
    : selected.flatMap((row) => {
        const reason = removalBlock(actor, row, { legacy: space.workspace.workspacePlan === "LEGACY" });
        return reason ? [{ id: row.id, name: row.name, reason }] : [];
      });
  const manageUserRoles = space.membership.workspaceUserFeature.otherFeatures.manageUserRoles;
  const canActivate = selected.every((row) => row.status === "disabled");
  const pick = (rows: MemberRow[]) => rows.map(({ id, name, email }) => ({ id, name, email }));
  return {
    members: pick(selected),
    /** Pending invitations and members together share no action: each part, to keep one of them. */
    mixed:
      anyPending && !allPending
        ? {
            invitations: pick(selected.filter((row) => row.status === "pending")),
            members: pick(selected.filter((row) => row.status !== "pending")),
          }
        : null,
    isPerSeat: space.workspace.isPerSeat,
    canRemove: !anyPending,
    removalBlocks,
    /** The confirmation open at `?confirm=`: removal when it is allowed, the invitations' cancel when all are pending. */
    confirming: confirmationOf(params.get("confirm"), {
      remove: !anyPending && removalBlocks.length === 0,
      "cancel-invitation": allPending,
    }),
    canChangeRole:
      actor.role === "OWNER" && manageUserRoles && !anyPending && selected.every((row) => row.role !== "OWNER"),
    /** The role the role select starts at: the selected members' own, when they share one. */
    currentRole: selected.every((row) => row.role === selected[0]!.role) ? selected[0]!.role : null,
    canActivate,
    activationBlock: canActivate
      ? activationBlock(selected, { freeMembers, freeLimit: userLimit(space, "FREE") })
      : null,
    canHandleInvitations: allPending,
    typeChange: typeFacts && typeChangeOf(space, selected, typeFacts),
  };
}

/** The confirmation asked for, when the selection allows its action. */
function confirmationOf<Kind extends string>(asked: string | null, allowed: Record<Kind, boolean>): Kind | null {
  return asked !== null && asked in allowed && allowed[asked as Kind] ? (asked as Kind) : null;
}

/**
 * The drawer's type change (002 §2, §5): offered for active or disabled
 * members (001 §4 leaves trials and invitations out of checkout), with
 * where it continues or why it may not.
 */
function typeChangeOf(space: SpaceContext, selected: MemberRow[], facts: SpaceTypeFacts) {
  if (!selected.every((row) => row.status === "active" || row.status === "disabled")) return null;
  const { subscription } = facts;
  const paymentSource = subscription?.paymentSource ?? space.workspace.paymentSource;
  const change = typeChange(selected, {
    paidElsewhere: facts.paidElsewhere,
    paidCount: facts.paidCount,
    subscriptionActive: subscription !== null,
    offline: paymentSource === "SUPPORT" || paymentSource === "OFFLINE",
  });
  const plan = space.workspace.workspacePlan;
  return {
    ...change,
    href: typeChangeHref(space.urlPrefix, {
      to: change.to,
      userIds: selected.map((row) => row.id),
      plan: plan === "FREE" ? null : plan,
      interval: subscription?.billingInterval ?? null,
    }),
  };
}

/** The page's forms, told apart by their intent; any other intent is a 400. */
export async function membersAction(args: ActionFunctionArgs) {
  const space = await requireSpace(args);
  requireAccess(space, (access) => access.canAccessUsersPage, "space");
  const formData = await args.request.formData();
  switch (formData.get("intent")) {
    case CANCEL_DOWNGRADE_INTENT:
      return cancelDowngrade(space);
    case MEMBER_INTENTS.add:
      return addMembers(space, formData, {
        done: (added, mode) =>
          `${spacePath(space.urlPrefix, spaceSections.users)}?${bannerQuery({ banner: "members-added", added, mode })}`,
      });
    case MEMBER_INTENTS.remove:
    case MEMBER_INTENTS.changeRole:
    case MEMBER_INTENTS.activate:
    case MEMBER_INTENTS.resend:
    case MEMBER_INTENTS.cancelInvitation:
      return changeSelectedMembers(space, formData);
    default:
      throw new Response("Unknown intent", { status: 400 });
  }
}

/** 002 §4: the owner cancels the scheduled seat removal; the banner says so. */
function cancelDowngrade(space: SpaceContext) {
  return cancelSeatDowngrade(space, spacePath(space.urlPrefix, spaceSections.users));
}

const idList = z
  .array(z.string().regex(/^[\w-]{1,200}$/))
  .min(1)
  .max(100);
const emailList = z.array(z.string().trim().toLowerCase().email()).min(1).max(100);
const changeSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal(MEMBER_INTENTS.remove), userId: idList }),
  z.object({ intent: z.literal(MEMBER_INTENTS.changeRole), userId: idList, role: z.enum(["ADMIN", "MEMBER"]) }),
  z.object({ intent: z.literal(MEMBER_INTENTS.activate), userId: idList }),
  z.object({ intent: z.literal(MEMBER_INTENTS.resend), email: emailList }),
  z.object({ intent: z.literal(MEMBER_INTENTS.cancelInvitation), email: emailList }),
]);

/** The change to send and the banner that says it was made. */
function changeOf(submission: z.infer<typeof changeSchema>): { call: MemberChangeCall; done: MemberChange } {
  switch (submission.intent) {
    case MEMBER_INTENTS.remove:
      return { call: memberChanges.remove(submission.userId), done: "removed" };
    case MEMBER_INTENTS.changeRole:
      return {
        call: memberChanges.changeRole(submission.userId.map((userId) => ({ userId, userRole: submission.role }))),
        done: "role",
      };
    case MEMBER_INTENTS.activate:
      return { call: memberChanges.activate(submission.userId), done: "activated" };
    case MEMBER_INTENTS.resend:
      return { call: memberChanges.resend(submission.email), done: "resent" };
    case MEMBER_INTENTS.cancelInvitation:
      return { call: memberChanges.cancelInvitation(submission.email), done: "cancelled" };
  }
}

/** What a refused change shows: the activation blocks of 002 §8, the mail limits of a resend, or the generic failure. */
function refusalText(space: SpaceContext, error: unknown) {
  if (isBackendError(error, 429)) {
    const { mailLimit } = memberRefusalTexts;
    return error.reason === "recipient_limit_reached" ? mailLimit.recipient : mailLimit.sending;
  }
  if (isBackendError(error, 409) && error.reason === "free_user_limit_reached")
    return drawerTexts.activationBlocked.freeLimit(userLimit(space, "FREE"));
  if (isBackendError(error, 409) && error.reason === "not_in_space_domain")
    return drawerTexts.activationBlocked.otherDomain;
  return drawerTexts.failure;
}

/**
 * The drawer's changes (002 §2, §4): remove, change role, activate, resend
 * or cancel invitations, for owners and admins (the backend holds every
 * rule of 002 §6 too). Success goes back to the list without the
 * selection, with its banner; a refusal keeps the selection and says why.
 */
async function changeSelectedMembers(space: SpaceContext, formData: FormData) {
  if (!managesMembers(space)) throw new Response("Only owners and admins manage members", { status: 403 });
  const submission = changeSchema.safeParse({
    intent: formData.get("intent"),
    userId: formData.getAll("userId"),
    email: formData.getAll("email"),
    role: formData.get("role") ?? undefined,
  });
  if (!submission.success) throw new Response("Bad request", { status: 400 });
  const { call, done } = changeOf(submission.data);
  try {
    await changeMembers(space.auth, space.workspace.workspaceId, call);
  } catch (error) {
    if (error instanceof Response) throw error;
    if (isBackendError(error, 404)) {
      // Changed first by another tab or person (issue 26): say so over the list as it is now, not "try again".
      const what = "email" in submission.data ? "invitation" : "member";
      const list = spacePath(space.urlPrefix, spaceSections.users);
      throw redirectInSession(space.auth, `${list}?${bannerQuery({ banner: "members-gone", what })}`);
    }
    const status = isBackendError(error) && error.status < 500 ? error.status : 502;
    return data({ drawerError: refusalText(space, error) }, { status });
  }
  const page = spacePath(space.urlPrefix, spaceSections.users);
  const members = "userId" in submission.data ? submission.data.userId.length : submission.data.email.length;
  throw redirectInSession(space.auth, `${page}?${bannerQuery({ banner: "members-updated", change: done, members })}`);
}
