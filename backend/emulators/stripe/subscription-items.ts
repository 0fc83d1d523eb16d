import type Stripe from "stripe";
import { newId, type Price, type Subscription, type SubscriptionItem, type TaxRate, type Wire } from "./objects";

/** What a subscription item is made of: a catalog price, a quantity, and its own tax rates (usually none). */
export interface PlannedItem {
  price: Price;
  quantity: number;
  taxRates: TaxRate[];
}

export const itemsOf = (subscription: Subscription) => subscription.items.data;

/** Where the subscription's current period ends (API 2026: the period is on each item, the same for all). */
export const currentPeriodEnd = (subscription: Subscription) => itemsOf(subscription)[0]!.current_period_end;

/** A billing period's end from the price's interval: a year or a month (30 days here). */
export function periodEndFrom(start: number, price: Price) {
  return start + (price.recurring!.interval === "month" ? 30 : 365) * 24 * 3600;
}

/** The legacy `plan` Stripe still answers on a subscription item: its price, as a plan. */
function planOf(price: Price): Wire<Stripe.Plan> {
  const recurring = price.recurring!;
  return {
    id: price.id,
    object: "plan",
    active: price.active,
    amount: price.unit_amount,
    amount_decimal: price.unit_amount_decimal,
    billing_scheme: "per_unit",
    created: price.created,
    currency: price.currency,
    interval: recurring.interval,
    interval_count: recurring.interval_count,
    livemode: false,
    metadata: {},
    meter: null,
    nickname: null,
    product: price.product,
    tiers_mode: null,
    transform_usage: null,
    trial_period_days: null,
    usage_type: "licensed",
  };
}

export function subscriptionItem(
  subscriptionId: string,
  planned: PlannedItem,
  period: { start: number; end: number },
): SubscriptionItem {
  return {
    id: newId("si"),
    object: "subscription_item",
    billing_thresholds: null,
    created: period.start,
    current_period_end: period.end,
    current_period_start: period.start,
    current_trial: null,
    discounts: [],
    metadata: {},
    plan: planOf(planned.price),
    price: planned.price,
    quantity: planned.quantity,
    subscription: subscriptionId,
    tax_rates: planned.taxRates,
  };
}

/** An item at another price or quantity (the same item: its id stays). */
export const withPrice = (item: SubscriptionItem, price: Price, quantity: number): SubscriptionItem => ({
  ...item,
  plan: planOf(price),
  price,
  quantity,
});
