import { newId, type StripeObject } from "./objects";

/** What a subscription item is made of: a catalog price, a quantity, and its own tax rates (usually none). */
export interface PlannedItem {
  price: StripeObject;
  quantity: number;
  taxRates: StripeObject[];
}

export type SubscriptionItem = StripeObject & {
  price: StripeObject;
  quantity: number;
  current_period_start: number;
  current_period_end: number;
  tax_rates: StripeObject[];
};

export const itemsOf = (subscription: StripeObject) => (subscription.items as { data: SubscriptionItem[] }).data;

/** Where the subscription's current period ends (API 2026: the period is on each item, the same for all). */
export const currentPeriodEnd = (subscription: StripeObject) => itemsOf(subscription)[0]!.current_period_end;

/** A billing period's end from the price's interval: a year or a month (30 days here). */
export function periodEndFrom(start: number, price: StripeObject) {
  const interval = (price.recurring as { interval: string }).interval;
  return start + (interval === "month" ? 30 : 365) * 24 * 3600;
}

export function subscriptionItem(
  subscriptionId: string,
  planned: PlannedItem,
  period: { start: number; end: number },
): SubscriptionItem {
  return {
    id: newId("si"),
    object: "subscription_item",
    created: period.start,
    current_period_end: period.end,
    current_period_start: period.start,
    discounts: [],
    metadata: {},
    price: planned.price,
    quantity: planned.quantity,
    subscription: subscriptionId,
    tax_rates: planned.taxRates,
  };
}
