import { notEmulated, refused } from "./errors";
import { fieldsOf, metadataOf, type FormObject, type FormValue } from "./form";
import type { PendingUpdate, Subscription, SubscriptionItem, TaxRate } from "./objects";
import type { StripeState } from "./state";
import { currentPeriodEnd } from "./subscription-items";

/**
 * What an update changes in a subscription: applied at once, or kept in
 * its `pending_update` until the invoice it makes is paid. Undefined: left
 * as it is.
 */
export interface SubscriptionChange {
  /** Every item the subscription is to have. */
  items?: SubscriptionItem[];
  discounts?: string[];
  defaultTaxRates?: TaxRate[];
  /** `metadata[key]=value` pairs, merged in (an empty value removing its key). */
  metadata?: FormValue;
  cancelAtPeriodEnd?: boolean;
}

/**
 * The parameters an update with `payment_behavior=pending_if_incomplete`
 * takes at this API version: Stripe's "Pending updates reference"
 * (expand, payment_behavior, proration_behavior, proration_date,
 * billing_cycle_anchor, items with price and quantity, trial_end,
 * trial_from_plan, add_invoice_items), `metadata` and `discounts` since
 * 2026-05-27.dahlia, items' `discounts` since 2026-07-29.dahlia,
 * `cancel_at_period_end` since 2026-09-30.endive.
 */
const PENDING_UPDATE_PARAMS = [
  "add_invoice_items",
  "billing_cycle_anchor",
  "cancel_at_period_end",
  "discounts",
  "expand",
  "items",
  "metadata",
  "payment_behavior",
  "proration_behavior",
  "proration_date",
  "trial_end",
  "trial_from_plan",
];
const PENDING_ITEM_FIELDS = ["id", "price", "quantity", "discounts"];
/** Of those, what the local Stripe does not emulate (no trials, no one-off items, no anchors, no item discounts). */
const NOT_EMULATED = ["add_invoice_items", "billing_cycle_anchor", "proration_date", "trial_end", "trial_from_plan"];

/** Stripe's refusal of a parameter pending updates do not take. */
const unsupported = (param: string) =>
  refused(
    `When \`payment_behavior\` is set to \`pending_if_incomplete\`, you can only pass supported params. \`${param}\` is not supported. See https://stripe.com/docs/billing/subscriptions/pending-updates-reference#supported-attributes for more details.`,
    param,
  );

/** Refuses what an update with pending updates may not carry (Stripe's 400), then what is not emulated here. */
export function checkPendingUpdateParams(params: FormObject) {
  const other = Object.keys(params).find((param) => !PENDING_UPDATE_PARAMS.includes(param));
  if (other) throw unsupported(other);
  const items = Array.isArray(params.items) ? params.items.map(fieldsOf) : [];
  items.forEach((item, index) => {
    const field = Object.keys(item).find((name) => !PENDING_ITEM_FIELDS.includes(name));
    if (field) throw unsupported(`items[${index}][${field}]`);
    if (item.discounts !== undefined) throw notEmulated(`items[${index}][discounts]`);
  });
  const unemulated = Object.keys(params).find((param) => NOT_EMULATED.includes(param));
  if (unemulated) throw notEmulated(unemulated);
}

/** How long an unpaid pending update waits: until the period ends, 23 hours at most, as Stripe. */
const PENDING_UPDATE_LIFETIME_S = 23 * 3600;

/** The `pending_update` of a change waiting for its invoice's payment. */
export function pendingUpdateOf(
  state: StripeState,
  subscription: Subscription,
  change: SubscriptionChange,
): PendingUpdate {
  const discounts = change.discounts?.map((id) => state.get("discount", id)) ?? null;
  return {
    billing_cycle_anchor: null,
    cancel_at_period_end: change.cancelAtPeriodEnd ?? null,
    discount: discounts?.[0] ?? null,
    discounts: change.discounts ?? null,
    expires_at: Math.min(currentPeriodEnd(subscription), state.now() + PENDING_UPDATE_LIFETIME_S),
    metadata: change.metadata === undefined ? null : metadataOf(change.metadata),
    subscription_items: change.items ?? null,
    trial_end: null,
    trial_from_plan: null,
  };
}

/** The change a pending update holds. */
export const changeOfPendingUpdate = (update: PendingUpdate): SubscriptionChange => ({
  items: update.subscription_items ?? undefined,
  discounts: update.discounts ?? undefined,
  metadata: update.metadata ?? undefined,
  cancelAtPeriodEnd: update.cancel_at_period_end ?? undefined,
});
