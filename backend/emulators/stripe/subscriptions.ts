import { NO_CANCELLATION_DETAILS } from "./cancellation";
import type { InvoicedLine } from "./invoice-lines";
import { chargeInvoice, type InvoiceCharge } from "./invoices";
import { newId, type Coupon, type Invoice, type Subscription, type SubscriptionItem, type TaxRate } from "./objects";
import type { StripeState } from "./state";
import { itemsOf, periodEndFrom, subscriptionItem, type PlannedItem } from "./subscription-items";

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
    defaultTaxRates: TaxRate[];
    coupon: Coupon | null;
    metadata: Record<string, string>;
    checkoutSession: string | null;
  },
): Subscription {
  const id = purchase.id ?? newId("sub");
  const start = state.now();
  const period = { start, end: periodEndFrom(start, purchase.items[0]!.price) };
  const subscription = state.add("subscription", {
    id,
    object: "subscription",
    application: null,
    application_fee_percent: null,
    automatic_tax: { disabled_reason: null, enabled: false, liability: null },
    billing_cycle_anchor: start,
    billing_cycle_anchor_config: null,
    billing_mode: { flexible: null, type: "classic" },
    billing_schedules: [],
    billing_thresholds: null,
    cancel_at: null,
    cancel_at_period_end: false,
    canceled_at: null,
    cancellation_details: NO_CANCELLATION_DETAILS,
    collection_method: "charge_automatically",
    created: start,
    currency: purchase.items[0]!.price.currency,
    customer: purchase.customer,
    customer_account: null,
    days_until_due: null,
    default_payment_method: null,
    default_source: null,
    default_tax_rates: purchase.defaultTaxRates,
    description: null,
    discounts: [],
    ended_at: null,
    invoice_settings: {
      account_tax_ids: null,
      custom_fields: null,
      description: null,
      footer: null,
      issuer: { type: "self" },
    },
    items: {
      object: "list",
      data: purchase.items.map((item) => subscriptionItem(id, item, period)),
      has_more: false,
      url: `/v1/subscription_items?subscription=${id}`,
    },
    latest_invoice: null,
    livemode: false,
    managed_payments: null,
    metadata: purchase.metadata,
    next_pending_invoice_item_invoice: null,
    on_behalf_of: null,
    pause_collection: null,
    payment_settings: {
      payment_method_options: null,
      payment_method_types: null,
      save_default_payment_method: "off",
    },
    pending_invoice_item_interval: null,
    pending_setup_intent: null,
    pending_update: null,
    schedule: null,
    start_date: start,
    status: "active",
    test_clock: null,
    transfer_data: null,
    trial_end: null,
    trial_settings: { end_behavior: { billing_cycle_anchor: null, missing_payment_method: "create_invoice" } },
    trial_start: null,
  });
  setCoupon(state, subscription, purchase.coupon, purchase.checkoutSession);
  return subscription;
}

/**
 * The subscription's `discounts` with a coupon (or none): its discount is
 * kept while the coupon stays the same, a new one made otherwise.
 */
export function discountsWith(
  state: StripeState,
  subscription: Subscription,
  coupon: Coupon | null,
  checkoutSession: string | null = null,
): string[] {
  const [current] = subscription.discounts;
  if (current && coupon && state.couponOfDiscount(current).id === coupon.id) return [current];
  if (!coupon) return [];
  const { customer } = subscription;
  return [state.createDiscount(coupon, { customer, subscription: subscription.id, checkoutSession }).id];
}

/** The subscription's coupon, as a discount (see discountsWith). */
export function setCoupon(
  state: StripeState,
  subscription: Subscription,
  coupon: Coupon | null,
  checkoutSession: string | null = null,
) {
  subscription.discounts = discountsWith(state, subscription, coupon, checkoutSession);
}

/** An item's tax rates: its own, or else the subscription's defaults. */
export const taxRatesOf = (defaultTaxRates: TaxRate[], item: SubscriptionItem) =>
  item.tax_rates.length > 0 ? item.tax_rates : defaultTaxRates;

/** Every item over its current period: what a first invoice and a renewal bill. */
function currentPeriodLines(subscription: Subscription): InvoicedLine[] {
  return itemsOf(subscription).map((item) => ({
    subscriptionItem: item.id,
    price: item.price,
    quantity: item.quantity,
    amount: item.price.unit_amount! * item.quantity,
    taxRates: taxRatesOf(subscription.default_tax_rates, item),
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
  subscription: Subscription,
  reason: InvoiceCharge["reason"],
  {
    id,
    lines = currentPeriodLines(subscription),
    outcome,
    discount = subscription.discounts[0] ?? null,
  }: Pick<Partial<InvoiceCharge>, "id" | "lines" | "outcome" | "discount"> = {},
): Invoice {
  const invoice = chargeInvoice(state, {
    id,
    customer: subscription.customer,
    subscription: subscription.id,
    metadata: subscription.metadata,
    currency: subscription.currency,
    reason,
    lines,
    discount,
    outcome,
  });
  subscription.latest_invoice = invoice.id;
  return invoice;
}
