import { canceledSubscription, setCancelAtPeriodEnd } from "./cancellation";
import { invalid, missing, notEmulated, refused, required } from "./errors";
import { fieldsOf, text, updatedMetadata, type FormObject } from "./form";
import type { InvoicedLine } from "./invoice-lines";
import type { Invoice, Price, Subscription, SubscriptionItem, TaxRate } from "./objects";
import {
  changeOfPendingUpdate,
  checkPendingUpdateParams,
  pendingUpdateOf,
  type SubscriptionChange,
} from "./pending-updates";
import type { StripeState } from "./state";
import { itemsOf, subscriptionItem, withPrice } from "./subscription-items";
import { discountsWith, invoiceSubscription, taxRatesOf } from "./subscriptions";

/** One `items[n]` of an update: an item of the subscription changed or deleted, or a new one. */
interface ItemUpdate {
  item: SubscriptionItem | null;
  price: Price;
  quantity: number;
  deleted: boolean;
}

/** Reads `items[n]` (`id`, `price`, `quantity`, `deleted`), refusing what Stripe would, before anything changes. */
function itemUpdatesOf(state: StripeState, subscription: Subscription, params: FormObject): ItemUpdate[] {
  const items = itemsOf(subscription);
  return (Array.isArray(params.items) ? params.items.map(fieldsOf) : []).map((change, index) => {
    const param = `items[${index}]`;
    const id = text(change.id);
    const item = id === undefined ? null : (items.find((candidate) => candidate.id === id) ?? null);
    if (id !== undefined && !item) throw missing("subscription_item", id, `${param}[id]`);
    const deleted = text(change.deleted) === "true";
    if (deleted && !item) throw required(`${param}[id]`);
    const priceId = text(change.price);
    if (!item && !priceId) throw invalid("A new item needs a price.", `${param}[price]`);
    const price = priceId ? state.get("price", priceId, `${param}[price]`) : item!.price;
    const quantity = Number(text(change.quantity) ?? item?.quantity ?? 1);
    if (!Number.isInteger(quantity) || quantity < 1) throw invalid("Invalid integer", `${param}[quantity]`);
    return { item, price, quantity, deleted };
  });
}

/**
 * The proration lines of an item update for the time left of the period
 * (`left`, a fraction): a quantity change at the same price is one line for
 * the difference; a new price credits the unused time of the old one and
 * charges the new one's; a deleted item is credited, a new one charged.
 */
function prorationLines(
  defaultTaxRates: TaxRate[],
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
    taxRates: taxRatesOf(defaultTaxRates, item),
    period: { start: at, end: item.current_period_end },
    proration: true,
  });
  const full = (item: SubscriptionItem) => item.price.unit_amount! * item.quantity;
  if (before && after && before.price.id === after.price.id) {
    const difference = full(after) - full(before);
    return difference === 0 ? [] : [line(after, Math.round(difference * left))];
  }
  return [
    ...(before ? [line(before, Math.round(-full(before) * left))] : []),
    ...(after ? [line(after, Math.round(full(after) * left))] : []),
  ];
}

/** The items the subscription would have after the item updates (new objects; its own are left as they are), and their prorations now. */
function changedItems(subscription: Subscription, changes: ItemUpdate[], defaultTaxRates: TaxRate[], at: number) {
  const items = [...itemsOf(subscription)];
  const { current_period_start: start, current_period_end: end } = items[0]!;
  const left = Math.max(0, end - at) / Math.max(1, end - start);
  const prorations: InvoicedLine[] = [];
  for (const change of changes) {
    const index = change.item ? items.findIndex((item) => item.id === change.item!.id) : -1;
    const before = index === -1 ? null : items[index]!;
    let after: SubscriptionItem | null = null;
    if (change.deleted) {
      items.splice(index, 1);
    } else if (before) {
      after = withPrice(before, change.price, change.quantity);
      items[index] = after;
    } else {
      const planned = { price: change.price, quantity: change.quantity, taxRates: [] };
      after = subscriptionItem(subscription.id, planned, { start: at, end });
      items.push(after);
    }
    prorations.push(...prorationLines(defaultTaxRates, before, after, left, at));
  }
  return { items, prorations };
}

/** Makes the change to the subscription. */
function applyChange(state: StripeState, subscription: Subscription, change: SubscriptionChange) {
  if (change.items) subscription.items.data = change.items;
  if (change.discounts) subscription.discounts = change.discounts;
  if (change.defaultTaxRates) subscription.default_tax_rates = change.defaultTaxRates;
  if (change.metadata !== undefined) {
    subscription.metadata = updatedMetadata(subscription.metadata, change.metadata);
  }
  if (change.cancelAtPeriodEnd !== undefined) setCancelAtPeriodEnd(state, subscription, change.cancelAtPeriodEnd);
}

/** What an ended subscription still takes in an update. */
const AFTER_THE_END = ["cancellation_details", "expand", "metadata"];

/** `payment_behavior`: whether the update waits for its payment (`pending_if_incomplete`) or not (`allow_incomplete`, the default). */
function waitsForPayment(params: FormObject) {
  const behaviour = text(params.payment_behavior) ?? "allow_incomplete";
  if (behaviour === "default_incomplete" || behaviour === "error_if_incomplete") throw notEmulated("payment_behavior");
  if (behaviour !== "allow_incomplete" && behaviour !== "pending_if_incomplete") {
    throw invalid("Invalid payment_behavior.", "payment_behavior");
  }
  if (behaviour === "pending_if_incomplete") checkPendingUpdateParams(params);
  return behaviour === "pending_if_incomplete";
}

/**
 * A subscription update (POST /v1/subscriptions/{id}): items changed (a
 * quantity, a new price), deleted or added, coupon (`discounts`), default
 * tax rates, metadata, cancellation at period end. With
 * `proration_behavior=always_invoice` the changes are invoiced at once,
 * prorated over what is left of the period (credits for what is given up),
 * with the coupon and tax, and charged; `create_prorations` (Stripe's
 * default) and `none` invoice nothing now. With
 * `payment_behavior=pending_if_incomplete` a change whose invoice is not
 * paid at once waits in `pending_update` (see settleInvoice) until it is,
 * or until it expires. Answers the invoice made, if any.
 */
export function updateSubscription(state: StripeState, subscription: Subscription, params: FormObject): Invoice | null {
  if (subscription.status === "canceled" && Object.keys(params).some((param) => !AFTER_THE_END.includes(param))) {
    throw canceledSubscription();
  }
  const behaviour = text(params.proration_behavior) ?? "create_prorations";
  if (!["always_invoice", "create_prorations", "none"].includes(behaviour)) {
    throw invalid("Invalid proration_behavior.", "proration_behavior");
  }
  const pending = waitsForPayment(params);
  if (subscription.pending_update && (params.items !== undefined || params.discounts !== undefined)) {
    throw refused(
      `This subscription's pending update waits for the payment of ${subscription.latest_invoice!}: pay or void that invoice first (the local Stripe's rule).`,
    );
  }
  // Everything is checked before anything changes, as a refused update changes nothing.
  const coupon = params.discounts === undefined ? undefined : state.couponOf(params.discounts, "discounts");
  const defaultTaxRates =
    params.default_tax_rates === undefined
      ? undefined
      : state.taxRatesOf(params.default_tax_rates, "default_tax_rates");
  const itemUpdates = itemUpdatesOf(state, subscription, params);
  const cancel = text(params.cancel_at_period_end);
  const { items, prorations } = changedItems(
    subscription,
    itemUpdates,
    defaultTaxRates ?? subscription.default_tax_rates,
    state.now(),
  );
  const change: SubscriptionChange = {
    items: itemUpdates.length > 0 ? items : undefined,
    discounts: coupon === undefined ? undefined : discountsWith(state, subscription, coupon),
    defaultTaxRates,
    metadata: params.metadata,
    cancelAtPeriodEnd: cancel === undefined ? undefined : cancel === "true",
  };
  if (!pending) applyChange(state, subscription, change);
  const invoice =
    behaviour === "always_invoice" && prorations.length > 0
      ? invoiceSubscription(state, subscription, "subscription_update", {
          lines: prorations,
          discount: (change.discounts ?? subscription.discounts)[0] ?? null,
        })
      : null;
  if (!pending) return invoice;
  if (invoice && invoice.status !== "paid") subscription.pending_update = pendingUpdateOf(state, subscription, change);
  else applyChange(state, subscription, change);
  return invoice;
}

/** The subscription's pending update, now that its invoice is paid: applied, and gone. */
export function applyPendingUpdate(state: StripeState, subscription: Subscription) {
  applyChange(state, subscription, changeOfPendingUpdate(subscription.pending_update!));
  subscription.pending_update = null;
}
