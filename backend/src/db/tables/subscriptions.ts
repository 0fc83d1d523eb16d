import type { Generated } from "kysely";
import type { BillingInterval, PaymentSource, UserPlan, WorkspacePlan } from "../../domain/enums";
import type { SqlBoolean } from "./users";

export type SubscriptionStatus = "ACTIVE" | "CANCELED";
export type ScheduledRemovalStatus = "PENDING" | "CANCELLED" | "DONE";

/** A space's subscription (001 §3 Active subscription). */
export interface SubscriptionsTable {
  id: string;
  workspace_id: string;
  workspace_plan: WorkspacePlan;
  status: SubscriptionStatus;
  billing_interval: BillingInterval;
  currency: string;
  payment_source: PaymentSource;
  auto_renew: SqlBoolean;
  /** The end of the paid period: renewal, or the end when not renewed. */
  end_timestamp: number;
  created_at: number;
}

/** The seats a subscription pays for, per payment plan (one user plan each). */
export interface SubscriptionSeatPlansTable {
  subscription_id: string;
  payment_plan_id: string;
  user_plan: UserPlan;
  /** -1: unlimited. */
  total_seats: number;
}

/** Fewer seats from the next renewal on (001 Remove seats); blocks adding or removing more until cancelled. */
export interface ScheduledSeatRemovalsTable {
  id: Generated<number>;
  subscription_id: string;
  payment_plan_id: string;
  target_seats_quantity: number;
  remove_seats_at: number;
  status: ScheduledRemovalStatus;
  created_at: number;
}

export interface SubscriptionTables {
  subscriptions: SubscriptionsTable;
  subscription_seat_plans: SubscriptionSeatPlansTable;
  scheduled_seat_removals: ScheduledSeatRemovalsTable;
}
