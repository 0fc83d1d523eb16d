import type { BackendDb } from "../db/connection";
import type { ScheduledRemovalStatus } from "../db/tables/subscriptions";
import type { BillingInterval, PaymentSource, UserPlan, WorkspacePlan } from "../domain/enums";

export interface NewSubscription {
  id: string;
  workspaceId: string;
  workspacePlan: WorkspacePlan;
  billingInterval: BillingInterval;
  currency: string;
  paymentSource: PaymentSource;
  autoRenew: boolean;
  endTimestamp: number;
  createdAt: number;
  seatPlans: ReadonlyArray<{ paymentPlanId: string; userPlan: UserPlan; totalSeats: number }>;
}

export async function insertSubscription(db: BackendDb, subscription: NewSubscription): Promise<void> {
  await db
    .insertInto("subscriptions")
    .values({
      id: subscription.id,
      workspace_id: subscription.workspaceId,
      workspace_plan: subscription.workspacePlan,
      status: "ACTIVE",
      billing_interval: subscription.billingInterval,
      currency: subscription.currency,
      payment_source: subscription.paymentSource,
      auto_renew: subscription.autoRenew ? 1 : 0,
      end_timestamp: subscription.endTimestamp,
      created_at: subscription.createdAt,
    })
    .execute();
  await db
    .insertInto("subscription_seat_plans")
    .values(
      subscription.seatPlans.map((plan) => ({
        subscription_id: subscription.id,
        payment_plan_id: plan.paymentPlanId,
        user_plan: plan.userPlan,
        total_seats: plan.totalSeats,
      })),
    )
    .execute();
}

/** The space's active subscriptions, newest first. */
export function listActiveSubscriptions(db: BackendDb, workspaceId: string) {
  return db
    .selectFrom("subscriptions")
    .selectAll()
    .where("workspace_id", "=", workspaceId)
    .where("status", "=", "ACTIVE")
    .orderBy("created_at", "desc")
    .orderBy("id")
    .execute();
}

export type SubscriptionRow = Awaited<ReturnType<typeof listActiveSubscriptions>>[number];

/** The seat plans of these subscriptions, in payment plan order. */
export function listSeatPlans(db: BackendDb, subscriptionIds: readonly string[]) {
  return db
    .selectFrom("subscription_seat_plans")
    .selectAll()
    .where("subscription_id", "in", subscriptionIds.length > 0 ? [...subscriptionIds] : [""])
    .orderBy("payment_plan_id")
    .execute();
}

export type SeatPlanRow = Awaited<ReturnType<typeof listSeatPlans>>[number];

/** One subscription of the space, whatever its status. */
export function findSubscription(db: BackendDb, workspaceId: string, subscriptionId: string) {
  return db
    .selectFrom("subscriptions")
    .selectAll()
    .where("workspace_id", "=", workspaceId)
    .where("id", "=", subscriptionId)
    .executeTakeFirst();
}

export function listSeatRemovals(db: BackendDb, subscriptionId: string, status: ScheduledRemovalStatus) {
  return db
    .selectFrom("scheduled_seat_removals")
    .selectAll()
    .where("subscription_id", "=", subscriptionId)
    .where("status", "=", status)
    .orderBy("payment_plan_id")
    .execute();
}

export async function insertSeatRemoval(
  db: BackendDb,
  removal: {
    subscriptionId: string;
    paymentPlanId: string;
    targetSeatsQuantity: number;
    removeSeatsAt: number;
    now: number;
  },
): Promise<void> {
  await db
    .insertInto("scheduled_seat_removals")
    .values({
      subscription_id: removal.subscriptionId,
      payment_plan_id: removal.paymentPlanId,
      target_seats_quantity: removal.targetSeatsQuantity,
      remove_seats_at: removal.removeSeatsAt,
      status: "PENDING",
      created_at: removal.now,
    })
    .execute();
}

/** Cancels the subscription's pending seat removals; the number cancelled. */
export async function cancelSeatRemovals(db: BackendDb, subscriptionId: string): Promise<number> {
  const result = await db
    .updateTable("scheduled_seat_removals")
    .set({ status: "CANCELLED" })
    .where("subscription_id", "=", subscriptionId)
    .where("status", "=", "PENDING")
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}
