import { sql } from "kysely";
import type { BackendDb } from "../db/connection";
import type { ScheduledRemovalStatus, SubscriptionStatus } from "../db/tables/subscriptions";
import type { BillingInterval, LegalEntity, PaymentSource, UserPlan, WorkspacePlan } from "../domain/enums";

export interface SeatPlanRecord {
  paymentPlanId: string;
  userPlan: UserPlan;
  /** -1: unlimited. */
  totalSeats: number;
  unitAmount: number;
}

/** A subscription as Stripe (or, for other payment sources, the seed) describes it. */
export interface SubscriptionRecord {
  id: string;
  workspaceId: string;
  workspacePlan: WorkspacePlan;
  status: SubscriptionStatus;
  billingInterval: BillingInterval;
  currency: string;
  paymentSource: PaymentSource;
  autoRenew: boolean;
  startTimestamp: number;
  endTimestamp: number;
  createdAt: number;
  stripeCustomerId: string | null;
  stripeSubscriptionScheduleId: string | null;
  /** Null with a schedule: the interval it plans is kept as it was known (a schedule's phases are not in the subscription). */
  scheduledBillingInterval: BillingInterval | null;
  taxRate: number;
  couponId: string | null;
  seatPlans: readonly SeatPlanRecord[];
  /** Who sold it, when the seed knows (a Belgian legacy licence); Stripe's events do not say: kept as stored. */
  legalEntity?: LegalEntity;
}

/**
 * Inserts the subscription, or brings a known one up to date (its space and
 * creation stay); its seat plans are replaced. The latest invoice is saved
 * apart (saveLatestInvoice). Answers whether it was new.
 */
export async function saveSubscription(db: BackendDb, record: SubscriptionRecord): Promise<{ created: boolean }> {
  const existed = await db.selectFrom("subscriptions").select("id").where("id", "=", record.id).executeTakeFirst();
  const fields = {
    workspace_plan: record.workspacePlan,
    status: record.status,
    billing_interval: record.billingInterval,
    currency: record.currency,
    payment_source: record.paymentSource,
    auto_renew: record.autoRenew ? (1 as const) : (0 as const),
    start_timestamp: record.startTimestamp,
    end_timestamp: record.endTimestamp,
    stripe_customer_id: record.stripeCustomerId,
    stripe_subscription_schedule_id: record.stripeSubscriptionScheduleId,
    tax_rate: record.taxRate,
    coupon_id: record.couponId,
  };
  if (existed) {
    await db
      .updateTable("subscriptions")
      .set({
        ...fields,
        // Without a schedule nothing is planned; with one, a known planned interval stays until told otherwise,
        // or until it is the subscription's (Stripe keeps the schedule for the cycle of its last phase).
        scheduled_billing_interval:
          record.stripeSubscriptionScheduleId === null
            ? null
            : sql<BillingInterval | null>`nullif(coalesce(${record.scheduledBillingInterval}, scheduled_billing_interval), ${record.billingInterval})`,
      })
      .where("id", "=", record.id)
      .execute();
    await db.deleteFrom("subscription_seat_plans").where("subscription_id", "=", record.id).execute();
  } else {
    await db
      .insertInto("subscriptions")
      .values({
        ...fields,
        id: record.id,
        workspace_id: record.workspaceId,
        scheduled_billing_interval: record.scheduledBillingInterval,
        created_at: record.createdAt,
        ...(record.legalEntity && { legal_entity: record.legalEntity }),
      })
      .execute();
  }
  if (record.seatPlans.length > 0) {
    await db
      .insertInto("subscription_seat_plans")
      .values(
        record.seatPlans.map((plan) => ({
          subscription_id: record.id,
          payment_plan_id: plan.paymentPlanId,
          user_plan: plan.userPlan,
          total_seats: plan.totalSeats,
          unit_amount: plan.unitAmount,
        })),
      )
      .execute();
  }
  return { created: !existed };
}

export interface LatestInvoice {
  invoiceId: string | null;
  /** Stripe's `created`, in ms. */
  createdAt: number;
  paid: boolean;
  hostedInvoiceUrl: string | null;
  paymentIntentStatus: string | null;
}

/**
 * Records the subscription's latest invoice as Stripe names it now (its
 * `latest_invoice`, read again with every event): none when null.
 */
export async function saveLatestInvoice(
  db: BackendDb,
  subscriptionId: string,
  invoice: LatestInvoice | null,
): Promise<void> {
  await db
    .updateTable("subscriptions")
    .set({
      latest_invoice_id: invoice?.invoiceId ?? null,
      latest_invoice_created_at: invoice?.createdAt ?? null,
      latest_invoice_paid: invoice ? (invoice.paid ? 1 : 0) : null,
      latest_invoice_url: invoice?.hostedInvoiceUrl ?? null,
      latest_invoice_payment_status: invoice?.paymentIntentStatus ?? null,
    })
    .where("id", "=", subscriptionId)
    .execute();
}

/**
 * The space's active subscription that a new one (not known yet) would
 * double: any other than the legacy licence it replaces.
 */
export function findActiveSubscriptionBesides(db: BackendDb, workspaceId: string, exceptIds: readonly string[]) {
  return db
    .selectFrom("subscriptions")
    .selectAll()
    .where("workspace_id", "=", workspaceId)
    .where("status", "=", "ACTIVE")
    .where("id", "not in", [...exceptIds])
    .orderBy("created_at")
    .executeTakeFirst();
}

/** The space's subscriptions of these statuses, newest first. */
export function listSubscriptions(db: BackendDb, workspaceId: string, statuses: readonly SubscriptionStatus[]) {
  return db
    .selectFrom("subscriptions")
    .selectAll()
    .where("workspace_id", "=", workspaceId)
    .where("status", "in", [...statuses])
    .orderBy("created_at", "desc")
    .orderBy("id")
    .execute();
}

export type SubscriptionRow = Awaited<ReturnType<typeof listSubscriptions>>[number];

/** How many of the space's subscriptions are active, leaving one out. */
export async function countOtherActiveSubscriptions(
  db: BackendDb,
  workspaceId: string,
  subscriptionId: string,
): Promise<number> {
  const row = await db
    .selectFrom("subscriptions")
    .select((eb) => eb.fn.countAll<number>().as("count"))
    .where("workspace_id", "=", workspaceId)
    .where("status", "=", "ACTIVE")
    .where("id", "!=", subscriptionId)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

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

/** A subscription by its id alone: a webhook names no space the backend can trust more. */
export function findSubscriptionById(db: BackendDb, subscriptionId: string) {
  return db.selectFrom("subscriptions").selectAll().where("id", "=", subscriptionId).executeTakeFirst();
}

/** The space's legacy licence still running (001 §4 legacy flows), if any. */
export function findActiveLegacySubscription(db: BackendDb, workspaceId: string) {
  return db
    .selectFrom("subscriptions")
    .selectAll()
    .where("workspace_id", "=", workspaceId)
    .where("status", "=", "ACTIVE")
    .where("workspace_plan", "=", "LEGACY")
    .orderBy("created_at", "desc")
    .executeTakeFirst();
}

/** Records the billing-interval change the backend planned through a Stripe schedule (Stripe's events name only the schedule). */
export async function saveScheduledChange(
  db: BackendDb,
  subscriptionId: string,
  change: { scheduleId: string; billingInterval: BillingInterval },
): Promise<void> {
  await db
    .updateTable("subscriptions")
    .set({ stripe_subscription_schedule_id: change.scheduleId, scheduled_billing_interval: change.billingInterval })
    .where("id", "=", subscriptionId)
    .execute();
}

/** Forgets a planned billing-interval change, once its Stripe schedule is released. */
export async function clearScheduledChange(db: BackendDb, subscriptionId: string): Promise<void> {
  await db
    .updateTable("subscriptions")
    .set({ stripe_subscription_schedule_id: null, scheduled_billing_interval: null })
    .where("id", "=", subscriptionId)
    .execute();
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

export type SeatRemovalRow = Awaited<ReturnType<typeof listSeatRemovals>>[number];

export async function insertSeatRemovals(
  db: BackendDb,
  removals: {
    subscriptionId: string;
    targets: ReadonlyArray<{ paymentPlanId: string; targetSeatsQuantity: number }>;
    removeSeatsAt: number;
    stripeSubscriptionScheduleId: string | null;
    now: number;
  },
): Promise<void> {
  await db
    .insertInto("scheduled_seat_removals")
    .values(
      removals.targets.map((target) => ({
        subscription_id: removals.subscriptionId,
        payment_plan_id: target.paymentPlanId,
        target_seats_quantity: target.targetSeatsQuantity,
        remove_seats_at: removals.removeSeatsAt,
        status: "PENDING" as const,
        created_at: removals.now,
        updated_at: removals.now,
        stripe_subscription_schedule_id: removals.stripeSubscriptionScheduleId,
      })),
    )
    .execute();
}

/** Cancels the subscription's pending seat removals; the number cancelled. */
export async function cancelSeatRemovals(db: BackendDb, subscriptionId: string, now: number): Promise<number> {
  const result = await db
    .updateTable("scheduled_seat_removals")
    .set({ status: "CANCELLED", updated_at: now })
    .where("subscription_id", "=", subscriptionId)
    .where("status", "=", "PENDING")
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** Marks DONE the pending removals whose seat plan is down to its target (Stripe applied them). */
export async function completeSeatRemovals(db: BackendDb, subscriptionId: string, now: number): Promise<void> {
  await db
    .updateTable("scheduled_seat_removals as r")
    .set({ status: "DONE", updated_at: now })
    .where("r.subscription_id", "=", subscriptionId)
    .where("r.status", "=", "PENDING")
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom("subscription_seat_plans as p")
          .select("p.payment_plan_id")
          .whereRef("p.subscription_id", "=", "r.subscription_id")
          .whereRef("p.payment_plan_id", "=", "r.payment_plan_id")
          .whereRef("p.total_seats", "<=", "r.target_seats_quantity"),
      ),
    )
    .execute();
}
