import type Stripe from "stripe";
import { findUnsettledCheckoutSession, markCheckoutSessionSettled } from "../store/checkout-sessions";
import { requestLog } from "../observability";
import { findOnStripe } from "./stripe-client";
import { applySubscriptionFromStripe, type WebhookDeps } from "./webhook-events";

/** Where a Checkout Session stands on Stripe: paid (and now applied), still open, or expired unpaid. */
export type SessionOutcome = "paid" | "open" | "expired";

/** How long Stripe keeps a Checkout Session open (its default: 24 hours); older ones need no expiring. */
export const SESSION_LIFETIME_MS = 24 * 3_600_000;

/**
 * A billing read asks Stripe about the space's unsettled session at most this often (the shell reads the
 * subscriptions on every page of the space), and gives Stripe this long to answer before going on without.
 */
const READ_INTERVAL_MS = 15_000;
const READ_TIMEOUT_MS = 3_000;

const idOf = (value: string | { id: string } | null | undefined) =>
  typeof value === "string" ? value : (value?.id ?? null);

/**
 * A Checkout Session as Stripe has it, applied: paid, its subscription is
 * applied through the webhook's own path (idempotent, whatever the order);
 * paid or expired, the session is settled, not asked about again.
 */
export async function applyCheckoutSession(
  deps: WebhookDeps,
  session: Stripe.Checkout.Session,
  now: number,
): Promise<SessionOutcome> {
  if (session.status === "open") return "open";
  const subscriptionId = idOf(session.subscription);
  if (session.status === "complete" && subscriptionId) await applySubscriptionFromStripe(deps, subscriptionId, now);
  await markCheckoutSessionSettled(deps.db, session.id, now);
  return session.status === "complete" ? "paid" : "expired";
}

/** Reads a Checkout Session back from Stripe and applies it (applyCheckoutSession); null when Stripe has none. */
export async function settleCheckoutSession(
  deps: WebhookDeps,
  sessionId: string,
  now: number,
  options: Stripe.RequestOptions = {},
): Promise<SessionOutcome | null> {
  const session = await findOnStripe(() => deps.stripe.checkout.sessions.retrieve(sessionId, {}, options));
  return session && applyCheckoutSession(deps, session, now);
}

/**
 * A purchase paid while its webhook is lost or late, applied when the
 * space's billing is read: the space's newest unsettled session (a new one
 * expires the others) is read back from Stripe, at most every
 * READ_INTERVAL_MS. Best effort: Stripe failing or slow leaves the read as
 * it was, and the warning in the log.
 */
export class SettleOnRead {
  /** The space's session last asked about, and when: one entry per space at most. */
  private readonly asked = new Map<string, { sessionId: string; at: number }>();

  constructor(private readonly deps: WebhookDeps) {}

  async settle(workspaceId: string, now: number): Promise<void> {
    const unsettled = await findUnsettledCheckoutSession(this.deps.db, workspaceId, now - SESSION_LIFETIME_MS);
    const last = this.asked.get(workspaceId);
    if (!unsettled || (last?.sessionId === unsettled.id && now - last.at < READ_INTERVAL_MS)) return;
    this.asked.set(workspaceId, { sessionId: unsettled.id, at: now });
    try {
      const outcome = await settleCheckoutSession(this.deps, unsettled.id, now, {
        timeout: READ_TIMEOUT_MS,
        maxNetworkRetries: 0,
      });
      if (outcome !== "open") this.asked.delete(workspaceId);
      if (outcome === "paid") {
        requestLog().warn(
          { workspaceId, checkoutSessionId: unsettled.id },
          "a paid Checkout Session applied on a billing read: its checkout.session.completed webhook had not come",
        );
      }
    } catch (error) {
      requestLog().warn(
        { err: error, workspaceId, checkoutSessionId: unsettled.id },
        "Stripe not asked about a session on a billing read",
      );
    }
  }
}
