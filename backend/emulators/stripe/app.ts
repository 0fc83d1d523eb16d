import { Hono, type Context } from "hono";
import { cardMessages, cardOutcome } from "./cards";
import { StripeError, invalid, missing } from "./errors";
import { parseStripeForm, type FormObject, type FormValue } from "./form";
import { authenticationPage, checkoutPage, invoicePage, messagePage, portalPage } from "./pages";
import { StripeState, type StripeObject } from "./state";
import { Webhooks, type WebhookEndpoint } from "./webhooks";

export interface StripeEmulatorOptions {
  /** Where browsers reach it: the base of the hosted pages' URLs. */
  publicUrl: string;
  /** Where its events are posted, signed; none: they are only listed. */
  webhook?: WebhookEndpoint | null;
  retryDelaysMs?: readonly number[];
}

/** The API version it answers as: the one the stripe SDK in use pins. */
export const API_VERSION = "2026-10-28.endive";

const MAX_LIST_LIMIT = 100;
const DEFAULT_LIST_LIMIT = 10;

type Env = { Variables: { params: FormObject } };

/**
 * The part of Stripe's REST API the backend calls, answering as Stripe does
 * (form-encoded requests, `object` fields, list and error envelopes,
 * idempotency keys), over an in-memory state.
 */
export function createStripeEmulator({ publicUrl, webhook = null, retryDelaysMs }: StripeEmulatorOptions) {
  const state = new StripeState(publicUrl.replace(/\/+$/, ""));
  const webhooks = new Webhooks(webhook, API_VERSION, retryDelaysMs);
  const replays = new Map<string, { fingerprint: string; status: number; body: unknown }>();
  const app = new Hono<Env>();

  app.onError((error, c) => {
    if (error instanceof StripeError) return c.json(error.toJSON(), error.status as 400);
    console.error(error);
    return c.json(new StripeError(500, "api_error", "An unexpected error occurred.").toJSON(), 500);
  });
  app.notFound((c) =>
    c.json(
      new StripeError(
        404,
        "invalid_request_error",
        `Unrecognized request URL (${c.req.method}: ${c.req.path}).`,
      ).toJSON(),
      404,
    ),
  );

  // Not Stripe's: what the local stack waits for before starting the app.
  app.get("/", (c) => c.text("Local Stripe: the part of Stripe's API this product uses, for development and tests."));

  app.use("/v1/*", async (c, next) => {
    const key = /^Bearer (sk_test_\w+)$/.exec(c.req.header("Authorization") ?? "")?.[1];
    if (!key) {
      throw new StripeError(401, "invalid_request_error", "You did not provide a valid test API key (sk_test_…).");
    }
    const body = c.req.method === "POST" ? await c.req.text() : "";
    c.set("params", parseStripeForm(new URLSearchParams(c.req.method === "POST" ? body : new URL(c.req.url).search)));
    const idempotencyKey = c.req.method === "POST" ? c.req.header("Idempotency-Key") : undefined;
    if (!idempotencyKey) return next();
    // Stripe's idempotency: the same key replays the first answer; other parameters under it are an error.
    const scope = `${key} ${c.req.path} ${idempotencyKey}`;
    const replay = replays.get(scope);
    if (replay) {
      if (replay.fingerprint !== body) {
        throw new StripeError(
          400,
          "idempotency_error",
          "Keys for idempotent requests can only be used with the same parameters they were first used with.",
        );
      }
      c.header("Idempotent-Replayed", "true");
      return c.json(replay.body as object, replay.status as 200);
    }
    await next();
    if (c.res.status < 500)
      replays.set(scope, { fingerprint: body, status: c.res.status, body: await c.res.clone().json() });
  });

  app.get("/v1/products", (c) =>
    c.json(list(c, [...state.products.values()], (product, params) => matches(product.active, params.active))),
  );
  app.get("/v1/products/:id", (c) => c.json(state.get("product", c.req.param("id"))));

  app.get("/v1/prices", (c) =>
    c.json(
      list(c, [...state.prices.values()], (price, params) => {
        const lookupKeys = params.lookup_keys;
        return (
          matches(price.active, params.active) &&
          (params.currency === undefined || price.currency === params.currency) &&
          (params.product === undefined || price.product === params.product) &&
          (lookupKeys === undefined || (Array.isArray(lookupKeys) && lookupKeys.includes(price.lookup_key as string)))
        );
      }),
    ),
  );
  app.get("/v1/prices/:id", (c) => c.json(state.get("price", c.req.param("id"))));

  app.get("/v1/coupons", (c) => c.json(list(c, [...state.coupons.values()], () => true)));
  app.get("/v1/coupons/:id", (c) => c.json(state.get("coupon", c.req.param("id"))));
  app.post("/v1/tax_rates", (c) => c.json(state.createTaxRate(c.get("params"))));
  app.get("/v1/tax_rates", (c) =>
    c.json(list(c, [...state.taxRates.values()], (taxRate, params) => matches(taxRate.active, params.active))),
  );
  app.get("/v1/tax_rates/:id", (c) => c.json(state.get("tax_rate", c.req.param("id"))));

  app.post("/v1/customers", (c) => c.json(state.createCustomer(c.get("params"))));
  app.get("/v1/customers/:id", (c) => c.json(state.get("customer", c.req.param("id"))));

  app.post("/v1/checkout/sessions", (c) =>
    c.json(withExpansions(state, state.createCheckoutSession(c.get("params")), c.get("params"))),
  );
  app.get("/v1/checkout/sessions/:id", (c) =>
    c.json(withExpansions(state, state.get("checkout.session", c.req.param("id")), c.get("params"))),
  );
  app.get("/v1/checkout/sessions/:id/line_items", (c) => {
    const id = c.req.param("id");
    const lines = state.sessionLines.get(id);
    if (!lines) throw missing("checkout.session", id);
    return c.json(list(c, lines, () => true));
  });

  app.get("/v1/subscriptions/:id", (c) => c.json(state.get("subscription", c.req.param("id"))));
  app.post("/v1/subscriptions/:id", (c) => {
    const subscription = state.get("subscription", c.req.param("id"));
    const invoice = state.updateSubscription(subscription, c.get("params"));
    webhooks.emit("customer.subscription.updated", subscription);
    if (invoice) webhooks.emit(invoiceEvent(state, invoice), invoice);
    return c.json(subscription);
  });
  app.get("/v1/payment_intents/:id", (c) => c.json(state.get("payment_intent", c.req.param("id"))));
  app.post("/v1/subscription_schedules", (c) => c.json(state.createSchedule(c.get("params"))));
  app.get("/v1/subscription_schedules/:id", (c) => c.json(state.get("subscription_schedule", c.req.param("id"))));
  app.post("/v1/subscription_schedules/:id", (c) =>
    c.json(state.updateSchedule(state.get("subscription_schedule", c.req.param("id")), c.get("params"))),
  );
  app.post("/v1/subscription_schedules/:id/release", (c) =>
    c.json(state.releaseSchedule(state.get("subscription_schedule", c.req.param("id")))),
  );
  app.get("/v1/invoices/:id", (c) => c.json(state.get("invoice", c.req.param("id"))));

  app.get("/v1/events", (c) =>
    c.json(list(c, [...webhooks.events.values()].reverse(), (event, params) => matches(event.type, params.type))),
  );
  app.get("/v1/events/:id", (c) => {
    const event = webhooks.events.get(c.req.param("id"));
    if (!event) throw missing("event", c.req.param("id"));
    return c.json(event);
  });

  app.post("/v1/billing_portal/sessions", (c) => c.json(state.createPortalSession(c.get("params"))));
  app.get("/v1/payment_methods/:id", (c) => c.json(state.get("payment_method", c.req.param("id"))));

  mountHostedPortal(app, state, webhooks);
  mountHostedCheckout(app, state, (session, cardNumber) => {
    const successUrl = state.completeCheckoutSession(session, cardNumber);
    const subscription = state.get("subscription", session.subscription as string);
    webhooks.emit("customer.subscription.created", subscription);
    webhooks.emit("invoice.paid", state.get("invoice", subscription.latest_invoice as string));
    webhooks.emit("checkout.session.completed", session);
    return successUrl;
  });
  return { app, state, webhooks };
}

/**
 * The hosted Checkout page of a session (`url`), plain HTML: the summary and
 * a card form. Stripe's test cards decide: 4242… pays and returns to
 * `success_url`, 4000 0027 6000 3184 asks for authentication on a second
 * page first, 4000 0000 0000 0341 is declined; Back returns to `cancel_url`.
 */
function mountHostedCheckout(
  app: Hono<Env>,
  state: StripeState,
  complete: (session: StripeObject, cardNumber: string) => string,
) {
  // A session waiting for authentication, with the card that asked for it.
  const awaitingAuthentication = new Map<string, string>();
  const openSession = (c: Context<Env>) => {
    const session = state.sessions.get(c.req.param("id") ?? "");
    if (!session) return { refusal: c.html(messagePage("Not found", "There is no such Checkout Session."), 404) };
    if (session.status !== "open") return { refusal: c.html(messagePage("Checkout", cardMessages.closed), 410) };
    return { session };
  };
  const showPage = (c: Context<Env>, session: StripeObject, error: string | null, status: 200 | 402 = 200) =>
    c.html(checkoutPage(session, state.sessionLines.get(session.id) ?? [], error), status);

  app.get("/c/pay/:id", (c) => {
    const { session, refusal } = openSession(c);
    return refusal ?? showPage(c, session, null);
  });

  app.post("/c/pay/:id", async (c) => {
    const { session, refusal } = openSession(c);
    if (refusal) return refusal;
    const form = await c.req.parseBody();
    const card = String(form.card ?? "");
    switch (cardOutcome(card)) {
      case "succeeds":
        return c.redirect(complete(session, card), 303);
      case "authenticate":
        awaitingAuthentication.set(session.id, card);
        return c.redirect(`/c/pay/${session.id}/authenticate`, 303);
      case "declined":
        return showPage(c, session, cardMessages.declined, 402);
      case "invalid":
        return showPage(c, session, cardMessages.invalid, 402);
    }
  });

  app.get("/c/pay/:id/authenticate", (c) => {
    const { session, refusal } = openSession(c);
    if (refusal) return refusal;
    if (!awaitingAuthentication.has(session.id)) return c.redirect(`/c/pay/${session.id}`, 303);
    return c.html(authenticationPage(session));
  });

  app.post("/c/pay/:id/authenticate", async (c) => {
    const { session, refusal } = openSession(c);
    if (refusal) return refusal;
    const card = awaitingAuthentication.get(session.id);
    if (card === undefined) return c.redirect(`/c/pay/${session.id}`, 303);
    awaitingAuthentication.delete(session.id);
    const form = await c.req.parseBody();
    if (form.decision === "complete") return c.redirect(complete(session, card), 303);
    return showPage(c, session, cardMessages.authenticationFailed, 402);
  });
}

/** `active=true|false` as a filter; absent, everything. */
function matches(value: unknown, filter: FormValue | undefined) {
  return filter === undefined || String(value) === filter;
}

/** A list envelope: the filtered objects from `starting_after`, at most `limit` (1 to 100, default 10). */
function list(c: Context<Env>, objects: StripeObject[], keep: (object: StripeObject, params: FormObject) => boolean) {
  const params = c.get("params");
  const limit = params.limit === undefined ? DEFAULT_LIST_LIMIT : Number(params.limit);
  if (!Number.isInteger(limit) || limit < 1 || limit > MAX_LIST_LIMIT) {
    throw invalid("This value must be between 1 and 100.", "limit");
  }
  let kept = objects.filter((object) => keep(object, params));
  if (typeof params.starting_after === "string") {
    const index = kept.findIndex((object) => object.id === params.starting_after);
    if (index === -1) throw missing("object", params.starting_after, "starting_after");
    kept = kept.slice(index + 1);
  }
  return { object: "list", data: kept.slice(0, limit), has_more: kept.length > limit, url: c.req.path };
}

/** `expand[]=line_items` on a Checkout Session, the one expansion the backend asks for. */
function withExpansions(state: StripeState, session: StripeObject, params: FormObject) {
  const expand = Array.isArray(params.expand) ? params.expand : [];
  if (!expand.includes("line_items")) return session;
  const lines = state.sessionLines.get(session.id) ?? [];
  return {
    ...session,
    line_items: { object: "list", data: lines, has_more: false, url: `/v1/checkout/sessions/${session.id}/line_items` },
  };
}

/**
 * The hosted customer portal of a portal session (`url`), plain HTML: the
 * customer's subscriptions (cancel at period end), invoices (links to
 * their hosted pages) and card (replace it), and a link back to `return_url`.
 */
function mountHostedPortal(app: Hono<Env>, state: StripeState, webhooks: Webhooks) {
  const portalOf = (c: Context<Env>) => state.portalSessions.get(c.req.param("id") ?? "");
  const show = (c: Context<Env>, portal: StripeObject, error: string | null = null) => {
    const customer = state.get("customer", portal.customer as string);
    const defaultCard = (customer.invoice_settings as { default_payment_method: string | null }).default_payment_method;
    return c.html(
      portalPage({
        portal,
        ...state.ofCustomer(customer.id),
        card: defaultCard ? state.get("payment_method", defaultCard) : null,
        error,
      }),
      error ? 402 : 200,
    );
  };
  const notFound = (c: Context<Env>) => c.html(messagePage("Not found", "There is no such portal session."), 404);

  app.get("/p/session/:id", (c) => {
    const portal = portalOf(c);
    return portal ? show(c, portal) : notFound(c);
  });

  app.post("/p/session/:id/cancel", async (c) => {
    const portal = portalOf(c);
    if (!portal) return notFound(c);
    const form = await c.req.parseBody();
    const subscription = state.subscriptions.get(String(form.subscription ?? ""));
    if (!subscription || subscription.customer !== portal.customer) return notFound(c);
    webhooks.emit("customer.subscription.updated", state.cancelAtPeriodEnd(subscription));
    return c.redirect(`/p/session/${portal.id}`, 303);
  });

  app.post("/p/session/:id/card", async (c) => {
    const portal = portalOf(c);
    if (!portal) return notFound(c);
    const card = String((await c.req.parseBody()).card ?? "");
    // As with Stripe's 4000 0000 0000 0341, a card may attach and still be declined when charged.
    if (cardOutcome(card) === "invalid") return show(c, portal, cardMessages.invalid);
    state.attachCard(portal.customer as string, card);
    return c.redirect(`/p/session/${portal.id}`, 303);
  });

  mountHostedInvoice(app, state, webhooks);
}

/** The event an invoice's charge makes: paid, asking for authentication, or failed. */
function invoiceEvent(state: StripeState, invoice: StripeObject) {
  if (invoice.status === "paid") return "invoice.paid";
  return state.paymentIntentOf(invoice).status === "requires_action"
    ? "invoice.payment_action_required"
    : "invoice.payment_failed";
}

/**
 * The hosted invoice page (`hosted_invoice_url`), plain HTML: a paid invoice
 * says so; an open one offers to complete the authentication its payment
 * asks for, or to pay with another card.
 */
function mountHostedInvoice(app: Hono<Env>, state: StripeState, webhooks: Webhooks) {
  const show = (c: Context<Env>, invoice: StripeObject, error: string | null = null) =>
    c.html(invoicePage(invoice, state.paymentIntentOf(invoice), error), error ? 402 : 200);
  const notFound = (c: Context<Env>) => c.html(messagePage("Not found", "There is no such invoice."), 404);

  app.get("/i/:id", (c) => {
    const invoice = state.invoices.get(c.req.param("id"));
    return invoice ? show(c, invoice) : notFound(c);
  });

  app.post("/i/:id", async (c) => {
    const invoice = state.invoices.get(c.req.param("id"));
    if (!invoice) return notFound(c);
    if (invoice.status !== "open") return c.redirect(`/i/${invoice.id}`, 303);
    const form = await c.req.parseBody();
    const paymentIntent = state.paymentIntentOf(invoice);
    if (paymentIntent.status === "requires_action" && form.decision !== undefined) {
      if (form.decision !== "complete") return show(c, invoice, cardMessages.authenticationFailed);
      state.payInvoice(invoice, null);
    } else {
      const outcome = state.payInvoice(invoice, String(form.card ?? ""));
      if (outcome === "authenticate") return show(c, invoice);
      if (outcome !== "paid") return show(c, invoice, cardMessages[outcome === "declined" ? "declined" : "invalid"]);
    }
    webhooks.emit("invoice.paid", invoice);
    return c.redirect(`/i/${invoice.id}`, 303);
  });
}
