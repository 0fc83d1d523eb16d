import type { BillingInterval, UserPlan, WorkspacePlan } from "./enums";
import type { Restrictions } from "./restrictions";

/** 001 §9: no subscription holds more than 100 seats; past that, "contact us". */
export const MAX_SEATS = 100;

/** The 400 reasons of a purchase or change the space may not have. */
export type SaleRefusal = "plan_not_sold" | "too_many_seats";

export interface SaleContext {
  isPerSeat: boolean;
  /** A Gmail (consumer) caller buys the Pro Gmail plan (PRO_PERSONAL), one seat for themself. */
  callerIsPersonal: boolean;
  restrictions: Pick<Restrictions, "PREMIUM_PLAN" | "MONTHLY_BILLING">;
}

export interface WantedSeats {
  workspacePlan: WorkspacePlan;
  billingInterval: BillingInterval;
  seatPlans: ReadonlyArray<{ userPlan: UserPlan; quantity: number }>;
}

/**
 * Why a space may not buy these seats, or null (001 §1, §4, §6). Per-seat
 * spaces are sold PRO YEARLY only: PRO seats to a domain caller, one
 * PRO_PERSONAL seat to a Gmail caller. Per-user spaces take PRO or PREMIUM,
 * yearly or monthly, unless a rollout restriction holds Premium or monthly
 * billing back. Free seats are never sold.
 */
export function purchaseRefusal(context: SaleContext, wanted: WantedSeats): SaleRefusal | null {
  const total = wanted.seatPlans.reduce((sum, plan) => sum + plan.quantity, 0);
  if (total > MAX_SEATS) return "too_many_seats";
  if (wanted.seatPlans.some((plan) => plan.userPlan === "FREE")) return "plan_not_sold";
  if (context.isPerSeat) {
    if (wanted.workspacePlan !== "PRO" || wanted.billingInterval !== "YEARLY") return "plan_not_sold";
    const personalSeatOnly =
      wanted.seatPlans.length === 1 && wanted.seatPlans[0]!.userPlan === "PRO_PERSONAL" && total === 1;
    const domainSeatsOnly = wanted.seatPlans.every((plan) => plan.userPlan === "PRO");
    return (context.callerIsPersonal ? personalSeatOnly : domainSeatsOnly) ? null : "plan_not_sold";
  }
  return perUserPlanRefusal(context.restrictions, wanted);
}

/** Per-user spaces take PRO or PREMIUM, yearly or monthly, unless a rollout restriction holds Premium or monthly back. */
export function perUserPlanRefusal(
  restrictions: SaleContext["restrictions"],
  wanted: Pick<WantedSeats, "workspacePlan" | "billingInterval">,
): SaleRefusal | null {
  if (wanted.workspacePlan !== "PRO" && wanted.workspacePlan !== "PREMIUM") return "plan_not_sold";
  if (wanted.workspacePlan === "PREMIUM" && restrictions.PREMIUM_PLAN) return "plan_not_sold";
  if (wanted.billingInterval === "MONTHLY" && restrictions.MONTHLY_BILLING) return "plan_not_sold";
  return null;
}

/**
 * Why a subscription may not move to these totals, or null: the seat plans
 * must be ones it holds (a change never adds a kind of seat), 100 seats is
 * the most, and a per-seat subscription keeps its plan and interval (seats
 * change, nothing else: an older monthly one stays monthly).
 */
export function changeRefusal(
  context: SaleContext,
  wanted: WantedSeats,
  held: { workspacePlan: WorkspacePlan; billingInterval: BillingInterval; userPlans: readonly UserPlan[] },
): SaleRefusal | null {
  const total = wanted.seatPlans.reduce((sum, plan) => sum + plan.quantity, 0);
  if (total > MAX_SEATS) return "too_many_seats";
  if (wanted.seatPlans.some((plan) => !held.userPlans.includes(plan.userPlan))) return "plan_not_sold";
  const samePlan = wanted.workspacePlan === held.workspacePlan && wanted.billingInterval === held.billingInterval;
  return context.isPerSeat && !samePlan ? "plan_not_sold" : null;
}
