import type { BackendDb } from "../db/connection";
import { seatSummary, type SeatSummary } from "../domain/seats";
import { seatsTakenByPlan } from "./members";
import { listActiveSubscriptions, listSeatPlans, type SeatPlanRow, type SubscriptionRow } from "./subscriptions";

export interface SeatPlanUsage extends SeatSummary {
  paymentPlanId: string;
  userPlan: SeatPlanRow["user_plan"];
}

export interface SubscriptionSeats {
  subscription: SubscriptionRow;
  plans: SeatPlanUsage[];
}

/**
 * The space's active subscriptions with each seat plan's summary: its total
 * and the paid seats the members of that user plan hold (pending invitees
 * included). A user plan's members are counted on its first seat plan.
 */
export async function loadSpaceSeats(db: BackendDb, workspaceId: string, now: number): Promise<SubscriptionSeats[]> {
  const [subscriptions, taken] = await Promise.all([
    listActiveSubscriptions(db, workspaceId),
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
        const assigned = counted.has(plan.user_plan) ? 0 : (taken.get(plan.user_plan) ?? 0);
        counted.add(plan.user_plan);
        return {
          paymentPlanId: plan.payment_plan_id,
          userPlan: plan.user_plan,
          ...seatSummary(plan.total_seats, assigned),
        };
      }),
  }));
}
