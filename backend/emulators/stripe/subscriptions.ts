import { NO_CANCELLATION_DETAILS } from "./cancellation";
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
    pending_update: null,
    schedule: null,
    start_date: start,
    status: "active",
  };
  state.subscriptions.set(id, subscription);
  setCoupon(state, subscription, purchase.coupon, purchase.checkoutSession);
  return subscription;
}

/**
 * The subscription's `discounts` with a coupon (or none): its discount is
 * kept while the coupon stays the same, a new one made otherwise.
 */
export function discountsWith(
  state: StripeState,
  subscription: StripeObject,
  coupon: StripeObject | null,
  checkoutSession: string | null = null,
): string[] {
  const [current] = subscription.discounts as string[];
  if (current && coupon && state.couponOfDiscount(current).id === coupon.id) return [current];
  if (!coupon) return [];
  const customer = subscription.customer as string;
  return [state.createDiscount(coupon, { customer, subscription: subscription.id, checkoutSession }).id];
}

/** The subscription's coupon, as a discount (see discountsWith). */
export function setCoupon(
  state: StripeState,
  subscription: StripeObject,
  coupon: StripeObject | null,
  checkoutSession: string | null = null,
) {
  subscription.discounts = discountsWith(state, subscription, coupon, checkoutSession);
}

/** An item's tax rates: its own, or else the subscription's defaults. */
export const taxRatesOf = (defaultTaxRates: StripeObject[], item: SubscriptionItem) =>
  item.tax_rates.length > 0 ? item.tax_rates : defaultTaxRates;

/** Every item over its current period: what a first invoice and a renewal bill. */
function currentPeriodLines(subscription: StripeObject): InvoicedLine[] {
  return itemsOf(subscription).map((item) => ({
    subscriptionItem: item.id,
    price: item.price,
    quantity: item.quantity,
    amount: (item.price.unit_amount as number) * item.quantity,
    taxRates: taxRatesOf(subscription.default_tax_rates as StripeObject[], item),
    period: { start: item.current_period_start, end: item.current_period_end },
    proration: false,
  }));
}

/**
 * Invoices the subscription with its discount and tax rates and charges it
 * (see chargeInvoice): the current period of every item unless other lines
 * are given, with its discount unless another is given (a change waiting
 * for this payment). The invoice becomes the subscription's latest.
 */
export function invoiceSubscription(
  state: StripeState,
  subscription: StripeObject,
  reason: InvoiceCharge["reason"],
  {
    id,
    lines = currentPeriodLines(subscription),
    outcome,
    discount = (subscription.discounts as string[])[0] ?? null,
  }: Pick<Partial<InvoiceCharge>, "id" | "lines" | "outcome" | "discount"> = {},
): StripeObject {
  const invoice = chargeInvoice(state, {
    id,
    customer: subscription.customer as string,
    subscription: subscription.id,
    metadata: subscription.metadata as Record<string, string>,
    currency: subscription.currency as string,
    reason,
    lines,
    discount,
    outcome,
  });
  subscription.latest_invoice = invoice.id;
  return invoice;
}
