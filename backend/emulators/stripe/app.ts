import { Hono, type Context } from "hono";
import { cancelSubscription } from "./cancellation";
import { createRefund } from "./charges";
import { confirmPaymentIntent } from "./confirmation";
import { createCheckoutSession, expireCheckoutSession } from "./checkout";
import { Clock } from "./clock";
import { StripeError, invalid, missing, required, unknownParameter } from "./errors";
import { withExpansions } from "./expansion";
import { parseStripeForm, type FormObject, type FormValue } from "./form";
import { mountHostedPages } from "./hosted";
import { voidAndTell } from "./payments";
import { invoiceEvent } from "./invoices";
import { SAVED_STATE_VERSION, readSavedStripe, writeSavedStripe, type Replay } from "./persistence";
import { catchUpWithClock } from "./renewals";
import { createSchedule, releaseSchedule, updateSchedule } from "./schedules";
import { applySeed, type StripeSeed } from "./seed";
import { StripeState } from "./state";
import { updateSubscription } from "./subscription-updates";
import { Webhooks, type Emit, type WebhookEndpoint } from "./webhooks";

export interface StripeEmulatorOptions {
  /** Where browsers reach it: the base of the hosted pages' URLs. */
  publicUrl: string;
  /** Where its events are posted, signed; none: they are only listed. */
  webhook?: WebhookEndpoint | null;
  /** The waits between a refused delivery's tries, then it gives up; default Stripe's, for three days. */
  retryDelaysMs?: readonly number[];
  /** Where a failed delivery is told; default the standard error. */
  log?: (line: string) => void;
  /**
   * A file holding the whole state: loaded at start when it exists (instead
   * of the catalog and the seed), written again after every change.
   */
  statePath?: string;
  /** Customers, tax rates and subscriptions to start with, when no state was loaded. */
  seed?: StripeSeed;
}

/** The API version it answers as: the one the stripe SDK in use pins. */
export const API_VERSION = "2026-10-28.endive";

const MAX_LIST_LIMIT = 100;
const DEFAULT_LIST_LIMIT = 10;

type Env = { Variables: { params: FormObject } };

/**
 * The part of Stripe's REST API the backend calls, answering as Stripe does
 * (form-encoded requests, `object` fields, list and error envelopes,
 * idempotency keys, expansions), over an in-memory state that can be kept
 * in a file, and the pages Stripe hosts.
 */
export function createStripeEmulator({
  publicUrl,
  webhook = null,
  retryDelaysMs,
  log,
  statePath,
  seed,
}: StripeEmulatorOptions) {
  const saved = statePath ? readSavedStripe(statePath) : null;
  const clock = new Clock(saved?.clockOffsetSeconds);
  const state = new StripeState(publicUrl.replace(/\/+$/, ""), clock);
  const webhooks = new Webhooks(webhook, API_VERSION, { nowMs: () => clock.nowMs(), retryDelaysMs, log });
  const replays = new Map<string, Replay>(saved?.replays);
  if (saved) {
    state.restore(saved.state);
    webhooks.restore(saved.events, saved.deliveries);
  } else if (seed) {
    applySeed(state, seed);
  }
  const emit: Emit = (type, object) => webhooks.emit(type, object);
  const save = () => {
    if (!statePath) return;
    writeSavedStripe(statePath, {
      version: SAVED_STATE_VERSION,
      clockOffsetSeconds: clock.offsetSeconds,
      state: state.snapshot(),
      events: [...webhooks.events.values()],
      replays: [...replays],
      deliveries: webhooks.pending,
    });
  };
  if (!saved) save();
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

  app.use("*", async (c, next) => {
    // Time passes between requests too: the periods that ended meanwhile are dealt with first.
    const renewed = catchUpWithClock(state, emit);
    await next();
    if (renewed || c.req.method === "POST") save();
  });

  // Not Stripe's: what the local stack waits for before starting the app.
  app.get("/", (c) => c.text("Local Stripe: the part of Stripe's API this product uses, for development and tests."));
  // Not Stripe's: the health check of every process of the stack (README, Operations).
  app.get("/health", (c) => c.json({ ok: true }));

  // Not Stripe's either (its test clocks belong to customers made for them): the one clock of the local Stripe.
  app.get("/__clock", (c) => c.json({ now: clock.now(), offset_seconds: clock.offsetSeconds }));
  app.post("/__clock/advance", async (c) => {
    clock.advance(secondsOf(await c.req.text(), c.req.header("Content-Type")));
    catchUpWithClock(state, emit);
    webhooks.clockMoved();
    return c.json({ now: clock.now(), offset_seconds: clock.offsetSeconds });
  });

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

  /** An object as answered: with the request's `expand[]` paths expanded. */
  const reply = (c: Context<Env>, object: object) => c.json(withExpansions(state, object, c.get("params")));

  app.get("/v1/products", (c) =>
    c.json(list(c, [...state.products.values()], (product, params) => matches(product.active, params.active))),
  );
  app.get("/v1/products/:id", (c) => reply(c, state.get("product", c.req.param("id"))));

  app.get("/v1/prices", (c) =>
    c.json(
      list(c, [...state.prices.values()], (price, params) => {
        const lookupKeys = params.lookup_keys;
        return (
          matches(price.active, params.active) &&
          (params.currency === undefined || price.currency === params.currency) &&
          (params.product === undefined || price.product === params.product) &&
          (lookupKeys === undefined || (Array.isArray(lookupKeys) && lookupKeys.includes(price.lookup_key ?? "")))
        );
      }),
    ),
  );
  app.get("/v1/prices/:id", (c) => reply(c, state.get("price", c.req.param("id"))));

  app.get("/v1/coupons", (c) => c.json(list(c, [...state.coupons.values()], () => true)));
  app.get("/v1/coupons/:id", (c) => reply(c, state.get("coupon", c.req.param("id"))));
  app.post("/v1/tax_rates", (c) => reply(c, state.createTaxRate(c.get("params"))));
  app.get("/v1/tax_rates", (c) =>
    c.json(list(c, [...state.taxRates.values()], (taxRate, params) => matches(taxRate.active, params.active))),
  );
  app.get("/v1/tax_rates/:id", (c) => reply(c, state.get("tax_rate", c.req.param("id"))));

  app.post("/v1/customers", (c) => reply(c, state.createCustomer(c.get("params"))));
  app.get("/v1/customers/:id", (c) => reply(c, state.get("customer", c.req.param("id"))));
  app.post("/v1/customers/:id", (c) =>
    reply(c, state.updateCustomer(state.get("customer", c.req.param("id")), c.get("params"))),
  );
  app.post("/v1/customers/:id/tax_ids", (c) => reply(c, state.addTaxId(c.req.param("id"), c.get("params"))));
  app.get("/v1/customers/:id/tax_ids", (c) => c.json(list(c, state.taxIdsOf(c.req.param("id")), () => true)));

  app.post("/v1/checkout/sessions", (c) => reply(c, createCheckoutSession(state, c.get("params"))));
  app.get("/v1/checkout/sessions/:id", (c) => reply(c, state.get("checkout.session", c.req.param("id"))));
  app.post("/v1/checkout/sessions/:id/expire", (c) => {
    const session = expireCheckoutSession(state.get("checkout.session", c.req.param("id")));
    emit("checkout.session.expired", session);
    return reply(c, session);
  });
  app.get("/v1/checkout/sessions/:id/line_items", (c) => {
    const id = c.req.param("id");
    const purchase = state.purchases.get(id);
    if (!purchase) throw missing("checkout.session", id);
    return c.json(list(c, purchase.lines, () => true));
  });

  app.get("/v1/subscriptions/:id", (c) => reply(c, state.get("subscription", c.req.param("id"))));
  app.post("/v1/subscriptions/:id", (c) => {
    const subscription = state.get("subscription", c.req.param("id"));
    const invoice = updateSubscription(state, subscription, c.get("params"));
    emit("customer.subscription.updated", subscription);
    if (invoice) emit(invoiceEvent(state, invoice), invoice);
    return reply(c, subscription);
  });
  app.delete("/v1/subscriptions/:id", (c) => {
    const subscription = cancelSubscription(state, state.get("subscription", c.req.param("id")), c.get("params"));
    emit("customer.subscription.deleted", subscription);
    return reply(c, subscription);
  });
  app.get("/v1/payment_intents/:id", (c) => reply(c, state.get("payment_intent", c.req.param("id"))));
  app.post("/v1/payment_intents/:id/confirm", (c) =>
    reply(c, confirmPaymentIntent(state, state.get("payment_intent", c.req.param("id")), c.get("params"), emit)),
  );
  app.get("/v1/charges/:id", (c) => reply(c, state.get("charge", c.req.param("id"))));
  app.post("/v1/refunds", (c) => {
    const { refund, charge } = createRefund(state, c.get("params"));
    emit("refund.created", refund);
    emit("charge.refunded", charge);
    return reply(c, refund);
  });
  app.get("/v1/refunds/:id", (c) => reply(c, state.get("refund", c.req.param("id"))));
  app.post("/v1/subscription_schedules", (c) => reply(c, createSchedule(state, c.get("params"))));
  app.get("/v1/subscription_schedules/:id", (c) => reply(c, state.get("subscription_schedule", c.req.param("id"))));
  app.post("/v1/subscription_schedules/:id", (c) =>
    reply(c, updateSchedule(state, state.get("subscription_schedule", c.req.param("id")), c.get("params"))),
  );
  app.post("/v1/subscription_schedules/:id/release", (c) =>
    reply(c, releaseSchedule(state, state.get("subscription_schedule", c.req.param("id")))),
  );
  app.get("/v1/invoices/:id", (c) => reply(c, state.get("invoice", c.req.param("id"))));
  app.post("/v1/invoices/:id/void", (c) => {
    const invoice = state.get("invoice", c.req.param("id"));
    voidAndTell(state, invoice, emit);
    return reply(c, invoice);
  });

  app.get("/v1/events", (c) =>
    c.json(
      list(
        c,
        [...webhooks.events.values()].reverse(),
        (event, params) => matches(event.type, params.type) && createdWithin(event.created, params.created),
      ),
    ),
  );
  app.get("/v1/events/:id", (c) => {
    const event = webhooks.events.get(c.req.param("id"));
    if (!event) throw missing("event", c.req.param("id"));
    return c.json(event);
  });

  app.post("/v1/billing_portal/sessions", (c) => reply(c, state.createPortalSession(c.get("params"))));
  app.get("/v1/payment_methods/:id", (c) => reply(c, state.get("payment_method", c.req.param("id"))));

  mountHostedPages(app, state, emit);
  return { app, state, webhooks, clock };
}

/** `seconds` of the clock's advance, from a JSON body or a form: a whole number, 0 or more. */
function secondsOf(body: string, contentType = "") {
  let value: unknown;
  if (contentType.includes("application/json")) {
    try {
      value = (JSON.parse(body) as { seconds?: unknown } | null)?.seconds;
    } catch {
      throw invalid("The body is not valid JSON.");
    }
  } else {
    value = new URLSearchParams(body).get("seconds");
  }
  if (value === undefined || value === null || value === "") throw required("seconds");
  const seconds = Number(value);
  if (!Number.isInteger(seconds) || seconds < 0) throw invalid("seconds must be a whole number, 0 or more.", "seconds");
  return seconds;
}

/** `active=true|false` as a filter; absent, everything. */
function matches(value: unknown, filter: FormValue | undefined) {
  return filter === undefined || String(value) === filter;
}

/** Stripe's `created` filter: a unix time, or a range of `gt`, `gte`, `lt`, `lte`; absent, everything. */
function createdWithin(created: number, filter: FormValue | undefined) {
  if (filter === undefined) return true;
  const bound = (value: FormValue | undefined) => {
    if (value === undefined) return null;
    const time = Number(value);
    if (typeof value !== "string" || !Number.isInteger(time)) throw invalid("Invalid integer: created", "created");
    return time;
  };
  if (typeof filter === "string") return created === bound(filter);
  if (Array.isArray(filter)) throw invalid("Invalid created: an integer or a range", "created");
  const known = new Set(["gt", "gte", "lt", "lte"]);
  const unknown = Object.keys(filter).find((key) => !known.has(key));
  if (unknown) throw unknownParameter(`created[${unknown}]`);
  const [gt, gte, lt, lte] = [bound(filter.gt), bound(filter.gte), bound(filter.lt), bound(filter.lte)];
  return (
    (gt === null || created > gt) &&
    (gte === null || created >= gte) &&
    (lt === null || created < lt) &&
    (lte === null || created <= lte)
  );
}

/**
 * A list envelope: the filtered objects after `starting_after` (older ones) or
 * before `ending_before` (newer ones, the page nearest to it), at most `limit`
 * (1 to 100, default 10).
 */
function list<Item extends { id: string }>(
  c: Context<Env>,
  objects: Item[],
  keep: (object: Item, params: FormObject) => boolean,
) {
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
  } else if (typeof params.ending_before === "string") {
    const index = kept.findIndex((object) => object.id === params.ending_before);
    if (index === -1) throw missing("object", params.ending_before, "ending_before");
    const newer = kept.slice(0, index);
    return {
      object: "list" as const,
      data: newer.slice(Math.max(0, newer.length - limit)),
      has_more: newer.length > limit,
      url: c.req.path,
    };
  }
  return { object: "list" as const, data: kept.slice(0, limit), has_more: kept.length > limit, url: c.req.path };
}
