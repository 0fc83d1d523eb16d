import type Stripe from "stripe";
import { readInvoice, type InvoiceSummary } from "./invoices";
import { callStripe, stripeIdempotencyKey } from "./stripe-client";

/**
 * Seat changes asked of Stripe (001 §4 Add seats, Remove seats). Nothing
 * here writes the backend's rows: the webhooks bring Stripe's answer.
 */

const idOf = (value: string | { id: string } | null) => (typeof value === "string" ? value : (value?.id ?? null));

/** New seat totals, by payment plan id (a Stripe price's `lookup_key`). */
export type SeatTotals = ReadonlyMap<string, number>;

/** The subscription's items, each with its wanted quantity (unchanged when its plan is not in `totals`). */
function itemsAt(subscription: Stripe.Subscription, totals: SeatTotals) {
  return subscription.items.data.map((item) => ({
    item,
    quantity: totals.get(item.price.lookup_key ?? "") ?? item.quantity ?? 1,
  }));
}

/** A coupon for Stripe's `discounts`: the coupon, or none (an empty value clears the discount). */
const discountsOf = (couponId: string | null) => (couponId ? [{ coupon: couponId }] : ("" as const));

/** What a seat increase came to: its invoice, and whether the seats wait for that invoice to be paid. */
export interface SeatIncrease {
  invoice: InvoiceSummary | null;
  /** Stripe's pending update: the seats are added only once the invoice is paid. */
  pending: boolean;
}

/**
 * More seats, once paid: the new quantities with `always_invoice`, so the
 * added seats are invoiced at once, prorated, and charged to the default
 * card, as a pending update (`pending_if_incomplete`): the subscription
 * changes only if the payment goes through; otherwise the invoice stays
 * open (authentication needed, or declined) and the seats wait for it. The
 * coupon moves with the seat total when it changes, with the seats. An
 * earlier increase still waiting gives way.
 */
export async function addSeats(
  stripe: Stripe,
  change: { subscriptionId: string; totals: SeatTotals; couponId: string | null | undefined; requestKey?: string },
): Promise<SeatIncrease> {
  const subscription = await callStripe(() => stripe.subscriptions.retrieve(change.subscriptionId));
  // An earlier increase still waiting for its payment (an authentication left undone) gives way to this one.
  const waiting = subscription.pending_update ? idOf(subscription.latest_invoice) : null;
  if (waiting && (await readInvoice(stripe, waiting)).status === "open") await dropPendingSeats(stripe, waiting);
  const params: Stripe.SubscriptionUpdateParams = {
    items: itemsAt(subscription, change.totals).map(({ item, quantity }) => ({ id: item.id, quantity })),
    proration_behavior: "always_invoice",
    payment_behavior: "pending_if_incomplete",
    ...(change.couponId !== undefined && { discounts: discountsOf(change.couponId) }),
  };
  const updated = await callStripe(() =>
    stripe.subscriptions.update(change.subscriptionId, params, {
      idempotencyKey: stripeIdempotencyKey(change.requestKey, "add-seats", [change.subscriptionId, params]),
    }),
  );
  const invoiceId = idOf(updated.latest_invoice);
  return {
    invoice: invoiceId ? await readInvoice(stripe, invoiceId) : null,
    pending: Boolean(updated.pending_update),
  };
}

/**
 * A seat increase whose payment was declined, or that another one replaces,
 * adds nothing: its invoice is voided, which drops the pending update, so
 * nothing is owed either.
 */
export async function dropPendingSeats(stripe: Stripe, invoiceId: string): Promise<void> {
  await callStripe(() =>
    stripe.invoices.voidInvoice(invoiceId, {}, { idempotencyKey: `void-pending-seats-${invoiceId}` }),
  );
}

/** The next period a schedule plans: its items, its coupon (the current one when left out) and its interval. */
export interface NextPeriod {
  items: Array<{ price: string; quantity: number }>;
  discounts?: Stripe.SubscriptionScheduleUpdateParams.Phase["discounts"];
  interval: "month" | "year";
}

/** The interval of a subscription's prices, as schedule phases name it. */
export const intervalOf = (subscription: Stripe.Subscription) =>
  subscription.items.data[0]!.price.recurring?.interval === "month" ? "month" : "year";

/** A new schedule over the subscription, its one phase the current period as it is. Answers its id. */
export async function openSchedule(
  stripe: Stripe,
  plan: { subscriptionId: string; purpose: string; requestKey?: string },
): Promise<string> {
  const params = { from_subscription: plan.subscriptionId };
  const schedule = await callStripe(() =>
    stripe.subscriptionSchedules.create(params, {
      idempotencyKey: stripeIdempotencyKey(plan.requestKey, `${plan.purpose}-schedule`, params),
    }),
  );
  return schedule.id;
}

/**
 * A change from the renewal on, through a subscription schedule (the one
 * given, or a new one over the subscription): its first phase is the
 * current period as the subscription now is (items, coupon, tax), the
 * second `next` for one cycle, after which the schedule releases the
 * subscription as it then is. Answers the schedule's id.
 */
export async function scheduleNextPeriod(
  stripe: Stripe,
  plan: {
    subscriptionId: string;
    scheduleId: string | null;
    next: (subscription: Stripe.Subscription) => NextPeriod;
    /** Names the Stripe idempotency keys of this kind of change. */
    purpose: string;
    requestKey?: string;
  },
): Promise<string> {
  const subscription = await callStripe(() => stripe.subscriptions.retrieve(plan.subscriptionId));
  const scheduleId = plan.scheduleId ?? (await openSchedule(stripe, plan));
  const schedule = await callStripe(() => stripe.subscriptionSchedules.retrieve(scheduleId));
  const current =
    schedule.phases.find((phase) => phase.start_date === schedule.current_phase?.start_date) ?? schedule.phases[0]!;
  const taxRates = (current.default_tax_rates ?? []).map((taxRate) => taxRate.id);
  const discounts = (current.discounts ?? []).flatMap((discount) => {
    const coupon = idOf(discount.coupon);
    return coupon ? [{ coupon }] : [];
  });
  const next = plan.next(subscription);
  const params: Stripe.SubscriptionScheduleUpdateParams = {
    end_behavior: "release",
    proration_behavior: "none",
    phases: [
      {
        start_date: current.start_date,
        end_date: current.end_date,
        items: subscription.items.data.map((item) => ({ price: item.price.id, quantity: item.quantity ?? 1 })),
        discounts,
        default_tax_rates: taxRates,
      },
      {
        items: next.items,
        discounts: next.discounts ?? discounts,
        default_tax_rates: taxRates,
        duration: { interval: next.interval, interval_count: 1 },
      },
    ],
  };
  await callStripe(() =>
    stripe.subscriptionSchedules.update(schedule.id, params, {
      idempotencyKey: stripeIdempotencyKey(plan.requestKey, `${plan.purpose}-phases`, [schedule.id, params]),
    }),
  );
  return schedule.id;
}

/**
 * Fewer seats from the renewal on (a new schedule): the target quantities
 * with the coupon of their total. Answers the schedule's id.
 */
export async function scheduleSeatRemoval(
  stripe: Stripe,
  change: { subscriptionId: string; totals: SeatTotals; couponId: string | null; requestKey?: string },
): Promise<string> {
  return scheduleNextPeriod(stripe, {
    subscriptionId: change.subscriptionId,
    scheduleId: null,
    next: (subscription) => ({
      items: itemsAt(subscription, change.totals).map(({ item, quantity }) => ({ price: item.price.id, quantity })),
      discounts: discountsOf(change.couponId),
      interval: intervalOf(subscription),
    }),
    purpose: "removal",
    requestKey: change.requestKey,
  });
}

/** Drops what a schedule planned: the subscription goes on as it is. A schedule no longer running is left alone. */
export async function releaseSchedule(stripe: Stripe, scheduleId: string, requestKey?: string): Promise<void> {
  const schedule = await callStripe(() => stripe.subscriptionSchedules.retrieve(scheduleId));
  if (schedule.status !== "active" && schedule.status !== "not_started") return;
  await callStripe(() =>
    stripe.subscriptionSchedules.release(
      scheduleId,
      {},
      { idempotencyKey: stripeIdempotencyKey(requestKey, "release-schedule", scheduleId) },
    ),
  );
}
