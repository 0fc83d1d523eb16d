import type Stripe from "stripe";
import type { BackendDb } from "../db/connection";
import { downgradeSpaceToFree, giveBuyerSeat, setSpacePlan } from "../store/space-plan";
import {
  applyScheduledDowngrades,
  claimCheckoutRequest,
  findCheckoutRequest,
  replaceLegacyLicense,
  setPaidUsers,
} from "../store/per-user-billing";
import {
  findDuplicate,
  insertDuplicate,
  markDuplicateCanceled,
  recordDuplicateRefund,
} from "../store/duplicate-subscriptions";
import { markCheckoutSessionSettled } from "../store/checkout-sessions";
import { claimStripeEvent } from "../store/stripe-events";
import {
  cancelSeatRemovals,
  completeSeatRemovals,
  countOtherActiveSubscriptions,
  findActiveSubscriptionBesides,
  findSubscriptionById,
  saveLatestInvoice,
  saveSubscription,
} from "../store/subscriptions";
import { findUserById } from "../store/users";
import { findMembership, findWorkspace } from "../store/workspaces";
import { readSubscriptionState, type SubscriptionState } from "./invoices";
import type { KeyedQueue } from "./keyed-queue";
import { settleSubscription } from "./settle-subscription";
import { subscriptionRecordOf } from "./stripe-subscription";

export interface WebhookDeps {
  db: BackendDb;
  stripe: Stripe;
  /** Events about one subscription are applied one at a time. */
  serial: KeyedQueue;
}

const idOf = (value: string | { id: string } | null | undefined) =>
  typeof value === "string" ? value : (value?.id ?? null);

/** What an event is about: a subscription (read again from Stripe), a refunded charge, or nothing handled here. */
type Subject = { subscriptionId: string } | { refundedCharge: Stripe.Charge } | null;

function subjectOf(event: Stripe.Event): Subject {
  switch (event.type) {
    case "customer.subscription.created":
    case "customer.subscription.updated":
    case "customer.subscription.deleted":
    case "customer.subscription.pending_update_applied":
    case "customer.subscription.pending_update_expired":
      return { subscriptionId: event.data.object.id };
    case "invoice.paid":
    case "invoice.payment_succeeded":
    case "invoice.payment_action_required":
    case "invoice.payment_failed":
    case "invoice.voided":
    case "invoice.marked_uncollectible": {
      const subscriptionId = idOf(event.data.object.parent?.subscription_details?.subscription);
      return subscriptionId ? { subscriptionId } : null;
    }
    case "checkout.session.completed": {
      const subscriptionId = idOf(event.data.object.subscription);
      return subscriptionId ? { subscriptionId } : null;
    }
    case "charge.refunded":
      return { refundedCharge: event.data.object };
    default:
      return null;
  }
}

/** Whether the backend acts on events of this one's type and object (the others are only recorded). */
export const isAppliedEvent = (event: Stripe.Event) => subjectOf(event) !== null;

/** The Checkout Session an event closes (paid or expired): once applied, it is not asked about again. */
function closedSessionOf(event: Stripe.Event) {
  return event.type === "checkout.session.completed" || event.type === "checkout.session.expired"
    ? event.data.object.id
    : null;
}

/**
 * Applies one Stripe event (backend/README.md, Webhook effects), brought by
 * its webhook or by the reconciliation. Stripe does not promise an order,
 * so an event about a subscription only says "look again" (see
 * applySubscriptionFromStripe), the event recorded in the same transaction
 * (a redelivery changes nothing).
 */
export async function processStripeEvent(deps: WebhookDeps, event: Stripe.Event, now: number): Promise<void> {
  const subject = subjectOf(event);
  const claim = (db: BackendDb) =>
    claimStripeEvent(db, { id: event.id, type: event.type, created: event.created, now });
  if (subject && "refundedCharge" in subject) {
    return deps.db.transaction().execute(async (trx) => {
      if (await claim(trx)) await applyRefund(trx, subject.refundedCharge, now);
    });
  }
  if (subject) await applySubscriptionFromStripe(deps, subject.subscriptionId, now, claim);
  else await claim(deps.db);
  const session = closedSessionOf(event);
  if (session) await markCheckoutSessionSettled(deps.db, session, now);
}

/**
 * Applies a subscription as Stripe has it now, read again: the one path of
 * a webhook, the buyer's return and the reconciliation. The subscription
 * and its latest invoice are applied in one transaction, when `claim` (the
 * event's record, if any) says it is new; whatever the order the events
 * arrive in, the last one applied brings Stripe's final state, and the
 * same state applied twice changes nothing. Then what that state still asks
 * of Stripe is done (a duplicate cancelled and refunded, a declined seat
 * increase dropped), whether the event was new or not, so a retry finishes
 * what failed.
 */
export async function applySubscriptionFromStripe(
  deps: WebhookDeps,
  subscriptionId: string,
  now: number,
  claim: (db: BackendDb) => Promise<boolean> = async () => true,
): Promise<void> {
  await deps.serial.run(subscriptionId, async () => {
    const state = await readSubscriptionState(deps.stripe, subscriptionId);
    await deps.db.transaction().execute(async (trx) => {
      if ((await claim(trx)) && state) await applySubscriptionState(trx, state, now);
    });
    if (state) await settleSubscription(deps, state);
  });
}

/**
 * The subscription as Stripe has it now. While active it makes the space's
 * plan (paid through Stripe) and, the first time, gives the buyer a seat or
 * pays for the users of its v1 checkout; a removal whose target is reached
 * is done; a new period moves the members marked for it to FREE. Once it
 * ends, its pending removals are dropped, and a space with no other active
 * subscription goes back to FREE. A new subscription for a space already
 * paid for (another active one it does not replace) is a duplicate: kept
 * apart, never the space's.
 */
async function applySubscriptionState(db: BackendDb, { subscription, latestInvoice }: SubscriptionState, now: number) {
  const duplicate = await findDuplicate(db, subscription.id);
  if (duplicate) {
    if (subscription.status === "canceled") await markDuplicateCanceled(db, subscription.id, now);
    return;
  }
  const known = await findSubscriptionById(db, subscription.id);
  // A subscription the backend knows stays in its space, whatever its metadata says since.
  const workspaceId = known?.workspace_id ?? subscription.metadata.workspaceId;
  if (!workspaceId || !(await findWorkspace(db, workspaceId))) return;
  const record = subscriptionRecordOf(subscription, { workspaceId });
  if (!record) return;
  if (!known && record.status === "ACTIVE") {
    const kept = await paidForAlready(db, workspaceId, subscription);
    if (kept) {
      await insertDuplicate(db, {
        id: subscription.id,
        workspaceId,
        keptSubscriptionId: kept.id,
        paymentIntentId: latestInvoice?.paid ? (latestInvoice.paymentIntent?.id ?? null) : null,
        now,
      });
      return;
    }
  }
  const { created } = await saveSubscription(db, record);
  // The invoice of a seat increase waiting for its payment is not the subscription's to alert about: the
  // subscription runs on as it was, and the increase is paid, or dropped, by itself (issue 24).
  if (!subscription.pending_update) {
    await saveLatestInvoice(
      db,
      record.id,
      latestInvoice && {
        invoiceId: latestInvoice.invoiceId,
        createdAt: latestInvoice.createdAt,
        paid: latestInvoice.paid,
        hostedInvoiceUrl: latestInvoice.hostedInvoiceUrl,
        paymentIntentStatus: latestInvoice.paymentIntent?.status ?? null,
      },
    );
  }
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

/** The space's active subscription a new one would double: any but the legacy licence its v1 checkout replaces. */
async function paidForAlready(db: BackendDb, workspaceId: string, subscription: Stripe.Subscription) {
  const checkoutId = subscription.metadata.checkoutId;
  const checkout = checkoutId ? await findCheckoutRequest(db, checkoutId, workspaceId) : undefined;
  const replaced = checkout?.legacy_subscription_id;
  return findActiveSubscriptionBesides(db, workspaceId, replaced ? [subscription.id, replaced] : [subscription.id]);
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

/** A refund of a duplicate's payment: how much went back, and when (the billing page says so). */
async function applyRefund(db: BackendDb, charge: Stripe.Charge, now: number) {
  const paymentIntentId = idOf(charge.payment_intent);
  if (!paymentIntentId || charge.amount_refunded === 0) return;
  await recordDuplicateRefund(db, {
    paymentIntentId,
    amount: charge.amount_refunded,
    currency: charge.currency,
    at: now,
  });
}
