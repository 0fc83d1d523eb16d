import { BILLING_QUERY } from "./billing-query";
import { checkoutTexts } from "./checkout-texts";
import { spaceSections } from "./space-paths";

/** 001 §3 per-seat checkout types. */
export type SeatCheckoutType =
  "DOMAIN_PURCHASE" | "GMAIL_PURCHASE" | "ADDITIONAL_SEATS" | "REMOVE_SEATS" | "EMPTY_FLOW";

/** The per-seat checkout's pages, as the last segment of their path. */
export type SeatCheckoutPage = "details" | "information" | "add-seats" | "remove-seats";

/**
 * 001 §4 Flow type selection, per seat: from the path (add or remove seats),
 * else from who buys: a Gmail user buys their own seat, a domain user seats
 * for their domain.
 */
export function seatCheckoutType(page: SeatCheckoutPage | null, isGmailUser: boolean): SeatCheckoutType {
  if (page === "add-seats") return "ADDITIONAL_SEATS";
  if (page === "remove-seats") return "REMOVE_SEATS";
  if (page === "details" || page === "information") return isGmailUser ? "GMAIL_PURCHASE" : "DOMAIN_PURCHASE";
  return "EMPTY_FLOW";
}

export interface CheckoutStep {
  /** The per-seat steps, and the per-user options and review (001 §2 Step lists). */
  page: "details" | "information" | "checkout" | "options" | "summary";
  title: string;
}

/** 001 §2 step lists of the per-seat flows; single-step flows show no list. */
export function seatCheckoutSteps(type: SeatCheckoutType): CheckoutStep[] {
  const { details, information, checkout } = checkoutTexts.steps;
  switch (type) {
    case "DOMAIN_PURCHASE":
      return [
        { page: "details", title: details },
        { page: "information", title: information },
        { page: "checkout", title: checkout },
      ];
    case "GMAIL_PURCHASE":
      return [
        { page: "information", title: information },
        { page: "checkout", title: checkout },
      ];
    default:
      return [];
  }
}

/**
 * 001 §2 Back button: one step back from any step after the first
 * (information goes to details), else to billing (add and remove seats too).
 */
export function seatCheckoutBack(type: SeatCheckoutType, page: SeatCheckoutPage): "details" | "billing" {
  return type === "DOMAIN_PURCHASE" && page === "information" ? "details" : "billing";
}

/**
 * Where buying starts (000 §2 Upgrade, 001 §2): per seat, a domain user at
 * the details step and a Gmail user at the information step; per user, the
 * billing options with the plan and the default yearly interval.
 */
export function purchaseStart({
  isPerSeat,
  gmail,
  plan,
}: {
  isPerSeat: boolean;
  gmail: boolean;
  plan: "PRO" | "PREMIUM";
}) {
  if (isPerSeat) return gmail ? "checkout/information" : "checkout/details";
  return `checkout?${new URLSearchParams({ plan, interval: "YEARLY" })}`;
}

/** The seat count of the add and remove seats screens, in their query and their forms. */
export const SEAT_COUNT_PARAM = "seats";

/** The billing information form's two submits: refresh the summary, or go to Stripe. */
export const INFORMATION_INTENTS = { preview: "preview", checkout: "checkout" } as const;

const PLANS = ["PRO", "PREMIUM"] as const;
const INTERVALS = ["YEARLY", "MONTHLY"] as const;
/** The plans a per-user checkout moves to (001 §1). */
export type TargetPlan = (typeof PLANS)[number];
export type Interval = (typeof INTERVALS)[number];

const oneOf = <T extends string>(values: readonly T[], raw: string | null): T | null =>
  values.find((value) => value === raw) ?? null;

/**
 * 001 §4 Query parameters of checkout: the plan (PRO or PREMIUM) and the
 * interval (YEARLY or MONTHLY) asked, a missing one the default (001 §3:
 * PRO, YEARLY); `given` says both were there (001 §2: a page without them
 * goes to /checkout). null for a value that is there but neither (`plan=FOO`,
 * `interval=WEEKLY`): a broken link, which must never propose a change
 * (the pages send it back to billing).
 */
export function checkoutTarget(query: URLSearchParams): { plan: TargetPlan; interval: Interval; given: boolean } | null {
  const rawPlan = query.get(BILLING_QUERY.plan);
  const rawInterval = query.get(BILLING_QUERY.interval);
  const plan = oneOf(PLANS, rawPlan);
  const interval = oneOf(INTERVALS, rawInterval);
  if ((rawPlan !== null && plan === null) || (rawInterval !== null && interval === null)) return null;
  return { plan: plan ?? "PRO", interval: interval ?? "YEARLY", given: plan !== null && interval !== null };
}

/**
 * 001 §4 Query parameters of checkout: a change of both plan and billing
 * cycle at once is refused, and so is a cycle change (or
 * `change-billing-cycle`) while a subscription schedule waits; each sends the
 * person to billing with its flag. For a target checkoutTarget has read.
 */
export function checkoutQueryFlag(
  query: URLSearchParams,
  target: { plan: TargetPlan; interval: Interval },
  current: { workspacePlan: string; billingInterval: string; hasSchedule: boolean } | null,
): "cannot-update-subscription-plan-and-interval" | "cannot-change-billing-cycle-when-scheduled" | null {
  if (!current) return null;
  const { plan, interval } = target;
  const planChanges = plan !== current.workspacePlan;
  const intervalChanges = interval !== current.billingInterval || query.has(BILLING_QUERY.changeBillingCycle);
  if (planChanges && interval !== current.billingInterval) return "cannot-update-subscription-plan-and-interval";
  if (intervalChanges && current.hasSchedule) return "cannot-change-billing-cycle-when-scheduled";
  return null;
}

/**
 * 001 §6: Premium depends on the PREMIUM_PLAN restriction and monthly
 * billing on MONTHLY_BILLING; a subscription already on them keeps them
 * (backend contract, `plan_not_sold`). Whether the space may move to this
 * plan and cycle: the billing page offers only these, and every checkout
 * step sends any other back to billing.
 */
export function targetOffered(
  target: { plan: TargetPlan; interval: Interval },
  restrictions: { PREMIUM_PLAN: boolean; MONTHLY_BILLING: boolean },
  current: { plan: string; interval: string } | null,
) {
  const premiumHeld = target.plan === "PREMIUM" && restrictions.PREMIUM_PLAN && current?.plan !== "PREMIUM";
  const monthlyHeld = target.interval === "MONTHLY" && restrictions.MONTHLY_BILLING && current?.interval !== "MONTHLY";
  return !premiumHeld && !monthlyHeld;
}

/**
 * 001 §2 Billing page, per user: the ways into a change of an active Stripe
 * subscription, each a checkout URL with the plan and cycle (001 §4):
 * the paid users at the current plan and cycle, the other plan at the
 * current cycle (Premium unless PREMIUM_PLAN restricts it), and the other
 * cycle at the current plan straight to its review (monthly unless
 * MONTHLY_BILLING restricts it). While a change of cycle waits, its notice
 * offers only the cancel, since a second change would be refused.
 */
export function perUserChangeLinks({
  plan,
  interval,
  hasSchedule,
  restrictions,
}: {
  plan: TargetPlan;
  interval: Interval;
  hasSchedule: boolean;
  restrictions: { PREMIUM_PLAN: boolean; MONTHLY_BILLING: boolean };
}) {
  const query = (target: { plan: string; interval: string }) => new URLSearchParams(target).toString();
  const otherPlan: TargetPlan = plan === "PRO" ? "PREMIUM" : "PRO";
  const otherInterval: Interval = interval === "YEARLY" ? "MONTHLY" : "YEARLY";
  const offered = (target: { plan: TargetPlan; interval: Interval }) =>
    targetOffered(target, restrictions, { plan, interval });
  const planOffered = offered({ plan: otherPlan, interval });
  const cycleOffered = !hasSchedule && offered({ plan, interval: otherInterval });
  return {
    paidUsers: `checkout?${query({ plan, interval })}`,
    plan: planOffered ? { to: otherPlan, href: `checkout?${query({ plan: otherPlan, interval })}` } : null,
    cycle: cycleOffered
      ? { to: otherInterval, href: `checkout/summary?${query({ plan, interval: otherInterval })}` }
      : null,
  } as const;
}

/**
 * 000 §4 Wrong plan: where buying the offered plan starts in the space
 * billing picks (000 §2): a free space's purchase of Pro for the account
 * type (a Gmail buyer's is the Gmail Pro price, 001 §3), a per-user legacy
 * space's upgrade from its users list (001 §4), and billing for any other.
 */
export function offeredPlanStart(space: { workspacePlan: string; isPerSeat: boolean }, gmail: boolean) {
  if (space.workspacePlan === "FREE") return purchaseStart({ isPerSeat: space.isPerSeat, gmail, plan: "PRO" });
  if (space.workspacePlan === "LEGACY" && !space.isPerSeat) return spaceSections.checkoutLegacyUsers;
  return spaceSections.billing;
}
