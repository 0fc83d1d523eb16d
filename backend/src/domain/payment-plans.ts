import type { BillingInterval, Currency, UserPlan, WorkspacePlan } from "./enums";

/**
 * The catalog the billing API sells (001 §3 Payment plan, §9 prices). A
 * plan's id is also the `lookup_key` of its Stripe price, which is how the
 * backend finds the price ids of whichever Stripe account it talks to.
 */
export interface PaymentPlan {
  /** `pro-yearly-usd`, `team-25-monthly-eur`, … */
  paymentPlanId: string;
  /** LEGACY for the team sizes: what legacy licences upgrade to. */
  workspacePlan: WorkspacePlan;
  userPlan: UserPlan;
  /** The users a team size covers; null for per-user or per-seat prices. */
  teamSize: number | null;
  currency: Currency;
  billingInterval: BillingInterval;
  /** Per seat, user or team and per billing cycle, in the currency's minor unit. */
  unitAmount: number;
}

/**
 * 001 §9 in dollars: the Gmail Pro plan is PERSONAL, the Pro seat
 * PROFESSIONAL, the team sizes TEAM_n. The spec does not price Premium: 120
 * and 40, as the local Stripe's catalog (backend/emulators/stripe/catalog.ts).
 */
const DOLLAR_PRICES: ReadonlyArray<{
  key: string;
  workspacePlan: WorkspacePlan;
  userPlan: UserPlan;
  teamSize: number | null;
  yearly: number;
  monthly: number;
}> = [
  { key: "pro", workspacePlan: "PRO", userPlan: "PRO", teamSize: null, yearly: 60, monthly: 20 },
  { key: "pro-personal", workspacePlan: "PRO", userPlan: "PRO_PERSONAL", teamSize: null, yearly: 36, monthly: 10 },
  { key: "premium", workspacePlan: "PREMIUM", userPlan: "PRO", teamSize: null, yearly: 120, monthly: 40 },
  ...[
    { size: 5, yearly: 150, monthly: 50 },
    { size: 10, yearly: 270, monthly: 80 },
    { size: 25, yearly: 450, monthly: 167 },
    { size: 50, yearly: 750, monthly: 333 },
    { size: 100, yearly: 1200, monthly: 667 },
  ].map(({ size, yearly, monthly }) => ({
    key: `team-${size}`,
    workspacePlan: "LEGACY" as const,
    userPlan: "PRO" as const,
    teamSize: size,
    yearly,
    monthly,
  })),
];

/** Minor units per dollar of 001 §9: euros take the same figures, rupees 80 times them. */
const MINOR_UNITS_PER_DOLLAR: Record<Currency, number> = { USD: 100, EUR: 100, INR: 8000 };

const INTERVAL_KEYS: Record<BillingInterval, string> = { YEARLY: "yearly", MONTHLY: "monthly" };

export const PAYMENT_PLANS: readonly PaymentPlan[] = DOLLAR_PRICES.flatMap((price) =>
  (["USD", "EUR", "INR"] as const).flatMap((currency) =>
    (["YEARLY", "MONTHLY"] as const).map((billingInterval): PaymentPlan => ({
      paymentPlanId: `${price.key}-${INTERVAL_KEYS[billingInterval]}-${currency.toLowerCase()}`,
      workspacePlan: price.workspacePlan,
      userPlan: price.userPlan,
      teamSize: price.teamSize,
      currency,
      billingInterval,
      unitAmount: (billingInterval === "YEARLY" ? price.yearly : price.monthly) * MINOR_UNITS_PER_DOLLAR[currency],
    })),
  ),
);

const BY_ID = new Map(PAYMENT_PLANS.map((plan) => [plan.paymentPlanId, plan]));

export function findPaymentPlan(paymentPlanId: string): PaymentPlan | undefined {
  return BY_ID.get(paymentPlanId);
}

/** The per-user or per-seat price of a plan for one kind of member, or undefined when none is sold. */
export function seatPlanFor(wanted: {
  workspacePlan: WorkspacePlan;
  userPlan: UserPlan;
  billingInterval: BillingInterval;
  currency: Currency;
}): PaymentPlan | undefined {
  return PAYMENT_PLANS.find(
    (plan) =>
      plan.teamSize === null &&
      plan.workspacePlan === wanted.workspacePlan &&
      plan.userPlan === wanted.userPlan &&
      plan.billingInterval === wanted.billingInterval &&
      plan.currency === wanted.currency,
  );
}
