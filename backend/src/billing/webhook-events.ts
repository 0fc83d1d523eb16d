import type Stripe from "stripe";
import type { BackendDb } from "../db/connection";
import { cancelSeatRemovals, completeSeatRemovals, countOtherActiveSubscriptions } from "../store/subscriptions";
import { findSubscriptionById, saveLatestInvoice, saveSubscription } from "../store/subscriptions";
import { downgradeSpaceToFree, giveBuyerSeat, setSpacePlan } from "../store/space-plan";
import {
  applyScheduledDowngrades,
  claimCheckoutRequest,
  replaceLegacyLicense,
  setPaidUsers,
} from "../store/per-user-billing";
import { claimStripeEvent } from "../store/stripe-events";
import { findUserById } from "../store/users";
import { findMembership, findWorkspace } from "../store/workspaces";
import { subscriptionRecordOf } from "./stripe-subscription";

/** What each invoice event says of the invoice's payment intent, which the event does not carry. */
const PAYMENT_INTENT_STATUS = {
  "invoice.paid": "succeeded",
  "invoice.payment_action_required": "requires_action",
  "invoice.payment_failed": "requires_payment_method",
} as const;

const idOf = (value: string | { id: string } | null | undefined) =>
  typeof value === "string" ? value : (value?.id ?? null);

/**
 * Applies one Stripe event, once (backend/README.md, Webhook effects): in
 * one transaction it is recorded and its effect made, from the event's own
 * object alone. A redelivered event, a type not handled, or one about a
 * space or subscription the backend does not know is recorded and changes
 * nothing else.
 */
export async function processStripeEvent(db: BackendDb, event: Stripe.Event, now: number): Promise<void> {
  await db.transaction().execute(async (trx) => {
    if (!(await claimStripeEvent(trx, { id: event.id, type: event.type, now }))) return;
    switch (event.type) {
      case "customer.subscription.created":
      case "customer.subscription.updated":
      case "customer.subscription.deleted":
        return applySubscription(trx, event.data.object, event.type === "customer.subscription.deleted", now);
      case "checkout.session.completed":
        return applyCompletedCheckout(trx, event.data.object, now);
      case "invoice.paid":
      case "invoice.payment_action_required":
      case "invoice.payment_failed":
        return applyInvoice(trx, event.data.object, PAYMENT_INTENT_STATUS[event.type]);
    }
  });
}

/**
 * The subscription as Stripe has it now. While active it makes the space's
 * plan (paid through Stripe) and, the first time, gives the buyer a seat or
 * pays for the users of its v1 checkout; a removal whose target is reached
 * is done; a new period moves the members marked for it to FREE. Once it
 * ends, its pending removals are dropped, and a space with no other active
 * subscription goes back to FREE.
 */
async function applySubscription(db: BackendDb, subscription: Stripe.Subscription, deleted: boolean, now: number) {
  const known = await findSubscriptionById(db, subscription.id);
  // A subscription the backend knows stays in its space, whatever its metadata says since.
  const workspaceId = known?.workspace_id ?? subscription.metadata.workspaceId;
  if (!workspaceId || !(await findWorkspace(db, workspaceId))) return;
  const record = subscriptionRecordOf(subscription, { workspaceId, deleted });
  if (!record) return;
  const { created } = await saveSubscription(db, record);
  if (record.status === "ACTIVE") {
    await completeSeatRemovals(db, record.id, now);
    await setSpacePlan(db, workspaceId, record.workspacePlan, "STRIPE");
    if (known && record.startTimestamp > known.start_timestamp) await applyScheduledDowngrades(db, workspaceId, now);
    if (created) await seatBuyers(db, { workspaceId, subscriptionId: record.id, metadata: subscription.metadata }, now);
    return;
  }
  await cancelSeatRemovals(db, record.id, now);
  if ((await countOtherActiveSubscriptions(db, workspaceId, record.id)) === 0) {
    await downgradeSpaceToFree(db, workspaceId, now);
  }
}

/**
 * A paid checkout: the buyer's seat or its users, if the subscription's own
 * event came first (it gives them otherwise, from the same metadata).
 */
async function applyCompletedCheckout(db: BackendDb, session: Stripe.Checkout.Session, now: number) {
  const subscriptionId = idOf(session.subscription);
  const known = subscriptionId ? await findSubscriptionById(db, subscriptionId) : undefined;
  if (!known || known.status !== "ACTIVE" || known.workspace_id !== session.metadata?.workspaceId) return;
  await seatBuyers(db, { workspaceId: known.workspace_id, subscriptionId: known.id, metadata: session.metadata }, now);
}

/**
 * Who a new subscription pays for: the users of its v1 checkout (metadata
 * `checkoutId`, applied once, replacing a legacy licence when it says so),
 * or else the buyer (metadata `userId`).
 */
async function seatBuyers(
  db: BackendDb,
  purchase: { workspaceId: string; subscriptionId: string; metadata: Record<string, string> },
  now: number,
) {
  const { workspaceId, metadata } = purchase;
  if (!metadata.checkoutId) return seatBuyer(db, workspaceId, metadata.userId, now);
  const checkout = await claimCheckoutRequest(db, metadata.checkoutId, workspaceId, now);
  if (!checkout) return;
  await setPaidUsers(db, workspaceId, checkout.users, now);
  if (checkout.legacySubscriptionId) {
    await replaceLegacyLicense(db, {
      workspaceId,
      legacySubscriptionId: checkout.legacySubscriptionId,
      subscriptionId: purchase.subscriptionId,
      now,
    });
  }
}

/** The buyer, a member of the space, on a paid seat: PRO, or PRO_PERSONAL for a Gmail buyer. */
async function seatBuyer(db: BackendDb, workspaceId: string, userId: string | undefined, now: number) {
  const user = userId ? await findUserById(db, userId) : undefined;
  if (!user || !(await findMembership(db, workspaceId, user.id))) return;
  await giveBuyerSeat(db, {
    workspaceId,
    userId: user.id,
    userPlan: user.is_personal === 1 ? "PRO_PERSONAL" : "PRO",
    now,
  });
}

/** An invoice of a known subscription becomes its latest (the payment alerts of 001 §4 read it). */
async function applyInvoice(db: BackendDb, invoice: Stripe.Invoice, paymentIntentStatus: string) {
  const subscriptionId = idOf(invoice.parent?.subscription_details?.subscription);
  if (!subscriptionId || !(await findSubscriptionById(db, subscriptionId))) return;
  await saveLatestInvoice(db, subscriptionId, {
    invoiceId: invoice.id,
    createdAt: invoice.created * 1000,
    paid: invoice.status === "paid",
    hostedInvoiceUrl: invoice.hosted_invoice_url ?? null,
    paymentIntentStatus,
  });
}
