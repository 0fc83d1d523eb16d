import type Stripe from "stripe";
import type { BackendDb } from "../db/connection";
import { findDuplicate, recordDuplicateRefundAsked, type DuplicateRow } from "../store/duplicate-subscriptions";
import type { SubscriptionState } from "./invoices";
import { dropPendingSeats } from "./seat-changes";
import { callStripe } from "./stripe-client";

/**
 * What a subscription's state, once applied, still asks of Stripe: a
 * duplicate (a second purchase for a space already paid for) is cancelled
 * at once and its payment refunded; a seat increase whose payment was
 * declined is dropped (its invoice voided, so nothing is added and nothing
 * owed). Each call has an idempotency key of its own: a retry asks once.
 */
export async function settleSubscription(
  { db, stripe }: { db: BackendDb; stripe: Stripe },
  { subscription, latestInvoice }: SubscriptionState,
): Promise<void> {
  const duplicate = await findDuplicate(db, subscription.id);
  if (duplicate) {
    await settleDuplicate(db, stripe, duplicate, { subscription, latestInvoice });
    return;
  }
  const declined =
    Boolean(subscription.pending_update) &&
    latestInvoice?.status === "open" &&
    latestInvoice.paymentIntent?.status === "requires_payment_method";
  if (declined) await dropPendingSeats(stripe, latestInvoice.invoiceId);
}

async function settleDuplicate(
  db: BackendDb,
  stripe: Stripe,
  duplicate: DuplicateRow,
  { subscription, latestInvoice }: SubscriptionState,
) {
  if (subscription.status !== "canceled") {
    await callStripe(() =>
      stripe.subscriptions.cancel(subscription.id, {}, { idempotencyKey: `cancel-duplicate-${subscription.id}` }),
    );
  }
  const paymentIntentId =
    duplicate.payment_intent_id ?? (latestInvoice?.paid ? (latestInvoice.paymentIntent?.id ?? null) : null);
  if (!paymentIntentId || duplicate.refund_id) return;
  const refund = await callStripe(() =>
    stripe.refunds.create(
      {
        payment_intent: paymentIntentId,
        reason: "duplicate",
        metadata: { workspaceId: duplicate.workspace_id, subscriptionId: subscription.id },
      },
      { idempotencyKey: `refund-duplicate-${subscription.id}` },
    ),
  );
  await recordDuplicateRefundAsked(db, subscription.id, { paymentIntentId, refundId: refund.id });
}
