import {
  cancelScheduledRemovals,
  listScheduledRemovals,
  listSubscriptions,
  type Subscription,
} from "~/api/subscriptions.server";
import { bannerQuery } from "~/domain/banners";
import { seatCheckoutSections, spacePath, spaceSections } from "~/domain/space-paths";
import { formatDate } from "~/domain/zoned-format";
import { isGmailAddress } from "~/domain/wrong-plan";
import { redirectInSession } from "~/utils/auth.server";
import type { SpaceCaller, SpaceContext } from "~/utils/space.server";

/*
 * What the members page, the billing page and the seat checkout share about
 * a space's subscription and seats (001 §3, §5; 002 §3 Seat info).
 */

/** The space's billing page: where checkout, seat changes and their refusals lead (001 §2). */
export const billingPage = (space: Pick<SpaceContext, "urlPrefix">) =>
  spacePath(space.urlPrefix, spaceSections.billing);

/** 002 §6: only the owner manages seats, on Pro or Premium. */
export const managesSeats = (space: SpaceContext) =>
  space.access.role === "OWNER" &&
  (space.workspace.workspacePlan === "PRO" || space.workspace.workspacePlan === "PREMIUM");

/** 001 §3: support-given and offline subscriptions are changed by our team, not here. */
export const isManagedOffline = (subscription: Pick<Subscription, "paymentSource">) =>
  subscription.paymentSource === "SUPPORT" || subscription.paymentSource === "OFFLINE";

/**
 * The space's subscriptions, newest first (001 §5: not listed for members,
 * who get none), and the active one among them. `listed` is their call
 * started beside the page's guard (listSubscriptionsOf), before the role was known.
 */
export async function loadSubscriptions(
  space: SpaceContext,
  { fresh, listed }: { fresh?: boolean; listed?: Promise<Subscription[]> } = {},
) {
  if (space.access.role === "MEMBER") return { subscriptions: [], active: null };
  const subscriptions = await (listed ?? listSubscriptions(space.auth, space.workspace.workspaceId, { fresh }));
  return { subscriptions, active: subscriptions.find((subscription) => subscription.status === "ACTIVE") ?? null };
}

export type SeatSummary = NonNullable<Awaited<ReturnType<typeof seatSummaryOf>>>;

/**
 * The per-seat space's seats (002 §3 Seat info): the active subscription's
 * seat plans added up, and its pending removal. Only for owners and admins
 * of a Pro or Premium per-seat space; scheduled removals are not read for
 * support or offline subscriptions (001 §5).
 */
export async function seatSummaryOf(space: SpaceContext, subscription: Subscription | null) {
  const { workspace } = space;
  const plan = workspace.workspacePlan;
  if (!subscription || !workspace.isPerSeat || space.access.role === "MEMBER") return null;
  if (plan !== "PRO" && plan !== "PREMIUM") return null;
  const plans = subscription.subscriptionPaymentPlans;
  const unlimited = plans.some((seatPlan) => seatPlan.totalSeats === -1);
  const offline = isManagedOffline(subscription);
  const removals = offline
    ? []
    : await listScheduledRemovals(space.auth, workspace.workspaceId, subscription.subscriptionId);
  return {
    subscriptionId: subscription.subscriptionId,
    totalSeats: unlimited ? -1 : plans.reduce((sum, seatPlan) => sum + seatPlan.totalSeats, 0),
    assignedSeats: plans.reduce((sum, seatPlan) => sum + seatPlan.assignedSeats, 0),
    availableSeats: unlimited ? -1 : plans.reduce((sum, seatPlan) => sum + seatPlan.availableSeats, 0),
    removal: removals[0] ?? null,
    offline,
  };
}

/** The seat plan the seat checkout changes: the domain users' (001 §4). */
export const domainSeatPlan = (subscription: Subscription) =>
  subscription.subscriptionPaymentPlans.find((plan) => plan.userPlanType === "PRO");

/** Why the seat checkout would send its owner elsewhere (see seatChangeRefusal). */
export type SeatChangeRefusal = "offline" | "removal" | "unlimited" | "billing";

/**
 * Why the owner may not add or remove seats through the seat checkout
 * (001 §4, 002 §8 Seat notices), or null when they may: an offline or
 * support-managed subscription, a removal scheduled, unlimited seats, or a
 * case the billing page handles (no subscription, no domain seat plan, a
 * Gmail owner). The checkout and the Manage seats dialog ask the same.
 */
export function seatChangeRefusal(
  space: SpaceContext,
  active: Subscription | null,
  seats: SeatSummary | null,
): SeatChangeRefusal | null {
  if (!active || !seats) return "billing";
  if (isManagedOffline(active)) return "offline";
  if (seats.removal) return "removal";
  const seatPlan = domainSeatPlan(active);
  if (seatPlan?.totalSeats === -1) return "unlimited";
  if (!seatPlan || isGmailAddress(space.me.userEmail)) return "billing";
  return null;
}

/** The seat checkout pages of the space, and its billing page where seats change otherwise. */
export function seatCheckoutLinks(space: Pick<SpaceContext, "urlPrefix">) {
  return {
    billing: billingPage(space),
    addSeats: spacePath(space.urlPrefix, seatCheckoutSections.addSeats),
    removeSeats: spacePath(space.urlPrefix, seatCheckoutSections.removeSeats),
  };
}

/** The scheduled seat downgrade as its banners say it (002 §6), in the person's time zone; null when none. */
export function seatRemovalView(seats: SeatSummary, timeZone: string) {
  const removal = seats.removal;
  if (!removal) return null;
  return {
    fromSeats: seats.totalSeats,
    toSeats: removal.targetSeatsQuantity,
    seatsRemoved: Math.max(0, seats.totalSeats - removal.targetSeatsQuantity),
    date: formatDate(removal.removeSeatsAtTimestamp, timeZone),
  };
}

/**
 * 002 §4: the owner cancels the scheduled seat removal, from the members or
 * the billing page; back there with the banner that says so.
 */
export async function cancelSeatDowngrade(space: SpaceContext, page: string) {
  if (!managesSeats(space)) throw new Response("Only the owner manages seats", { status: 403 });
  const seats = await seatSummaryOf(space, (await loadSubscriptions(space)).active);
  if (!seats?.removal) throw redirectInSession(space.auth, page);
  await cancelScheduledRemovals(space.auth, space.workspace.workspaceId, seats.subscriptionId);
  throw redirectInSession(space.auth, `${page}?${bannerQuery({ banner: "downgrade-cancelled" })}`);
}

/** The call of loadSubscriptions, started beside a page's guard (requireSpaceWith): every page's shell makes it. */
export const listSubscriptionsOf = ({ auth, workspaceId }: SpaceCaller) => listSubscriptions(auth, workspaceId);

/** Webhooks may trail Stripe's answer by a moment (001 §4 Add seats: wait 2 s, at most twice). */
const WEBHOOK_WAITS_MS = [2000, 2000];

/**
 * The space's subscriptions once `reached` holds for the active one, asked
 * again after each wait; what there is after the last wait otherwise.
 */
export async function awaitSubscription(space: SpaceContext, reached: (active: Subscription | null) => boolean) {
  let loaded = await loadSubscriptions(space, { fresh: true });
  for (const wait of WEBHOOK_WAITS_MS) {
    if (reached(loaded.active)) break;
    await new Promise((resolve) => setTimeout(resolve, wait));
    loaded = await loadSubscriptions(space, { fresh: true });
  }
  return loaded;
}
