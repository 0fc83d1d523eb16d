import type { CardOutcome } from "./cards";
import { createSchedule, setPhases } from "./schedules";
import type { StripeState } from "./state";
import { endSubscription, setCancelAtPeriodEnd } from "./cancellation";
import { itemsOf, type PlannedItem } from "./subscription-items";
import { invoiceSubscription, startSubscription } from "./subscriptions";

/** What the local Stripe starts with besides its catalog: a demo account's customers and subscriptions. */
export interface StripeSeed {
  customers: Array<{
    id: string; // e.g. "cus_acme_marketing"
    email: string;
    name: string;
    address: { country: string };
    metadata: Record<string, string>; // { workspaceId }
    /** The default payment method's test card number ("4242424242424242", "4000002760003184", "4000000000000341"); none: no card. */
    card?: string;
  }>;
  taxRates: Array<{ id: string; percentage: number; country: string; displayName: string }>;
  subscriptions: Array<{
    id: string; // e.g. "sub_acme_marketing"
    customer: string;
    status: "active" | "past_due" | "canceled";
    items: Array<{ lookupKey: string; quantity: number }>; // catalog prices by lookup_key, e.g. "pro-yearly-usd"
    periodStart: number; // unix seconds
    periodEnd: number;
    cancelAtPeriodEnd?: boolean;
    couponId?: string; // "10SEATS"
    taxRateId?: string; // one of taxRates
    metadata: Record<string, string>; // { workspaceId }
    /** The latest invoice of the subscription and its payment intent. */
    latestInvoice: "paid" | "requires_payment_method" | "requires_action";
    /** That invoice's id (e.g. "in_acme_marketing"), so the backend's seed can name it too; by default a new one. */
    latestInvoiceId?: string;
    /** A change at period end, through a subscription schedule with that id (a seat decrease or a new interval). */
    scheduledChange?: { scheduleId: string; items: Array<{ lookupKey: string; quantity: number }> };
  }>;
}

type SeededSubscription = StripeSeed["subscriptions"][number];

/** How the seeded latest invoice's payment went, as the test card that would have made it. */
const PAYMENTS: Record<SeededSubscription["latestInvoice"], CardOutcome> = {
  paid: "succeeds",
  requires_payment_method: "declined",
  requires_action: "authenticate",
};

/**
 * Puts the seed into the state through the code the API goes through, so
 * its objects look like those the API makes: customers with their default
 * card, tax rates (exclusive), and subscriptions with their discount, tax
 * rate, latest invoice and its payment, and schedule. No events: nothing
 * happened, the account simply is so.
 */
export function applySeed(state: StripeState, seed: StripeSeed) {
  for (const customer of seed.customers) {
    const { id, email, name, address, metadata, card } = customer;
    state.createCustomer({ email, name, address, metadata }, id);
    if (card) state.attachCard(id, card);
  }
  for (const { id, displayName, percentage, country } of seed.taxRates) {
    state.createTaxRate({ display_name: displayName, percentage: String(percentage), inclusive: "false", country }, id);
  }
  for (const subscription of seed.subscriptions) seedSubscription(state, subscription);
}

function seedSubscription(state: StripeState, seeded: SeededSubscription) {
  const itemsFrom = (items: SeededSubscription["items"]): PlannedItem[] =>
    items.map(({ lookupKey, quantity }) => {
      const price = [...state.prices.values()].find((candidate) => candidate.lookup_key === lookupKey);
      if (!price) throw new Error(`The Stripe seed names a price that is not in the catalog: ${lookupKey}.`);
      return { price, quantity, taxRates: [] };
    });
  const items = itemsFrom(seeded.items);
  const subscription = state.clock.at(seeded.periodStart, () => {
    const started = startSubscription(state, {
      id: seeded.id,
      customer: state.get("customer", seeded.customer).id,
      items,
      defaultTaxRates: seeded.taxRateId ? [state.get("tax_rate", seeded.taxRateId)] : [],
      coupon: seeded.couponId ? state.get("coupon", seeded.couponId) : null,
      metadata: seeded.metadata,
      checkoutSession: null,
    });
    for (const item of itemsOf(started)) item.current_period_end = seeded.periodEnd;
    if (seeded.latestInvoiceId && state.invoices.has(seeded.latestInvoiceId)) {
      throw new Error(`The Stripe seed names the invoice ${seeded.latestInvoiceId} twice.`);
    }
    invoiceSubscription(state, started, "subscription_create", {
      id: seeded.latestInvoiceId,
      outcome: PAYMENTS[seeded.latestInvoice],
    });
    return started;
  });
  if (seeded.status === "past_due") subscription.status = "past_due";
  if (seeded.cancelAtPeriodEnd) setCancelAtPeriodEnd(state, subscription, true);
  if (seeded.scheduledChange) {
    const schedule = createSchedule(state, { from_subscription: seeded.id }, seeded.scheduledChange.scheduleId);
    setPhases(state, schedule, [
      { start: seeded.periodStart, end: seeded.periodEnd, items },
      { items: itemsFrom(seeded.scheduledChange.items) },
    ]);
  }
  if (seeded.status === "canceled") {
    state.clock.at(Math.min(seeded.periodEnd, state.now()), () => endSubscription(state, subscription));
  }
}
