import type { BillingInterval, Currency, UserPlan, WorkspacePlan } from "./enums";
import type { PaidCounts, PaidUserPlan, PerUserPlan } from "./paid-users";
import { findPaymentPlan, seatPlanFor } from "./payment-plans";
import { addBillingInterval, periodLeft, withTax, type Quote } from "./quote";

/**
 * What a per-user subscription is asked of Stripe, and what it costs
 * (backend/README.md "Per-user and legacy billing"): one unit per paid user,
 * the plan's price for domain users and the Gmail Pro price for Gmail users,
 * no coupon. The quote and the update make the same plan, so the quote's
 * charge is the one Stripe makes.
 */

/** A subscription item as a change sees it: a catalog plan and its quantity. */
export interface Item {
  paymentPlanId: string;
  userPlan: UserPlan;
  quantity: number;
  unitAmount: number;
}

const PAID_USER_PLANS: readonly PaidUserPlan[] = ["PRO", "PRO_PERSONAL"];

/** The per-user price of one kind of paid user: Gmail users pay the Gmail Pro price whatever the plan (001 §3 Prices). */
export function perUserPrice(
  plan: PerUserPlan,
  userPlan: PaidUserPlan,
  billingInterval: BillingInterval,
  currency: Currency,
) {
  const price = seatPlanFor({
    workspacePlan: userPlan === "PRO_PERSONAL" ? "PRO" : plan,
    userPlan,
    billingInterval,
    currency,
  });
  // The catalog sells every per-user plan in every interval and currency.
  if (!price) throw new Error(`No ${plan} ${userPlan} price in ${billingInterval} ${currency}`);
  return price;
}

/** The items of these paid-user counts at a plan's prices (kinds with no user have no item). */
export function perUserItems(
  counts: PaidCounts,
  plan: PerUserPlan,
  billingInterval: BillingInterval,
  currency: Currency,
): Item[] {
  return PAID_USER_PLANS.filter((userPlan) => counts[userPlan] > 0).map((userPlan) => {
    const price = perUserPrice(plan, userPlan, billingInterval, currency);
    return { paymentPlanId: price.paymentPlanId, userPlan, quantity: counts[userPlan], unitAmount: price.unitAmount };
  });
}

/** A team price of a legacy licence: replaced, never changed, by per-user prices. */
const isTeamItem = (item: Pick<Item, "paymentPlanId">) =>
  (findPaymentPlan(item.paymentPlanId)?.teamSize ?? null) !== null;

/** An item held and the one wanted in its place: `from` null for a new item, `to` null for one deleted. */
export interface ItemChange<Held extends Item = Item> {
  from: Held | null;
  to: Item | null;
}

const unchanged = ({ from, to }: ItemChange) =>
  from !== null && to !== null && from.paymentPlanId === to.paymentPlanId && from.quantity === to.quantity;

/**
 * How the wanted items replace the held ones, as Stripe is asked: a
 * per-user item keeps its place for the same kind of user (its price and
 * quantity may change), a team item or an item no longer wanted goes, a
 * wanted one without a place is added. Unchanged items are left out.
 */
export function itemChanges<Held extends Item>(held: readonly Held[], wanted: readonly Item[]): ItemChange<Held>[] {
  const kept = held.filter((item) => !isTeamItem(item));
  const changes: ItemChange<Held>[] = [
    ...held.filter(isTeamItem).map((from) => ({ from, to: null })),
    ...kept.map((from) => ({ from, to: wanted.find((item) => item.userPlan === from.userPlan) ?? null })),
    ...wanted.filter((item) => !kept.some((from) => from.userPlan === item.userPlan)).map((to) => ({ from: null, to })),
  ];
  return changes.filter((change) => !unchanged(change));
}

const amountOf = (item: Item | null) => (item ? item.unitAmount * item.quantity : 0);

/**
 * What Stripe invoices at once for these changes (`always_invoice`), before
 * tax: a quantity change of the same price is one line for the difference;
 * a new price credits the unused time of the old one and charges the new one
 * for the time left, each line rounded to the minor unit.
 */
export function prorationAmount(changes: readonly ItemChange[], fractionLeft: number): number {
  return changes.reduce((sum, { from, to }) => {
    if (from && to && from.paymentPlanId === to.paymentPlanId) {
      return sum + Math.round((to.quantity - from.quantity) * to.unitAmount * fractionLeft);
    }
    return sum + Math.round(-amountOf(from) * fractionLeft) + Math.round(amountOf(to) * fractionLeft);
  }, 0);
}

/** One Stripe update: the whole item list wanted after it, charged now (`always_invoice`) or not (`none`). */
export interface ChangeStep {
  charged: boolean;
  items: Item[];
}

export interface PerUserChange {
  /** In order; none when nothing changes now. */
  steps: ChangeStep[];
  /** What the next cycle bills. */
  renewal: Item[];
}

export interface PerUserChangeTerms {
  held: Item[];
  currentPlan: WorkspacePlan;
  targetPlan: PerUserPlan;
  currentInterval: BillingInterval;
  /** The interval from the renewal on: the one asked, or the one a schedule already plans. */
  renewalInterval: BillingInterval;
  currency: Currency;
  /** Paid users from the renewal on. */
  counts: PaidCounts;
  /** FREE members made paid: the seats charged now. */
  madePaid: PaidCounts;
  /** A legacy licence's team items give way to the per-user ones at once. */
  legacy: boolean;
}

/**
 * The Stripe updates of a per-user change, in order: a Premium to Pro
 * downgrade, not charged, first (so that users added next pay the Pro
 * price); then what is charged now: the users made paid (their seats added)
 * with Pro to Premium or a legacy licence's replacement; then, not charged
 * nor refunded, the seats of users downgraded at renewal (leaving) or no
 * longer downgraded (back). A billing-interval change is the renewal's, for
 * a schedule to make.
 */
export function planPerUserChange(terms: PerUserChangeTerms): PerUserChange {
  const { held, targetPlan, currentInterval, currency } = terms;
  const heldCount = (userPlan: PaidUserPlan) =>
    held
      .filter((item) => !isTeamItem(item) && item.userPlan === userPlan)
      .reduce((sum, item) => sum + item.quantity, 0);
  const atTargetPrices = (counts: PaidCounts) => perUserItems(counts, targetPlan, currentInterval, currency);
  const heldCounts = { PRO: heldCount("PRO"), PRO_PERSONAL: heldCount("PRO_PERSONAL") };

  const downgrade = terms.currentPlan === "PREMIUM" && targetPlan === "PRO";
  const first = downgrade ? atTargetPrices(heldCounts) : held;
  const charged = atTargetPrices(
    terms.legacy
      ? terms.counts
      : {
          PRO: heldCounts.PRO + terms.madePaid.PRO,
          PRO_PERSONAL: heldCounts.PRO_PERSONAL + terms.madePaid.PRO_PERSONAL,
        },
  );
  const last = atTargetPrices(terms.counts);

  const chargesNow = itemChanges(first, charged).length > 0;
  const steps: ChangeStep[] = chargesNow
    ? [
        ...(downgrade ? [{ charged: false, items: first }] : []),
        { charged: true, items: charged },
        ...(itemChanges(charged, last).length > 0 ? [{ charged: false, items: last }] : []),
      ]
    : itemChanges(held, last).length > 0
      ? [{ charged: false, items: last }]
      : [];
  return { steps, renewal: perUserItems(terms.counts, targetPlan, terms.renewalInterval, currency) };
}

const cycleOf = (items: readonly Item[]) => items.reduce((sum, item) => sum + amountOf(item), 0);

/** The quote's lines: the items the next cycle bills, each with its amount. */
const quotedLines = (items: readonly Item[]) => items.map((item) => ({ ...item, totalAmount: amountOf(item) }));

/** A per-user purchase: the first cycle charged today, the next a cycle later; no coupon. */
export function quotePerUserPurchase(terms: {
  items: Item[];
  currency: Currency;
  taxRate: number;
  billingInterval: BillingInterval;
  now: number;
}): Quote {
  const totalBeforeTax = cycleOf(terms.items);
  const totalAmount = withTax(totalBeforeTax, terms.taxRate);
  return {
    currency: terms.currency,
    taxRate: terms.taxRate,
    proratedDays: null,
    chargedToday: totalAmount,
    totalAmount,
    totalBeforeTax,
    currentAmount: 0,
    currentBillingInterval: null,
    targetBillingInterval: terms.billingInterval,
    nextPaymentTimestamp: addBillingInterval(terms.now, terms.billingInterval),
    couponId: null,
    couponPercentOff: null,
    lines: quotedLines(terms.items),
  };
}

/**
 * A per-user change to an active subscription: with `prorate`, what its
 * charged step costs now for what is left of the period, with the
 * subscription's tax rate; the next cycle after every change.
 */
export function quotePerUserChange(
  change: PerUserChange,
  terms: {
    held: Item[];
    currency: Currency;
    taxRate: number;
    currentInterval: BillingInterval;
    renewalInterval: BillingInterval;
    period: { startTimestamp: number; endTimestamp: number };
    prorate: boolean;
    now: number;
  },
): Quote {
  const { fractionLeft, days } = periodLeft(terms.period, terms.now);
  const chargedIndex = change.steps.findIndex((step) => step.charged);
  const before = chargedIndex > 0 ? change.steps[chargedIndex - 1]!.items : terms.held;
  const charge =
    chargedIndex < 0 ? 0 : prorationAmount(itemChanges(before, change.steps[chargedIndex]!.items), fractionLeft);
  const totalBeforeTax = cycleOf(change.renewal);
  return {
    currency: terms.currency,
    taxRate: terms.taxRate,
    proratedDays: terms.prorate ? days : null,
    // A credit larger than the charge leaves nothing to pay now (Stripe keeps it on the customer's balance).
    chargedToday: terms.prorate ? withTax(Math.max(0, charge), terms.taxRate) : 0,
    totalAmount: withTax(totalBeforeTax, terms.taxRate),
    totalBeforeTax,
    currentAmount: withTax(cycleOf(terms.held), terms.taxRate),
    currentBillingInterval: terms.currentInterval,
    targetBillingInterval: terms.renewalInterval,
    nextPaymentTimestamp: terms.period.endTimestamp,
    couponId: null,
    couponPercentOff: null,
    lines: quotedLines(change.renewal),
  };
}
