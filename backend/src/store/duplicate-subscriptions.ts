import type { BackendDb } from "../db/connection";

/**
 * Subscriptions that arrived for a space already paid for (two Checkout
 * Sessions paid at once): never the space's, each is cancelled and its
 * payment refunded (backend/README.md, "One purchase per space").
 */

export function findDuplicate(db: BackendDb, subscriptionId: string) {
  return db.selectFrom("duplicate_subscriptions").selectAll().where("id", "=", subscriptionId).executeTakeFirst();
}

export type DuplicateRow = NonNullable<Awaited<ReturnType<typeof findDuplicate>>>;

export async function insertDuplicate(
  db: BackendDb,
  duplicate: {
    id: string;
    workspaceId: string;
    keptSubscriptionId: string;
    paymentIntentId: string | null;
    now: number;
  },
): Promise<void> {
  await db
    .insertInto("duplicate_subscriptions")
    .values({
      id: duplicate.id,
      workspace_id: duplicate.workspaceId,
      kept_subscription_id: duplicate.keptSubscriptionId,
      payment_intent_id: duplicate.paymentIntentId,
      detected_at: duplicate.now,
    })
    .onConflict((oc) => oc.column("id").doNothing())
    .execute();
}

export async function markDuplicateCanceled(db: BackendDb, subscriptionId: string, now: number): Promise<void> {
  await db
    .updateTable("duplicate_subscriptions")
    .set({ canceled_at: now })
    .where("id", "=", subscriptionId)
    .where("canceled_at", "is", null)
    .execute();
}

/** The refund asked of Stripe for a duplicate's payment. */
export async function recordDuplicateRefundAsked(
  db: BackendDb,
  subscriptionId: string,
  refund: { paymentIntentId: string; refundId: string },
): Promise<void> {
  await db
    .updateTable("duplicate_subscriptions")
    .set({ payment_intent_id: refund.paymentIntentId, refund_id: refund.refundId })
    .where("id", "=", subscriptionId)
    .execute();
}

/** What Stripe refunded of a duplicate's payment (charge.refunded, by its payment intent), and when. */
export async function recordDuplicateRefund(
  db: BackendDb,
  refund: { paymentIntentId: string; amount: number; currency: string; at: number },
): Promise<void> {
  await db
    .updateTable("duplicate_subscriptions")
    .set({ refunded_amount: refund.amount, currency: refund.currency.toUpperCase(), refunded_at: refund.at })
    .where("payment_intent_id", "=", refund.paymentIntentId)
    .execute();
}

/** The duplicates of a space's subscription refunded since `since` (the billing page says so), newest first. */
export function listRefundedDuplicates(db: BackendDb, keptSubscriptionId: string, since: number) {
  return db
    .selectFrom("duplicate_subscriptions")
    .select(["id", "refunded_amount", "currency", "refunded_at"])
    .where("kept_subscription_id", "=", keptSubscriptionId)
    .where("refunded_at", ">=", since)
    .orderBy("refunded_at", "desc")
    .execute();
}
