import { canceledSubscription, NO_CANCELLATION_DETAILS, setCancelAtPeriodEnd } from "./cancellation";
import { invalid, missing } from "./errors";
import { fieldsOf, text, updatedMetadata, type FormObject } from "./form";
import { chargeInvoice, type InvoiceCharge, type InvoicedLine } from "./invoices";
import { newId, type StripeObject } from "./objects";
import type { StripeState } from "./state";
import {
  itemsOf,
  periodEndFrom,
  subscriptionItem,
  type PlannedItem,
  type SubscriptionItem,
} from "./subscription-items";

/**
 * An active subscription from now, for one period of its first price's
 * interval, carrying the coupon (as a discount) and default tax rates its
 * invoices apply. Not invoiced yet.
 */
export function startSubscription(
  state: StripeState,
  purchase: {
    id?: string;
    customer: string;
    items: PlannedItem[];
    defaultTaxRates: StripeObject[];
    coupon: StripeObject | null;
    metadata: Record<string, string>;
    checkoutSession: string | null;
  },
): StripeObject {
  const id = purchase.id ?? newId("sub");
  const start = state.now();
  const period = { start, end: periodEndFrom(start, purchase.items[0]!.price) };
  const subscription: StripeObject = {
    id,
    object: "subscription",
    billing_cycle_anchor: start,
    cancel_at: null,
    cancel_at_period_end: false,
    canceled_at: null,
    cancellation_details: NO_CANCELLATION_DETAILS,
    collection_method: "charge_automatically",
    created: start,
    currency: purchase.items[0]!.price.currency,
    customer: purchase.customer,
    default_payment_method: null,
    default_tax_rates: purchase.defaultTaxRates,
    discounts: [],
    ended_at: null,
    items: {
      object: "list",
      data: purchase.items.map((item) => subscriptionItem(id, item, period)),
      has_more: false,
      url: `/v1/subscription_items?subscription=${id}`,
    },
    latest_invoice: null,
    livemode: false,
    metadata: purchase.metadata,
    schedule: null,
    start_date: start,
    status: "active",
  };
  state.subscriptions.set(id, subscription);
  setCoupon(state, subscription, purchase.coupon, purchase.checkoutSession);
  return subscription;
}

/** The subscription's coupon: its discount is kept while the coupon stays the same, replaced otherwise. */
export function setCoupon(
  state: StripeState,
  subscription: StripeObject,
  coupon: StripeObject | null,
  checkoutSession: string | null = null,
) {
  const [current] = subscription.discounts as string[];
  if (current && coupon && state.couponOfDiscount(current).id === coupon.id) return;
  subscription.discounts = coupon
    ? [
        state.createDiscount(coupon, {
          customer: subscription.customer as string,
          subscription: subscription.id,
          checkoutSession,
        }).id,
      ]
    : [];
}

/** An item's tax rates: its own, or else the subscription's defaults. */
const taxRatesOf = (subscription: StripeObject, item: SubscriptionItem) =>
  item.tax_rates.length > 0 ? item.tax_rates : (subscription.default_tax_rates as StripeObject[]);

/** Every item over its current period: what a first invoice and a renewal bill. */
function currentPeriodLines(subscription: StripeObject): InvoicedLine[] {
  return itemsOf(subscription).map((item) => ({
    subscriptionItem: item.id,
    price: item.price,
    quantity: item.quantity,
    amount: (item.price.unit_amount as number) * item.quantity,
    taxRates: taxRatesOf(subscription, item),
    period: { start: item.current_period_start, end: item.current_period_end },
    proration: false,
  }));
}

/**
 * Invoices the subscription with its discount and tax rates and charges it
 * (see chargeInvoice): the current period of every item unless other lines
 * are given. The invoice becomes the subscription's latest.
 */
export function invoiceSubscription(
  state: StripeState,
  subscription: StripeObject,
  reason: InvoiceCharge["reason"],
  { lines = currentPeriodLines(subscription), outcome }: Pick<Partial<InvoiceCharge>, "lines" | "outcome"> = {},
): StripeObject {
  const invoice = chargeInvoice(state, {
    customer: subscription.customer as string,
    subscription: subscription.id,
    metadata: subscription.metadata as Record<string, string>,
    currency: subscription.currency as string,
    reason,
    lines,
    discount: (subscription.discounts as string[])[0] ?? null,
    outcome,
  });
  subscription.latest_invoice = invoice.id;
  return invoice;
}

/** One `items[n]` of an update: an item of the subscription changed or deleted, or a new one. */
interface ItemUpdate {
  item: SubscriptionItem | null;
  price: StripeObject;
  quantity: number;
  deleted: boolean;
}

/** Reads `items[n]` (`id`, `price`, `quantity`, `deleted`), refusing what Stripe would, before anything changes. */
function itemUpdatesOf(state: StripeState, subscription: StripeObject, params: FormObject): ItemUpdate[] {
  const items = itemsOf(subscription);
  return (Array.isArray(params.items) ? params.items.map(fieldsOf) : []).map((change, index) => {
    const param = `items[${index}]`;
    const id = text(change.id);
    const item = id === undefined ? null : (items.find((candidate) => candidate.id === id) ?? null);
    if (id !== undefined && !item) throw missing("subscription_item", id, `${param}[id]`);
    const priceId = text(change.price);
    if (!item && !priceId) throw invalid("A new item needs a price.", `${param}[price]`);
    const price = priceId ? state.get("price", priceId, `${param}[price]`) : item!.price;
    const quantity = Number(text(change.quantity) ?? item?.quantity ?? 1);
    if (!Number.isInteger(quantity) || quantity < 1) throw invalid("Invalid integer", `${param}[quantity]`);
    return { item, price, quantity, deleted: text(change.deleted) === "true" };
  });
}

/**
 * The proration lines of an item update for the time left of the period
 * (`left`, a fraction): a quantity change at the same price is one line for
 * the difference; a new price credits the unused time of the old one and
 * charges the new one's; a deleted item is credited, a new one charged.
 */
function prorationLines(
  subscription: StripeObject,
  before: SubscriptionItem | null,
  after: SubscriptionItem | null,
  left: number,
  at: number,
): InvoicedLine[] {
  const line = (item: SubscriptionItem, amount: number): InvoicedLine => ({
    subscriptionItem: item.id,
    price: item.price,
    quantity: item.quantity,
    amount,
    taxRates: taxRatesOf(subscription, item),
    period: { start: at, end: item.current_period_end },
    proration: true,
  });
  const full = (item: SubscriptionItem) => (item.price.unit_amount as number) * item.quantity;
  if (before && after && before.price.id === after.price.id) {
    const difference = full(after) - full(before);
    return difference === 0 ? [] : [line(after, Math.round(difference * left))];
  }
  return [
    ...(before ? [line(before, Math.round(-full(before) * left))] : []),
    ...(after ? [line(after, Math.round(full(after) * left))] : []),
  ];
}

/** What an ended subscription still takes in an update. */
const AFTER_THE_END = ["cancellation_details", "expand", "metadata"];

/**
 * A subscription update (POST /v1/subscriptions/{id}): items changed (a
 * quantity, a new price), deleted or added, coupon (`discounts`), default
 * tax rates, metadata, cancellation at period end. With
 * `proration_behavior=always_invoice` the changes are invoiced at once,
 * prorated over what is left of the period (credits for what is given up),
 * with the coupon and tax, and charged; `create_prorations` (Stripe's
 * default) and `none` invoice nothing now.
 */
export function updateSubscription(
  state: StripeState,
  subscription: StripeObject,
  params: FormObject,
): StripeObject | null {
  if (subscription.status === "canceled" && Object.keys(params).some((param) => !AFTER_THE_END.includes(param))) {
    throw canceledSubscription();
  }
  const behaviour = text(params.proration_behavior) ?? "create_prorations";
  if (!["always_invoice", "create_prorations", "none"].includes(behaviour)) {
    throw invalid("Invalid proration_behavior.", "proration_behavior");
  }
  // Everything is checked before anything changes, as a refused update changes nothing.
  const coupon = params.discounts === undefined ? undefined : state.couponOf(params.discounts, "discounts");
  const defaultTaxRates =
    params.default_tax_rates === undefined
      ? undefined
      : state.taxRatesOf(params.default_tax_rates, "default_tax_rates");
  const changes = itemUpdatesOf(state, subscription, params);
  if (coupon !== undefined) setCoupon(state, subscription, coupon);
  if (defaultTaxRates) subscription.default_tax_rates = defaultTaxRates;
  const at = state.now();
  const items = (subscription.items as { data: SubscriptionItem[] }).data;
  const { current_period_start: start, current_period_end: end } = items[0]!;
  const left = Math.max(0, end - at) / Math.max(1, end - start);
  const prorations: InvoicedLine[] = [];
  for (const change of changes) {
    const before = change.item && { ...change.item };
    let after: SubscriptionItem | null = null;
    if (change.deleted) {
      items.splice(items.indexOf(change.item!), 1);
    } else if (change.item) {
      after = Object.assign(change.item, { price: change.price, quantity: change.quantity });
    } else {
      after = subscriptionItem(
        subscription.id,
        { price: change.price, quantity: change.quantity, taxRates: [] },
        {
          start: at,
          end,
        },
      );
      items.push(after);
    }
    prorations.push(...prorationLines(subscription, before, after, left, at));
  }
  if (params.metadata !== undefined) {
    subscription.metadata = updatedMetadata(subscription.metadata as Record<string, string>, params.metadata);
  }
  const cancel = text(params.cancel_at_period_end);
  if (cancel !== undefined) setCancelAtPeriodEnd(state, subscription, cancel === "true");
  if (behaviour !== "always_invoice" || prorations.length === 0) return null;
  return invoiceSubscription(state, subscription, "subscription_update", { lines: prorations });
}

/** After an invoice is paid: its subscription, past due because of it, is active again (then answered, to be told). */
export function reactivatedBy(state: StripeState, invoice: StripeObject): StripeObject | null {
  const { subscription: id } = (invoice.parent as { subscription_details: { subscription: string } })
    .subscription_details;
  const subscription = state.get("subscription", id);
  if (subscription.status !== "past_due" || subscription.latest_invoice !== invoice.id) return null;
  subscription.status = "active";
  return subscription;
}
