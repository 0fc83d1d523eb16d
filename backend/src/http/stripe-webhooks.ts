import { Hono } from "hono";
import type Stripe from "stripe";
import { eventTypeLabel } from "../billing/stripe-event-types";
import { processStripeEvent } from "../billing/webhook-events";
import type { AppEnv, BillingDeps } from "./app-env";
import { webhookEvents } from "../observability";
import { badRequest } from "./errors";

/** How far a signature's timestamp may be from now, either way (the SDK's default tolerance, in seconds). */
export const SIGNATURE_TOLERANCE_S = 300;

/**
 * The `t=` of a `Stripe-Signature` header, in unix seconds; null unless
 * there is exactly one: with two, this check and the SDK's could read
 * different ones (a signature made for tomorrow passing as today's).
 */
function signedAt(header: string): number | null {
  const stamps = header.split(",").filter((part) => part.trim().startsWith("t="));
  const match = stamps.length === 1 ? /^t=(\d+)$/.exec(stamps[0]!.trim()) : null;
  return match ? Number(match[1]) : null;
}

/**
 * The event of a webhook request, if its `Stripe-Signature` was made with
 * the endpoint's secret over this body no more than the tolerance away
 * from now: older (a replay) or newer (a forged clock) is refused. The SDK
 * checks the signature and the age; the future is checked here.
 */
export function verifiedEvent(stripe: Stripe, payload: string, header: string, secret: string, now = Date.now()) {
  const nowS = Math.floor(now / 1000);
  const at = signedAt(header);
  if (at === null || at - nowS > SIGNATURE_TOLERANCE_S) throw badRequest("invalid_signature");
  try {
    return stripe.webhooks.constructEvent(payload, header, secret, SIGNATURE_TOLERANCE_S, undefined, now);
  } catch {
    throw badRequest("invalid_signature");
  }
}

/** An unsigned payload's `type`, when it is one Stripe documents, else "unknown". */
function claimedType(payload: string) {
  try {
    return eventTypeLabel(JSON.parse(payload).type);
  } catch {
    return "unknown";
  }
}

/**
 * Billing API: Stripe's webhooks (`POST /billing/stripe/webhooks`), the one
 * way a space's subscriptions, plan and seats change. No session: the
 * `Stripe-Signature` of the raw body, made with the endpoint's secret,
 * proves the sender.
 */
export function stripeWebhookRoutes({ db, stripe, config, serial }: BillingDeps) {
  const routes = new Hono<AppEnv>();

  routes.post("/stripe/webhooks", async (c) => {
    const payload = await c.req.text();
    let event: Stripe.Event;
    try {
      event = verifiedEvent(stripe, payload, c.req.header("Stripe-Signature") ?? "", config.stripe.webhookSecret);
    } catch (error) {
      // The type a refused event claims, which no one vouches for: only for the metric's label, when it is one.
      webhookEvents.inc({ type: claimedType(payload), outcome: "refused" });
      throw error;
    }
    await processStripeEvent({ db, stripe, serial }, event, Date.now());
    webhookEvents.inc({ type: eventTypeLabel(event.type), outcome: "processed" });
    return c.json({ received: true });
  });

  return routes;
}
