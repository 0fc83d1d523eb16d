import { Hono } from "hono";
import { z } from "zod";
import { confirmInvoicePayment } from "../billing/confirm-payment";
import { readLatestInvoice, readSubscriptionState } from "../billing/invoices";
import { dropPendingSeats, releaseSchedule } from "../billing/seat-changes";
import { clearScheduledChange } from "../store/subscriptions";
import type { AppEnv, BillingDeps } from "./app-env";
import { requireBillingAccess, requireBillingReader, requireSubscription } from "./billing-access";
import { conflict, HttpError } from "./errors";
import { requireAppUrl } from "./app-urls";
import { requestIdempotencyKey } from "./idempotency";
import { perUserUpdateBody, updatePerUserSubscription } from "./per-user-billing";
import { parseJsonBody, parseOrThrow, parseQuery, queryFlag } from "./validation";
import { subscriptionViews } from "./views/subscription-view";

const SPACE = "/workspace-billing/workspaces/:workspaceId";

const subscriptionsV2Query = z.object({ status: z.enum(["ACTIVE", "CANCELED"]).optional() });
const subscriptionsV1Query = z.object({ includePlans: queryFlag, retrieveAdditionalStripeInfo: queryFlag });
/** The cancel of a planned billing-interval change; any other body is the per-user update. */
const cancelIntervalChangeBody = z.object({ cancelScheduledBillingIntervalChange: z.literal(true) }).strict();
const confirmationBody = z.object({
  returnUrl: z
    .string()
    .url()
    .regex(/^https?:\/\//, "must be an absolute http(s) URL"),
});

/**
 * Billing API: a space's subscriptions (001 §7 Subscriptions v1 and v2,
 * 002 §3 Seat info; a purchase paid but not yet applied is applied first,
 * see SettleOnRead), their latest invoice as Stripe has it, the
 * cancellation of a planned billing-cycle change, and the per-user update
 * (per-user-billing.ts).
 */
export function subscriptionsRoutes(deps: BillingDeps) {
  const { db, stripe } = deps;
  const routes = new Hono<AppEnv>();

  routes.get(`${SPACE}/subscriptions/v2`, async (c) => {
    const { status } = parseQuery(c, subscriptionsV2Query);
    const { workspace } = await requireBillingReader(db, c);
    await deps.settleOnRead.settle(workspace.id, Date.now());
    const items = await subscriptionViews(db, workspace.id, {
      statuses: status ? [status] : ["ACTIVE", "CANCELED"],
      includePlans: true,
      includeStripeInfo: true,
      now: Date.now(),
    });
    return c.json({ items });
  });

  routes.get(`${SPACE}/subscriptions/v1`, async (c) => {
    const query = parseQuery(c, subscriptionsV1Query);
    const { workspace } = await requireBillingReader(db, c);
    await deps.settleOnRead.settle(workspace.id, Date.now());
    const items = await subscriptionViews(db, workspace.id, {
      statuses: ["ACTIVE", "CANCELED"],
      includePlans: query.includePlans,
      includeStripeInfo: query.retrieveAdditionalStripeInfo,
      now: Date.now(),
    });
    return c.json({ items });
  });

  routes.put(`${SPACE}/subscriptions/v1/:subscriptionId`, async (c) => {
    const body = await parseJsonBody(c, z.record(z.unknown()));
    if (!("cancelScheduledBillingIntervalChange" in body)) {
      return updatePerUserSubscription(deps, c, parseOrThrow(perUserUpdateBody, body));
    }
    parseOrThrow(cancelIntervalChangeBody, body);
    const { workspace } = await requireBillingAccess(db, c);
    const subscription = await requireSubscription(db, c, workspace.id);
    const scheduleId = subscription.stripe_subscription_schedule_id;
    if (!subscription.scheduled_billing_interval || !scheduleId) {
      throw new HttpError(404, "scheduled_change_not_found");
    }
    await releaseSchedule(stripe, scheduleId, requestIdempotencyKey(c));
    // The backend's own record of the change it planned: Stripe's release sends no event to learn it from.
    await clearScheduledChange(db, subscription.id);
    return c.json({ subscriptionId: subscription.id });
  });

  /**
   * Pays the latest invoice whose payment waits for the customer (001 §4
   * "Confirm your payment", Add seats with a card asking for authentication)
   * through Stripe's redirect-based flow, which needs no JavaScript: its
   * payment intent is confirmed with `returnUrl`; an authentication answers
   * the page to send the browser to, after which Stripe sends it back to
   * `returnUrl`. A declined seat increase is dropped.
   */
  routes.post(`${SPACE}/subscriptions/v2/:subscriptionId/latest-invoice/v1/confirmation`, async (c) => {
    const returnUrl = requireAppUrl(deps.config, "returnUrl", (await parseJsonBody(c, confirmationBody)).returnUrl);
    const { workspace } = await requireBillingAccess(db, c);
    const subscription = await requireSubscription(db, c, workspace.id);
    const state =
      subscription.payment_source === "STRIPE" ? await readSubscriptionState(stripe, subscription.id) : null;
    const invoice = state?.latestInvoice;
    if (!state || invoice?.status !== "open" || !invoice.paymentIntent) throw conflict("nothing_to_confirm");
    const confirmed = await confirmInvoicePayment(stripe, {
      paymentIntentId: invoice.paymentIntent.id,
      returnUrl,
      requestKey: requestIdempotencyKey(c),
    });
    if (confirmed.status === "requires_payment_method" && state.subscription.pending_update) {
      await dropPendingSeats(stripe, invoice.invoiceId);
    }
    return c.json(confirmed);
  });

  routes.get(`${SPACE}/subscriptions/v2/:subscriptionId/latest-invoice/v1`, async (c) => {
    const { workspace } = await requireBillingAccess(db, c);
    const subscription = await requireSubscription(db, c, workspace.id);
    const invoice = subscription.payment_source === "STRIPE" ? await readLatestInvoice(stripe, subscription.id) : null;
    if (!invoice) throw new HttpError(404, "invoice_not_found");
    const { invoiceId, paid, amountDue, hostedInvoiceUrl, paymentIntent } = invoice;
    return c.json({
      invoiceId,
      paid,
      amountDue,
      hostedInvoiceUrl,
      paymentIntent: paymentIntent && { status: paymentIntent.status, clientSecret: paymentIntent.clientSecret },
    });
  });

  return routes;
}
