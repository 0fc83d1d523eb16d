import type Stripe from "stripe";
import type { BillingInterval, Currency } from "../domain/enums";
import { itemChanges, perUserPrice, type ChangeStep, type Item } from "../domain/per-user-changes";
import type { PerUserPlan } from "../domain/paid-users";
import { findPaymentPlan } from "../domain/payment-plans";
import { readInvoice, type InvoiceSummary } from "./invoices";
import type { PriceDirectory } from "./price-directory";
import { openSchedule, releaseSchedule, scheduleNextPeriod } from "./seat-changes";
import { callStripe, stripeIdempotencyKey } from "./stripe-client";

/**
 * A per-user subscription's change asked of Stripe (backend/README.md
 * "Per-user and legacy billing"): the steps domain/per-user-changes.ts
 * plans, in order, then a billing-interval change at the renewal through a
 * schedule. Nothing here writes the backend's rows: Stripe's events bring
 * the subscription, the caller records the members and the schedule.
 */

const idOf = (value: string | { id: string } | null) => (typeof value === "string" ? value : (value?.id ?? null));

/** The subscription's Stripe items as a change sees them, with their Stripe ids. */
function heldItems(subscription: Stripe.Subscription): Array<Item & { id: string }> {
  return subscription.items.data.flatMap((item) => {
    const plan = findPaymentPlan(item.price.lookup_key ?? "");
    if (!plan) return [];
    return [
      {
        id: item.id,
        paymentPlanId: plan.paymentPlanId,
        userPlan: plan.userPlan,
        quantity: item.quantity ?? 1,
        unitAmount: item.price.unit_amount ?? plan.unitAmount,
      },
    ];
  });
}

/** Stripe's `items` for moving the subscription's items to the wanted ones: changed, deleted, added. */
async function itemParams(prices: PriceDirectory, subscription: Stripe.Subscription, wanted: readonly Item[]) {
  return Promise.all(
    itemChanges(heldItems(subscription), wanted).map(async ({ from, to }) => {
      if (!to) return { id: from!.id, deleted: true };
      const price = from?.paymentPlanId === to.paymentPlanId ? {} : { price: await prices.priceIdOf(to.paymentPlanId) };
      return { ...(from && { id: from.id }), ...price, quantity: to.quantity };
    }),
  );
}

/** The Stripe updates of a per-user change (domain/per-user-changes.ts), for the subscription of that plan. */
interface ChangeSteps {
  subscriptionId: string;
  steps: readonly ChangeStep[];
  workspacePlan: PerUserPlan;
  requestKey?: string;
}

/**
 * The steps, each one Stripe update of the whole items: a charged one with
 * `always_invoice` (charged now to the default card; an open invoice when
 * the card asks for authentication or is declined), the others with `none`.
 * The first carries the subscription's plan in its metadata. Answers the
 * invoice of the charged step, if any.
 */
async function applyChangeSteps(
  stripe: Stripe,
  prices: PriceDirectory,
  change: ChangeSteps,
): Promise<InvoiceSummary | null> {
  let invoice: InvoiceSummary | null = null;
  for (const [index, step] of change.steps.entries()) {
    const subscription = await callStripe(() => stripe.subscriptions.retrieve(change.subscriptionId));
    const params: Stripe.SubscriptionUpdateParams = {
      items: await itemParams(prices, subscription, step.items),
      proration_behavior: step.charged ? "always_invoice" : "none",
      ...(step.charged && { payment_behavior: "allow_incomplete" }),
      ...(index === 0 && { metadata: { workspacePlan: change.workspacePlan } }),
    };
    const updated = await callStripe(() =>
      stripe.subscriptions.update(change.subscriptionId, params, {
        idempotencyKey: stripeIdempotencyKey(change.requestKey, `per-user-step-${index}`, [
          change.subscriptionId,
          params,
        ]),
      }),
    );
    const invoiceId = step.charged ? idOf(updated.latest_invoice) : null;
    if (invoiceId) invoice = await readInvoice(stripe, invoiceId);
  }
  return invoice;
}

/**
 * Moves the subscription to the other billing interval at the renewal, with
 * the same seats at that interval's prices, through its schedule (the one
 * given, re-phased to the subscription as it now is, or a new one).
 * Answers the schedule's id.
 */
async function scheduleIntervalChange(
  stripe: Stripe,
  prices: PriceDirectory,
  change: {
    subscriptionId: string;
    scheduleId: string | null;
    workspacePlan: PerUserPlan;
    billingInterval: BillingInterval;
    requestKey?: string;
  },
): Promise<string> {
  const subscription = await callStripe(() => stripe.subscriptions.retrieve(change.subscriptionId));
  const currency = subscription.currency.toUpperCase() as Currency;
  const items = await Promise.all(
    heldItems(subscription).map(async (item) => {
      const price = perUserPrice(
        change.workspacePlan,
        item.userPlan === "PRO_PERSONAL" ? "PRO_PERSONAL" : "PRO",
        change.billingInterval,
        currency,
      );
      return { price: await prices.priceIdOf(price.paymentPlanId), quantity: item.quantity };
    }),
  );
  return scheduleNextPeriod(stripe, {
    subscriptionId: change.subscriptionId,
    scheduleId: change.scheduleId,
    next: () => ({ items, interval: change.billingInterval === "MONTHLY" ? "month" : "year" }),
    purpose: "interval-change",
    requestKey: change.requestKey,
  });
}

/**
 * A per-user change asked of Stripe: its steps, then the interval the
 * renewal moves to (`renewalInterval`, when one is planned) through the
 * subscription's schedule. A new schedule is made before the steps, so that
 * Stripe's events of the steps (which may reach the backend after its
 * answer) already name it; if the steps fail, it is released again. Answers
 * the invoice of the charged step and the schedule's id.
 */
export async function applyPerUserChange(
  stripe: Stripe,
  prices: PriceDirectory,
  change: ChangeSteps & { scheduleId: string | null; renewalInterval: BillingInterval | null },
): Promise<{ invoice: InvoiceSummary | null; scheduleId: string | null }> {
  const opened =
    change.renewalInterval && !change.scheduleId
      ? await openSchedule(stripe, { ...change, purpose: "interval-change" })
      : null;
  const scheduleId = opened ?? change.scheduleId;
  let invoice: InvoiceSummary | null;
  try {
    invoice = await applyChangeSteps(stripe, prices, change);
  } catch (error) {
    if (opened) await releaseSchedule(stripe, opened, change.requestKey).catch(() => undefined);
    throw error;
  }
  if (!change.renewalInterval) return { invoice, scheduleId };
  await scheduleIntervalChange(stripe, prices, {
    ...change,
    scheduleId,
    billingInterval: change.renewalInterval,
  });
  return { invoice, scheduleId };
}
