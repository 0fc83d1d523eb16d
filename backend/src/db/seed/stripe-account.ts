import type { StripeSeed } from "../../../emulators/stripe/seed";
import { findPaymentPlan, seatPlanFor } from "../../domain/payment-plans";
import { seededSubscriptions, seededSubscriptionTerms } from "./billing";

const unixSeconds = (ms: number) => Math.floor(ms / 1000);

/**
 * The local Stripe's demo account (its `seed`), made from the same
 * definitions as the backend's seeded subscriptions (billing.ts) so both
 * agree: the same customer, subscription and schedule ids, items of the
 * seat plans, periods ending when the rows' do, coupon, tax rate and the
 * state of the latest invoice. `now` is the moment of seeding, as for the
 * database.
 */
export function stripeDemoAccount(now: number): StripeSeed {
  const account: StripeSeed = { customers: [], taxRates: [], subscriptions: [] };
  for (const { space, subscription } of seededSubscriptions()) {
    const terms = seededSubscriptionTerms(space, subscription, now);
    const stripe = terms.stripe;
    if (!stripe) continue;
    const metadata = { workspaceId: terms.workspaceId };
    account.customers.push({
      id: stripe.customerId,
      email: terms.owner.email,
      name: terms.spaceName,
      address: { country: stripe.country },
      metadata,
      card: stripe.card,
    });
    if (stripe.taxRateId) {
      account.taxRates.push({
        id: stripe.taxRateId,
        percentage: stripe.taxRate!,
        country: stripe.country,
        displayName: "VAT",
      });
    }
    const { scheduledRemoval, scheduledIntervalChange } = subscription;
    // At period end a schedule moves each seat plan to its removal's target or to the planned interval's price.
    const scheduledItems = subscription.seatPlans.map((seatPlan) => {
      const plan = findPaymentPlan(seatPlan.paymentPlanId)!;
      const moved = scheduledIntervalChange && seatPlanFor({ ...plan, ...scheduledIntervalChange });
      return {
        lookupKey: moved ? moved.paymentPlanId : plan.paymentPlanId,
        quantity:
          scheduledRemoval?.paymentPlanId === plan.paymentPlanId
            ? scheduledRemoval.targetSeatsQuantity
            : seatPlan.totalSeats,
      };
    });
    account.subscriptions.push({
      id: subscription.id,
      customer: stripe.customerId,
      status: stripe.status,
      items: subscription.seatPlans.map((plan) => ({ lookupKey: plan.paymentPlanId, quantity: plan.totalSeats })),
      periodStart: unixSeconds(terms.startTimestamp),
      periodEnd: unixSeconds(terms.endTimestamp),
      ...(terms.coupon && { couponId: terms.coupon.id }),
      ...(stripe.taxRateId && { taxRateId: stripe.taxRateId }),
      metadata: { ...metadata, userId: terms.owner.id },
      latestInvoice: stripe.latestInvoice,
      latestInvoiceId: stripe.latestInvoiceId,
      ...(stripe.scheduleId && { scheduledChange: { scheduleId: stripe.scheduleId, items: scheduledItems } }),
    });
  }
  return account;
}
