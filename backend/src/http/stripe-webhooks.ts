import { Hono } from "hono";
import type Stripe from "stripe";
import { processStripeEvent } from "../billing/webhook-events";
import type { AppEnv, BillingDeps } from "./app-env";
import { badRequest } from "./errors";

/**
 * Billing API: Stripe's webhooks (`POST /billing/stripe/webhooks`), the one
 * way a space's subscriptions, plan and seats change. No session: the
 * `Stripe-Signature` of the raw body, made with the endpoint's secret,
 * proves the sender.
 */
export function stripeWebhookRoutes({ db, stripe, config }: BillingDeps) {
  const routes = new Hono<AppEnv>();

  routes.post("/stripe/webhooks", async (c) => {
    const payload = await c.req.text();
    let event: Stripe.Event;
    try {
      event = stripe.webhooks.constructEvent(
        payload,
        c.req.header("Stripe-Signature") ?? "",
        config.stripe.webhookSecret,
      );
    } catch {
      throw badRequest("invalid_signature");
    }
    await processStripeEvent(db, event, Date.now());
    return c.json({ received: true });
  });

  return routes;
}
