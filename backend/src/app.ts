import { Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import { KeyedQueue } from "./billing/keyed-queue";
import { PriceDirectory } from "./billing/price-directory";
import { startReconciliation } from "./billing/reconciliation";
import { SettleOnRead } from "./billing/settle-checkout";
import { createStripeClient } from "./billing/stripe-client";
import type { BackendConfig } from "./config";
import type { BackendDb } from "./db/connection";
import type { AppEnv, BillingDeps } from "./http/app-env";
import { authRoutes } from "./http/auth";
import { campaignsRoutes } from "./http/campaigns";
import { cannonRoutes } from "./http/cannon";
import { checkoutRoutes } from "./http/checkout";
import { checkoutDraftsRoutes } from "./http/checkout-drafts";
import { errorResponse, handleError } from "./http/errors";
import { eventsRoutes } from "./http/events";
import { faultInjection } from "./http/faults";
import { idempotency } from "./http/idempotency";
import { invitationsRoutes } from "./http/invitations";
import { membersRoutes } from "./http/members";
import { paymentPlansRoutes } from "./http/payment-plans";
import { perUserBillingRoutes } from "./http/per-user-billing";
import { recipientsRoutes } from "./http/recipients";
import { renewalRoutes } from "./http/renewal";
import { requireSession } from "./http/require-session";
import { scheduledCampaignsRoutes } from "./http/scheduled-campaigns";
import { seatsRoutes } from "./http/seats";
import { stripeWebhookRoutes } from "./http/stripe-webhooks";
import { subscriptionsRoutes } from "./http/subscriptions";
import { teamReportRoutes } from "./http/team-report";
import { draftsRoutes, templatesRoutes } from "./http/templates";
import { usersRoutes } from "./http/users";
import { workspacesRoutes } from "./http/workspaces";
import { observeRequests } from "./observability";

/** Request bodies are small JSON documents; anything bigger is a mistake or abuse. */
const MAX_BODY_BYTES = 1024 * 1024;

/** How often the backend reads Stripe's events for what its webhooks missed (besides at start). */
export const RECONCILE_EVERY_MS = 5 * 60_000;

/**
 * The reference backend: its Hono app, without listening (main.ts and the
 * tests serve it), and the reconciliation with Stripe, started by whoever
 * runs it as a server (`startReconciliation`, at start and every few minutes).
 */
export function createBackend({ db, config }: { db: BackendDb; config: BackendConfig }) {
  const stripe = createStripeClient(config.stripe);
  const serial = new KeyedQueue();
  const deps = {
    db,
    config,
    stripe,
    prices: new PriceDirectory(stripe),
    serial,
    settleOnRead: new SettleOnRead({ db, stripe, serial }),
  };
  return {
    app: createRoutes(deps),
    startReconciliation: (everyMs = RECONCILE_EVERY_MS) => startReconciliation({ db, stripe, serial }, everyMs),
  };
}

/** The reference backend's Hono app alone (no reconciliation): for the tests and benchmarks that need no more. */
export const createBackendApp = (options: { db: BackendDb; config: BackendConfig }) => createBackend(options).app;

function createRoutes(deps: BillingDeps) {
  const { db, config } = deps;
  const app = new Hono<AppEnv>();
  // Every request's id, log line and metrics, whatever answers it.
  app.use(observeRequests);
  app.onError(handleError);
  app.notFound((c) => errorResponse(c, 404, "not_found"));
  app.use(bodyLimit({ maxSize: MAX_BODY_BYTES, onError: (c) => errorResponse(c, 413, "payload_too_large") }));

  if (config.faultInjection) {
    const faults = faultInjection();
    app.use(faults.middleware);
    app.route("/", faults.routes);
  }

  // For scripts waiting on start-up; no data, no session needed.
  app.get("/health", (c) => c.json({ ok: true }));

  app.route("/", authRoutes(deps));

  // Everything under /api needs a live access token; registered once so each request is checked once.
  // A write sent with an Idempotency-Key runs once per caller and key.
  app.use("/api/*", requireSession(db), idempotency(db));
  app.route("/api/v2", usersRoutes(deps));
  app.route("/api/v2", campaignsRoutes(deps));
  app.route("/api/v2", scheduledCampaignsRoutes(deps));
  app.route("/api/v2", recipientsRoutes(deps));
  app.route("/api/v2", draftsRoutes(deps));
  app.route("/api/v1", workspacesRoutes(deps));
  app.route("/api/v1", cannonRoutes(deps));
  app.route("/api/v1", eventsRoutes(deps));
  app.route("/api/v1", membersRoutes(deps));
  app.route("/api/v1", invitationsRoutes(deps));
  app.route("/api/v1", teamReportRoutes(deps));
  app.route("/api/v1", templatesRoutes(deps));

  // Stripe's webhooks carry a signature, not a session: registered before the billing middleware, which
  // they never reach (their handler answers without passing the request on).
  app.route("/billing", stripeWebhookRoutes(deps));

  // The billing backend: same rule, every call needs a live access token.
  app.use("/billing/*", requireSession(db), idempotency(db));
  app.route("/billing", renewalRoutes(deps));
  app.route("/billing", paymentPlansRoutes(deps));
  app.route("/billing", subscriptionsRoutes(deps));
  app.route("/billing", seatsRoutes(deps));
  app.route("/billing", checkoutRoutes(deps));
  app.route("/billing", perUserBillingRoutes(deps));
  app.route("/billing", checkoutDraftsRoutes(deps));

  return app;
}

export type BackendApp = ReturnType<typeof createRoutes>;
