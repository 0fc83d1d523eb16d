import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { getSpaceOwner, listMembers, type Member } from "~/api/members.server";
import { cancelScheduledRemovals, listActiveSubscriptions, listScheduledRemovals } from "~/api/subscriptions.server";
import { bannerQuery } from "~/domain/banners";
import { pageOf, pageWindow, parseListQuery } from "~/domain/list-query";
import {
  disabledReason,
  displayStatus,
  isPaidMember,
  MEMBER_INTENTS,
  memberQueryOptions,
  memberSortBy,
  memberTexts,
  trialEnd,
} from "~/domain/members";
import { spacePath, spaceSections } from "~/domain/space-paths";
import { formatDate } from "~/domain/zoned-format";
import { redirectInSession } from "~/utils/auth.server";
import { requireAccess, requireSpace, type SpaceContext } from "~/utils/space.server";
import { timeZoneFromCookieHeader } from "~/utils/time-zone";

/** 002 §6: owners and admins manage members; only the owner manages seats, on Pro or Premium. */
const managesMembers = (space: SpaceContext) => space.access.role !== "MEMBER";
const managesSeats = (space: SpaceContext) =>
  space.access.role === "OWNER" &&
  (space.workspace.workspacePlan === "PRO" || space.workspace.workspacePlan === "PREMIUM");

/**
 * The per-seat space's seats (002 §3 Seat info): the first active
 * subscription's seat plans added up, and its pending removal. Read only
 * by owners and admins of a Pro or Premium per-seat space (001 §5: not for
 * members, nor for support or offline subscriptions' removals).
 */
async function loadSeats(space: SpaceContext) {
  const { workspace } = space;
  const plan = workspace.workspacePlan;
  if (!workspace.isPerSeat || !managesMembers(space) || (plan !== "PRO" && plan !== "PREMIUM")) return null;
  const [subscription] = await listActiveSubscriptions(space.auth, workspace.workspaceId);
  if (!subscription) return null;
  const plans = subscription.subscriptionPaymentPlans;
  const unlimited = plans.some((seatPlan) => seatPlan.totalSeats === -1);
  const offline = subscription.paymentSource === "SUPPORT" || subscription.paymentSource === "OFFLINE";
  const removals = offline
    ? []
    : await listScheduledRemovals(space.auth, workspace.workspaceId, subscription.subscriptionId);
  return {
    subscriptionId: subscription.subscriptionId,
    totalSeats: unlimited ? -1 : plans.reduce((sum, seatPlan) => sum + seatPlan.totalSeats, 0),
    assignedSeats: plans.reduce((sum, seatPlan) => sum + seatPlan.assignedSeats, 0),
    availableSeats: unlimited ? -1 : plans.reduce((sum, seatPlan) => sum + seatPlan.availableSeats, 0),
    removal: removals[0] ?? null,
  };
}

function memberRow(member: Member, space: SpaceContext, timeZone: string) {
  const status = displayStatus(member);
  const trial = trialEnd(member.freeTrialEndTimestamp);
  const freeFeatures = space.workspace.workspaceFeatures.find((features) => features.userPlan === "FREE");
  const domains = space.workspace.workspaceDomains.map((domain) => domain.domainName);
  const note =
    status === "disabled"
      ? disabledReason(member, { domains, freeUserLimit: freeFeatures?.allowedUserCount ?? 0 })
      : status === "freeTrial"
        ? trial === "none" || trial === null
          ? memberTexts.trialNoEnd
          : memberTexts.trialEnds(formatDate(trial, timeZone))
        : member.isScheduledToBeDowngraded
          ? memberTexts.scheduledDowngrade
          : null;
  return {
    id: member.userId,
    name: member.userName || member.userEmail,
    email: member.userEmail,
    role: member.userRole,
    paid: isPaidMember(member),
    status,
    note,
  };
}
export type MemberRow = ReturnType<typeof memberRow>;

/**
 * The members page (002 §2): one page of the list with the list state in
 * the URL, the seat counter and summary (`?dialog=seats`), the scheduled
 * downgrade, and for others than the owner the owner to ask for seats.
 */
export async function loadMembersPage(args: LoaderFunctionArgs) {
  const space = await requireSpace(args);
  requireAccess(space, (access) => access.canAccessUsersPage, "space");
  const url = new URL(args.request.url);
  const query = parseListQuery(url.searchParams, memberQueryOptions);
  const timeZone = timeZoneFromCookieHeader(args.request.headers.get("Cookie"));
  const { workspace } = space;
  const isOwner = space.access.role === "OWNER";

  const [members, seats, owner] = await Promise.all([
    listMembers(space.auth, workspace.workspaceId, {
      search: query.q,
      sortBy: memberSortBy(query.sort, query.dir),
      ...pageWindow(query.page),
    }),
    loadSeats(space),
    isOwner ? null : getSpaceOwner(space.auth, workspace.workspaceId),
  ]);
  const { rows, hasNextPage } = pageOf(members.items.map((member) => memberRow(member, space, timeZone)));
  const removal = seats?.removal ?? null;

  return {
    spaceName: workspace.workspaceName,
    isPerSeat: workspace.isPerSeat,
    role: space.access.role,
    query,
    rows,
    hasNextPage,
    seats: seats && {
      totalSeats: seats.totalSeats,
      assignedSeats: seats.assignedSeats,
      availableSeats: seats.availableSeats,
      canManage: managesSeats(space),
      removal: removal && {
        fromSeats: seats.totalSeats,
        toSeats: removal.targetSeatsQuantity,
        seatsRemoved: Math.max(0, seats.totalSeats - removal.targetSeatsQuantity),
        date: formatDate(removal.removeSeatsAtTimestamp, timeZone),
      },
    },
    showSeatsDialog: url.searchParams.get("dialog") === "seats" && seats !== null,
    ownerEmail: owner?.userEmail ?? null,
    checkout: {
      addSeats: spacePath(space.urlPrefix, `${spaceSections.checkout}/add-seats`),
      removeSeats: spacePath(space.urlPrefix, `${spaceSections.checkout}/remove-seats`),
    },
  };
}

/** The page's forms, told apart by their intent; any other intent is a 400. */
export async function membersAction(args: ActionFunctionArgs) {
  const space = await requireSpace(args);
  requireAccess(space, (access) => access.canAccessUsersPage, "space");
  const formData = await args.request.formData();
  switch (formData.get("intent")) {
    case MEMBER_INTENTS.cancelDowngrade:
      return cancelDowngrade(space);
    default:
      throw new Response("Unknown intent", { status: 400 });
  }
}

/** 002 §4: the owner cancels the scheduled seat removal; the banner says so. */
async function cancelDowngrade(space: SpaceContext) {
  if (!managesSeats(space)) throw new Response("Only the owner manages seats", { status: 403 });
  const seats = await loadSeats(space);
  const page = spacePath(space.urlPrefix, spaceSections.users);
  if (!seats?.removal) throw redirectInSession(space.auth, page);
  await cancelScheduledRemovals(space.auth, space.workspace.workspaceId, seats.subscriptionId);
  throw redirectInSession(space.auth, `${page}?${bannerQuery({ banner: "downgrade-cancelled" })}`);
}
