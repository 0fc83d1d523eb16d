import type { BackendDb } from "../../db/connection";
import type { SubscriptionStatus } from "../../db/tables/subscriptions";
import { findPaymentPlan, seatPlanFor } from "../../domain/payment-plans";
import { cycleAmount, seatTotal, withTax, type PricedLine } from "../../domain/quote";
import { couponForSeats, findSeatCoupon, SEAT_COUPON_DURATION } from "../../domain/seat-coupons";
import { UNLIMITED_SEATS } from "../../domain/seats";
import { findBillingCustomer, type BillingCustomerRow } from "../../store/billing-customers";
import { listRefundedDuplicates } from "../../store/duplicate-subscriptions";
import { loadSpaceSeats, type SeatPlanUsage, type SubscriptionSeats } from "../../store/space-seats";
import {
  findSubscription,
  listSeatRemovals,
  type SeatRemovalRow,
  type SubscriptionRow,
} from "../../store/subscriptions";
import { timestamp } from "./timestamps";

/** The priced seat plans (unlimited ones cost nothing here), at a pending removal's target if any. */
function pricedLines(plans: readonly SeatPlanUsage[], removals: readonly SeatRemovalRow[] = []): PricedLine[] {
  return plans
    .filter((plan) => plan.totalSeats !== UNLIMITED_SEATS)
    .map((plan) => ({
      paymentPlanId: plan.paymentPlanId,
      userPlan: plan.userPlan,
      unitAmount: plan.unitAmount,
      quantity:
        removals.find((removal) => removal.payment_plan_id === plan.paymentPlanId)?.target_seats_quantity ??
        plan.totalSeats,
    }));
}

/**
 * What the subscription costs a cycle from its renewal on, coupon applied,
 * before tax: a pending removal's targets (with the coupon of their total,
 * as its schedule asks Stripe) and a planned interval's prices.
 */
function renewalAmount(subscription: SubscriptionRow, plans: readonly SeatPlanUsage[], removals: SeatRemovalRow[]) {
  const targetInterval = subscription.scheduled_billing_interval;
  const lines = pricedLines(plans, removals).map((line) => {
    const plan = findPaymentPlan(line.paymentPlanId);
    const moved = targetInterval && plan && seatPlanFor({ ...plan, billingInterval: targetInterval });
    return moved ? { ...line, unitAmount: moved.unitAmount } : line;
  });
  const coupon = removals.length > 0 ? couponForSeats(seatTotal(lines)) : findSeatCoupon(subscription.coupon_id);
  return cycleAmount(lines, coupon?.percentOff ?? 0);
}

/** A scheduled seat removal (001 §3), as the removal calls answer it. */
function removalView(removal: SeatRemovalRow, targetSubscriptionAmount: number) {
  return {
    paymentPlanId: removal.payment_plan_id,
    targetSeatsQuantity: removal.target_seats_quantity,
    removeSeatsAtTimestamp: timestamp(removal.remove_seats_at),
    status: removal.status,
    createTimestamp: timestamp(removal.created_at),
    lastUpdateTimestamp: timestamp(removal.updated_at),
    stripeSubscriptionScheduleId: removal.stripe_subscription_schedule_id,
    targetSubscriptionAmount,
  };
}

/** The subscription's pending removals with what it costs a cycle once they apply. */
export async function pendingRemovalViews(db: BackendDb, seats: SubscriptionSeats) {
  const removals = await listSeatRemovals(db, seats.subscription.id, "PENDING");
  const amount = renewalAmount(seats.subscription, seats.plans, removals);
  return removals.map((removal) => removalView(removal, amount));
}

function paymentPlanView(plan: SeatPlanUsage, legalEntity: string) {
  return {
    paymentPlanId: plan.paymentPlanId,
    legalEntity,
    userPlanType: plan.userPlan,
    totalSeats: plan.totalSeats,
    assignedSeats: plan.assignedSeats,
    availableSeats: plan.availableSeats,
    numberOfLicensesUsed: plan.assignedSeats,
    allowedQuantity: plan.totalSeats,
    unitAmount: plan.unitAmount,
  };
}

/** How long the billing page tells of a refunded duplicate payment. */
const DUPLICATE_REFUND_NOTICE_MS = 30 * 86_400_000;

/** The duplicates of the subscription (a second purchase paid at once) refunded lately. */
async function duplicateRefundViews(db: BackendDb, subscription: SubscriptionRow, now: number) {
  const refunded = await listRefundedDuplicates(db, subscription.id, now - DUPLICATE_REFUND_NOTICE_MS);
  return refunded.map((duplicate) => ({
    subscriptionId: duplicate.id,
    amount: duplicate.refunded_amount,
    currency: duplicate.currency,
    refundedTimestamp: timestamp(duplicate.refunded_at),
  }));
}

/**
 * The Stripe side of a subscription (001 §3 additionalStripeInfo): its
 * buyer, coupon and invoices; and, of ours, the duplicate payments refunded.
 */
function additionalStripeInfo(
  subscription: SubscriptionRow,
  customer: BillingCustomerRow | undefined,
  upcomingAmount: number,
  duplicateRefunds: Awaited<ReturnType<typeof duplicateRefundViews>>,
) {
  const coupon = findSeatCoupon(subscription.coupon_id);
  return {
    country: customer?.country ?? null,
    companyName: customer?.company_name ?? null,
    couponId: coupon?.id ?? null,
    couponDuration: coupon ? SEAT_COUPON_DURATION : null,
    couponPercentOff: coupon?.percentOff ?? null,
    latestInvoice:
      subscription.latest_invoice_paid !== null
        ? {
            invoiceId: subscription.latest_invoice_id,
            paid: subscription.latest_invoice_paid === 1,
            hostedInvoiceUrl: subscription.latest_invoice_url,
            paymentIntent: subscription.latest_invoice_payment_status
              ? { status: subscription.latest_invoice_payment_status }
              : null,
          }
        : null,
    upcomingInvoice:
      subscription.status === "ACTIVE" && subscription.auto_renew === 1
        ? {
            amountDue: withTax(upcomingAmount, subscription.tax_rate),
            dueTimestamp: timestamp(subscription.end_timestamp),
          }
        : null,
    duplicateRefunds,
  };
}

/** The legacy licence the subscription replaced (the billing page's "previous subscription was cancelled", 001 §4). */
async function legacyUpgradeView(db: BackendDb, subscription: SubscriptionRow) {
  if (!subscription.legacy_subscription_id) return null;
  const legacy = await findSubscription(db, subscription.workspace_id, subscription.legacy_subscription_id);
  return {
    subscriptionId: subscription.legacy_subscription_id,
    paymentSource: legacy?.payment_source ?? null,
    legalEntity: legacy?.legal_entity ?? null,
    upgradedTimestamp: timestamp(subscription.legacy_upgraded_at),
  };
}

export interface SubscriptionViewOptions {
  statuses: readonly SubscriptionStatus[];
  includePlans: boolean;
  includeStripeInfo: boolean;
  now: number;
}

/** The space's subscriptions as the Subscriptions v1 and v2 calls answer them (backend/README.md, `Subscription`). */
export async function subscriptionViews(db: BackendDb, workspaceId: string, options: SubscriptionViewOptions) {
  const [spaceSeats, customer] = await Promise.all([
    loadSpaceSeats(db, workspaceId, options.now, options.statuses),
    findBillingCustomer(db, workspaceId),
  ]);
  return Promise.all(
    spaceSeats.map(async ({ subscription, plans }) => {
      const removals = await listSeatRemovals(db, subscription.id, "PENDING");
      const coupon = findSeatCoupon(subscription.coupon_id);
      const withStripeInfo = options.includeStripeInfo && subscription.payment_source === "STRIPE";
      return {
        subscriptionId: subscription.id,
        workspaceId: subscription.workspace_id,
        workspacePlan: subscription.workspace_plan,
        status: subscription.status,
        billingInterval: subscription.billing_interval,
        currency: subscription.currency,
        taxRate: subscription.tax_rate,
        amount: cycleAmount(pricedLines(plans), coupon?.percentOff ?? 0),
        discount: coupon?.percentOff ?? null,
        paymentSource: subscription.payment_source,
        autoRenew: subscription.auto_renew === 1,
        startTimestamp: timestamp(subscription.start_timestamp),
        endTimestamp: timestamp(subscription.end_timestamp),
        scheduledChanges: subscription.scheduled_billing_interval
          ? { targetBillingInterval: subscription.scheduled_billing_interval }
          : null,
        // A removal's schedule is known from the call that made it, before Stripe's event says so.
        stripeSubscriptionScheduleId:
          subscription.stripe_subscription_schedule_id ?? removals[0]?.stripe_subscription_schedule_id ?? null,
        legacyUpgrade: await legacyUpgradeView(db, subscription),
        ...(options.includePlans && {
          subscriptionPaymentPlans: plans.map((plan) => paymentPlanView(plan, subscription.legal_entity)),
        }),
        additionalStripeInfo: withStripeInfo
          ? additionalStripeInfo(
              subscription,
              customer,
              renewalAmount(subscription, plans, removals),
              await duplicateRefundViews(db, subscription, options.now),
            )
          : null,
      };
    }),
  );
}
