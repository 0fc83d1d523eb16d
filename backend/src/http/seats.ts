import { Hono, type Context } from "hono";
import { z } from "zod";
import { addSeats, dropPendingSeats, releaseSchedule, scheduleSeatRemoval } from "../billing/seat-changes";
import type { BackendDb } from "../db/connection";
import type { SubscriptionRow } from "../store/subscriptions";
import { USER_PLANS } from "../domain/enums";
import { MAX_SEATS } from "../domain/sale-rules";
import { couponForSeats } from "../domain/seat-coupons";
import { UNLIMITED_SEATS } from "../domain/seats";
import { loadSpaceSeats, type SeatPlanUsage } from "../store/space-seats";
import { cancelSeatRemovals, clearScheduledChange, insertSeatRemovals, listSeatRemovals } from "../store/subscriptions";
import type { AppEnv, BillingDeps } from "./app-env";
import { requireBillingReader, requireSeatManager, requireSubscription } from "./billing-access";
import { badRequest, conflict, HttpError } from "./errors";
import { requestIdempotencyKey } from "./idempotency";
import { parseJsonBody, parseQuery } from "./validation";
import { pendingRemovalViews } from "./views/subscription-view";

const SPACE = "/workspace-billing/workspaces/:workspaceId";
const SEATS = `${SPACE}/subscriptions/v2/:subscriptionId/seats/v1`;
const REMOVALS = `${SEATS}/scheduled-removals`;

const seatCount = z.number().int().min(1).max(MAX_SEATS);

const addSeatsBody = z.object({
  workspaceId: z.string(),
  subscriptionId: z.string(),
  useProratedAmounts: z.literal(true),
  seatPlans: z
    .array(z.object({ userPlan: z.enum(USER_PLANS), quantity: seatCount }))
    .min(1)
    .refine(
      (plans) => new Set(plans.map((plan) => plan.userPlan)).size === plans.length,
      "seatPlans: one entry per user plan",
    ),
});

const removalsBody = z.object({
  subscriptionPlanSeats: z
    .array(z.object({ paymentPlanId: z.string().min(1), targetSeatsQuantity: seatCount }))
    .min(1)
    .refine(
      (plans) => new Set(plans.map((plan) => plan.paymentPlanId)).size === plans.length,
      "subscriptionPlanSeats: one entry per payment plan",
    ),
});

const removalsQuery = z.object({ status: z.enum(["PENDING"]).optional() });

const removalNotFound = () => new HttpError(404, "scheduled_removal_not_found");

/** The subscription's seat plans as they are used now. */
async function seatsOf(db: BackendDb, subscription: SubscriptionRow) {
  const spaceSeats = await loadSpaceSeats(db, subscription.workspace_id, Date.now(), ["ACTIVE", "CANCELED"]);
  return spaceSeats.find((seats) => seats.subscription.id === subscription.id)!;
}

/**
 * A seat change needs an active Stripe subscription without a pending
 * removal (001 §4: one blocks every other seat change until cancelled).
 */
async function requireChangeableSeats(db: BackendDb, c: Context<AppEnv>) {
  const { workspace } = await requireSeatManager(db, c);
  const subscription = await requireSubscription(db, c, workspace.id);
  if (subscription.status !== "ACTIVE") throw conflict("subscription_not_active");
  if (subscription.payment_source !== "STRIPE") throw conflict("not_a_stripe_subscription");
  if ((await listSeatRemovals(db, subscription.id, "PENDING")).length > 0) throw conflict("scheduled_removal_pending");
  return { subscription, seats: await seatsOf(db, subscription) };
}

/** A seat plan of the subscription that holds a number of seats (unlimited ones cannot change). */
function countedPlan(plan: SeatPlanUsage | undefined, unknownReason: string): SeatPlanUsage {
  if (!plan) throw badRequest(unknownReason);
  if (plan.totalSeats === UNLIMITED_SEATS) throw conflict("unlimited_seats");
  return plan;
}

/** The subscription's seats in all once the changed seat plans are at their new totals (the coupon's count). */
function seatTotalAfter(plans: readonly SeatPlanUsage[], changed: ReadonlyMap<string, number>) {
  return plans.reduce((sum, plan) => sum + (changed.get(plan.paymentPlanId) ?? plan.totalSeats), 0);
}

/**
 * Billing API: a per-seat subscription's seats (001 §4 Add seats, Remove
 * seats; §7): adding some now, and scheduling, reading and cancelling a
 * removal at period end.
 */
export function seatsRoutes({ db, stripe }: BillingDeps) {
  const routes = new Hono<AppEnv>();

  /**
   * Releases a removal's Stripe schedule, and forgets it on the subscription:
   * the backend's own record of what it asked for (Stripe sends no event
   * about a release that would say so).
   */
  async function releaseRemovalSchedule(subscription: SubscriptionRow, scheduleId: string, requestKey?: string) {
    await releaseSchedule(stripe, scheduleId, requestKey);
    if (subscription.stripe_subscription_schedule_id === scheduleId) await clearScheduledChange(db, subscription.id);
  }

  routes.post(SEATS, async (c) => {
    const body = await parseJsonBody(c, addSeatsBody);
    if (body.workspaceId !== c.req.param("workspaceId") || body.subscriptionId !== c.req.param("subscriptionId")) {
      throw badRequest("workspaceId and subscriptionId must be the path's");
    }
    const { subscription, seats } = await requireChangeableSeats(db, c);
    const changed = new Map(
      body.seatPlans.map((wanted) => {
        const plan = countedPlan(
          seats.plans.find((held) => held.userPlan === wanted.userPlan),
          "plan_not_sold",
        );
        return [plan.paymentPlanId, plan.totalSeats + wanted.quantity];
      }),
    );
    const seatTotal = seatTotalAfter(seats.plans, changed);
    if (seatTotal > MAX_SEATS) throw badRequest("too_many_seats");
    const couponId = couponForSeats(seatTotal)?.id ?? null;
    const { invoice, pending } = await addSeats(stripe, {
      subscriptionId: subscription.id,
      totals: changed,
      couponId: couponId === subscription.coupon_id ? undefined : couponId,
      requestKey: requestIdempotencyKey(c),
    });
    // A declined card adds nothing: the pending seats and their invoice are dropped (001 §4 Add seats).
    if (pending && invoice?.paymentIntent?.status === "requires_payment_method") {
      await dropPendingSeats(stripe, invoice.invoiceId);
      throw new HttpError(402, "payment_required", "card_declined");
    }
    return c.json({
      subscriptionId: subscription.id,
      seatPlans: seats.plans
        .filter((plan) => changed.has(plan.paymentPlanId))
        .map((plan) => ({ userPlan: plan.userPlan, totalSeats: changed.get(plan.paymentPlanId)! })),
      // True while the seats wait for their invoice to be paid (authentication asked).
      pending,
      latestInvoice: invoice && {
        invoiceId: invoice.invoiceId,
        paid: invoice.paid,
        hostedInvoiceUrl: invoice.hostedInvoiceUrl,
        paymentIntent: invoice.paymentIntent && { status: invoice.paymentIntent.status },
      },
    });
  });

  routes.get(REMOVALS, async (c) => {
    parseQuery(c, removalsQuery);
    const { workspace } = await requireBillingReader(db, c);
    const subscription = await requireSubscription(db, c, workspace.id);
    const items = await pendingRemovalViews(db, await seatsOf(db, subscription));
    // 001 §7: a 404 means "no scheduled removal".
    if (items.length === 0) throw removalNotFound();
    return c.json({ items });
  });

  routes.post(REMOVALS, async (c) => {
    const body = await parseJsonBody(c, removalsBody);
    const { subscription, seats } = await requireChangeableSeats(db, c);
    const scheduleId = subscription.stripe_subscription_schedule_id;
    if (scheduleId) {
      // Stripe keeps a subscription under a removal's schedule for the cycle of its last phase: once that
      // removal is done, the schedule has no more to do and gives way. Any other planned change stands.
      const done = await listSeatRemovals(db, subscription.id, "DONE");
      if (!done.some((removal) => removal.stripe_subscription_schedule_id === scheduleId)) {
        throw conflict("scheduled_change_pending");
      }
    }
    const targets = body.subscriptionPlanSeats.map((wanted) => {
      const plan = countedPlan(
        seats.plans.find((held) => held.paymentPlanId === wanted.paymentPlanId),
        "unknown_payment_plan",
      );
      if (wanted.targetSeatsQuantity < plan.assignedSeats || wanted.targetSeatsQuantity >= plan.totalSeats) {
        throw badRequest("invalid_target_seats");
      }
      return wanted;
    });
    const changed = new Map(targets.map((target) => [target.paymentPlanId, target.targetSeatsQuantity]));
    const seatTotal = seatTotalAfter(seats.plans, changed);
    if (scheduleId) await releaseRemovalSchedule(subscription, scheduleId, requestIdempotencyKey(c));
    const newScheduleId = await scheduleSeatRemoval(stripe, {
      subscriptionId: subscription.id,
      totals: changed,
      couponId: couponForSeats(seatTotal)?.id ?? null,
      requestKey: requestIdempotencyKey(c),
    });
    await insertSeatRemovals(db, {
      subscriptionId: subscription.id,
      targets,
      removeSeatsAt: subscription.end_timestamp,
      stripeSubscriptionScheduleId: newScheduleId,
      now: Date.now(),
    });
    return c.json({ items: await pendingRemovalViews(db, seats) }, 201);
  });

  routes.delete(REMOVALS, async (c) => {
    const { workspace } = await requireSeatManager(db, c);
    const subscription = await requireSubscription(db, c, workspace.id);
    const [removal] = await listSeatRemovals(db, subscription.id, "PENDING");
    if (!removal) throw removalNotFound();
    const scheduleId = removal.stripe_subscription_schedule_id;
    if (scheduleId) await releaseRemovalSchedule(subscription, scheduleId, requestIdempotencyKey(c));
    await cancelSeatRemovals(db, subscription.id, Date.now());
    return c.body(null, 204);
  });

  return routes;
}
