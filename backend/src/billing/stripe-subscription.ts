import type Stripe from "stripe";
import type { SubscriptionStatus } from "../db/tables/subscriptions";
import type { WorkspacePlan } from "../domain/enums";
import { findPaymentPlan, type PaymentPlan } from "../domain/payment-plans";
import { seatTotal } from "../domain/quote";
import { couponForSeats } from "../domain/seat-coupons";
import type { SeatPlanRecord, SubscriptionRecord } from "../store/subscriptions";

/**
 * How Stripe's subscription statuses read here (001 §4 Payment alerts): a
 * subscription whose payment failed or waits (past_due, incomplete, unpaid)
 * is still ACTIVE, and its latest invoice says why; only an ended one is
 * CANCELED.
 */
export function subscriptionStatusOf(stripeStatus: string): SubscriptionStatus {
  return stripeStatus === "canceled" || stripeStatus === "incomplete_expired" ? "CANCELED" : "ACTIVE";
}

const idOf = (value: string | { id: string } | null) => (typeof value === "string" ? value : (value?.id ?? null));

/** A subscription item whose price is one of the catalog's (by `lookup_key`). */
function cataloguedItems(subscription: Stripe.Subscription) {
  return subscription.items.data.flatMap((item) => {
    const plan = findPaymentPlan(item.price.lookup_key ?? "");
    return plan ? [{ item, plan }] : [];
  });
}

/**
 * The plan the backend put in the metadata (v1 checkouts and updates: a
 * Premium subscription of Gmail users only has Gmail Pro prices); else
 * PREMIUM when any seat is Premium, otherwise the plan of the first seat plan.
 */
function workspacePlanOf(subscription: Stripe.Subscription, plans: readonly PaymentPlan[]): WorkspacePlan {
  const named = subscription.metadata.workspacePlan;
  if (named === "PRO" || named === "PREMIUM") return named;
  return plans.some((plan) => plan.workspacePlan === "PREMIUM") ? "PREMIUM" : plans[0]!.workspacePlan;
}

/**
 * The subscription row a Stripe subscription (as an event carries it) makes
 * for a space: seat plans from its items' prices, its period from the first
 * item, its tax rate and coupon. Null when none of its prices is the
 * catalog's: not a subscription of this product.
 */
export function subscriptionRecordOf(
  subscription: Stripe.Subscription,
  { workspaceId }: { workspaceId: string },
): SubscriptionRecord | null {
  const items = cataloguedItems(subscription);
  if (items.length === 0) return null;
  const first = items[0]!;
  const status = subscriptionStatusOf(subscription.status);
  const taxRate = subscription.default_tax_rates?.[0]?.percentage ?? first.item.tax_rates?.[0]?.percentage ?? 0;
  const seatPlans = items.map(({ item, plan }) => ({
    paymentPlanId: plan.paymentPlanId,
    userPlan: plan.userPlan,
    totalSeats: item.quantity ?? 1,
    unitAmount: item.price.unit_amount ?? plan.unitAmount,
  }));
  return {
    id: subscription.id,
    workspaceId,
    workspacePlan: workspacePlanOf(
      subscription,
      items.map(({ plan }) => plan),
    ),
    status,
    billingInterval: first.plan.billingInterval,
    currency: subscription.currency.toUpperCase(),
    paymentSource: "STRIPE",
    autoRenew: status === "ACTIVE" && !subscription.cancel_at_period_end && subscription.cancel_at === null,
    startTimestamp: first.item.current_period_start * 1000,
    endTimestamp: first.item.current_period_end * 1000,
    createdAt: subscription.created * 1000,
    stripeCustomerId: idOf(subscription.customer),
    stripeSubscriptionScheduleId: idOf(subscription.schedule),
    scheduledBillingInterval: null,
    taxRate,
    couponId: couponIdOf(subscription, seatPlans),
    seatPlans,
  };
}

/**
 * The subscription's seat coupon. An event names a discount by its id only,
 * so the coupon is 001 §9's for the seat total, the one the backend asks
 * Stripe for whenever it sets the seats (checkout, added seats, a removal's
 * schedule); none without a discount.
 */
function couponIdOf(subscription: Stripe.Subscription, seatPlans: readonly SeatPlanRecord[]): string | null {
  if (subscription.discounts.length === 0) return null;
  return couponForSeats(seatTotal(seatPlans.map((plan) => ({ quantity: plan.totalSeats }))))?.id ?? null;
}
