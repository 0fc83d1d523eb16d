import type { BackendDb } from "../db/connection";
import type { SubscriptionStatus } from "../db/tables/subscriptions";
import { seatSummary, type SeatSummary } from "../domain/seats";
import { seatsTakenByPlan } from "./members";
import { listSeatPlans, listSubscriptions, type SeatPlanRow, type SubscriptionRow } from "./subscriptions";

export interface SeatPlanUsage extends SeatSummary {
  paymentPlanId: string;
  userPlan: SeatPlanRow["user_plan"];
  unitAmount: number;
}

export interface SubscriptionSeats {
  subscription: SubscriptionRow;
  plans: SeatPlanUsage[];
}

/**
 * The space's subscriptions (active ones unless told otherwise), newest
 * first, with each seat plan's summary: its total and the paid seats the
 * members of that user plan hold (pending invitees included). A user plan's
 * members are counted on its first seat plan of an active subscription.
 */
export async function loadSpaceSeats(
  db: BackendDb,
  workspaceId: string,
  now: number,
  statuses: readonly SubscriptionStatus[] = ["ACTIVE"],
): Promise<SubscriptionSeats[]> {
  const [subscriptions, taken] = await Promise.all([
    listSubscriptions(db, workspaceId, statuses),
    seatsTakenByPlan(db, workspaceId, now),
  ]);
  const plans = await listSeatPlans(
    db,
    subscriptions.map((subscription) => subscription.id),
  );
  const counted = new Set<string>();
  return subscriptions.map((subscription) => ({
    subscription,
    plans: plans
      .filter((plan) => plan.subscription_id === subscription.id)
      .map((plan) => {
        const countsMembers = subscription.status === "ACTIVE" && !counted.has(plan.user_plan);
        const assigned = countsMembers ? (taken.get(plan.user_plan) ?? 0) : 0;
        if (countsMembers) counted.add(plan.user_plan);
        return {
          paymentPlanId: plan.payment_plan_id,
          userPlan: plan.user_plan,
          unitAmount: plan.unit_amount,
          ...seatSummary(plan.total_seats, assigned),
        };
      }),
  }));
}
