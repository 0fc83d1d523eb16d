import { subscriptionStatusOf } from "../../billing/stripe-subscription";
import { findPaymentPlan } from "../../domain/payment-plans";
import { addBillingInterval, seatTotal } from "../../domain/quote";
import { couponForSeats } from "../../domain/seat-coupons";
import { saveBillingCustomer } from "../../store/billing-customers";
import { insertSeatRemovals, saveLatestInvoice, saveSubscription } from "../../store/subscriptions";
import type { BackendDb } from "../connection";
import { PERSONAS, SEED_SPACES, SPACES, type SeedSpace, type SeedSubscription } from "./personas";

const DAY_MS = 86_400_000;

/** Stripe speaks in whole seconds: seeded periods are too, so both sides hold the same instants. */
const wholeSecond = (ms: number) => Math.floor(ms / 1000) * 1000;

/**
 * Everything both the backend's rows and the local Stripe's seed
 * (stripe-account.ts) derive from a seeded subscription, so they agree: ids
 * made from the space's slug, the period, the coupon of the seat total.
 */
export function seededSubscriptionTerms(space: SeedSpace, subscription: SeedSubscription, now: number) {
  const { id: workspaceId, slug, name } = SPACES[space.space];
  const idPart = slug.replaceAll("-", "_");
  const endTimestamp = wholeSecond(now + subscription.renewsInDays * DAY_MS);
  const owner = space.members.find((member) => member.role === "OWNER")!;
  const stripe = subscription.stripe;
  const scheduled = subscription.scheduledRemoval !== undefined || subscription.scheduledIntervalChange !== undefined;
  return {
    workspaceId,
    spaceName: name,
    owner: PERSONAS[owner.persona],
    startTimestamp: addBillingInterval(endTimestamp, subscription.billingInterval, -1),
    endTimestamp,
    // Seat coupons are for per-seat subscriptions; a per-user one has none.
    coupon: space.isPerSeat
      ? couponForSeats(seatTotal(subscription.seatPlans.map((plan) => ({ quantity: plan.totalSeats }))))
      : null,
    stripe: stripe && {
      ...stripe,
      customerId: `cus_${idPart}`,
      country: stripe.country ?? "US",
      taxRateId: stripe.taxRate === undefined ? null : `txr_${idPart}_vat`,
      scheduleId: scheduled ? `sub_sched_${idPart}` : null,
      // The invoice that opened the period: the local Stripe's seed makes it with this id, when it starts.
      latestInvoiceId: `in_${idPart}_opening`,
    },
  };
}

/** The seeded spaces that have a subscription, each with it. */
export function seededSubscriptions() {
  return SEED_SPACES.flatMap((space) => (space.subscription ? [{ space, subscription: space.subscription }] : []));
}

/**
 * The seeded subscriptions with their seat plans, scheduled seat removals,
 * Stripe customers and latest invoices (backend/README.md, Seed).
 */
export async function seedBilling(db: BackendDb, now: number): Promise<void> {
  for (const { space, subscription } of seededSubscriptions()) {
    const terms = seededSubscriptionTerms(space, subscription, now);
    const status = terms.stripe ? subscriptionStatusOf(terms.stripe.status) : "ACTIVE";
    await saveSubscription(db, {
      id: subscription.id,
      workspaceId: terms.workspaceId,
      workspacePlan: findPaymentPlan(subscription.seatPlans[0]!.paymentPlanId)!.workspacePlan,
      status,
      billingInterval: subscription.billingInterval,
      currency: findPaymentPlan(subscription.seatPlans[0]!.paymentPlanId)!.currency,
      paymentSource: terms.stripe ? "STRIPE" : (space.paymentSource ?? "OFFLINE"),
      autoRenew: status === "ACTIVE",
      startTimestamp: terms.startTimestamp,
      endTimestamp: terms.endTimestamp,
      createdAt: now - space.createdDaysAgo * DAY_MS,
      stripeCustomerId: terms.stripe?.customerId ?? null,
      stripeSubscriptionScheduleId: terms.stripe?.scheduleId ?? null,
      scheduledBillingInterval: subscription.scheduledIntervalChange?.billingInterval ?? null,
      taxRate: terms.stripe?.taxRate ?? 0,
      couponId: terms.stripe ? (terms.coupon?.id ?? null) : null,
      legalEntity: subscription.legalEntity,
      seatPlans: subscription.seatPlans.map((plan) => ({
        ...plan,
        unitAmount: findPaymentPlan(plan.paymentPlanId)!.unitAmount,
      })),
    });
    if (subscription.scheduledRemoval) {
      await insertSeatRemovals(db, {
        subscriptionId: subscription.id,
        targets: [subscription.scheduledRemoval],
        removeSeatsAt: terms.endTimestamp,
        stripeSubscriptionScheduleId: terms.stripe?.scheduleId ?? null,
        now,
      });
    }
    if (terms.stripe) {
      await saveBillingCustomer(db, {
        workspaceId: terms.workspaceId,
        stripeCustomerId: terms.stripe.customerId,
        country: terms.stripe.country,
        companyName: terms.spaceName,
        vatNumber: null,
        taxRateId: terms.stripe.taxRateId,
        taxRateCountry: terms.stripe.taxRateId ? terms.stripe.country : null,
        now,
      });
      // The invoice that opened the period, as the local Stripe's seed makes it (its page is the Stripe's own).
      const paid = terms.stripe.latestInvoice === "paid";
      await saveLatestInvoice(db, subscription.id, {
        invoiceId: terms.stripe.latestInvoiceId,
        createdAt: terms.startTimestamp,
        paid,
        hostedInvoiceUrl: null,
        paymentIntentStatus: paid ? "succeeded" : terms.stripe.latestInvoice,
      });
    }
  }
}
