import type Stripe from "stripe";
import { logger } from "../observability";
import { isStripeEventProcessed, readEventCursor, saveEventCursor } from "../store/stripe-events";
import { callStripe } from "./stripe-client";
import { isAppliedEvent, processStripeEvent, type WebhookDeps } from "./webhook-events";

/** How long Stripe keeps its events: a first reconciliation reads back that far. */
const EVENTS_KEPT_S = 30 * 86_400;
/**
 * Each reading starts this far before the newest event it applied last time: an event Stripe lists late
 * (its list is eventually consistent) is still read; what was applied already is skipped by its id.
 */
const OVERLAP_S = 300;
/** Stripe's largest page of events. */
const PAGE = 100;

/**
 * Applies what the webhooks missed: Stripe's events since the last one the
 * reconciliation read (`GET /v1/events`, `created[gt]`), oldest first,
 * each not yet processed applied through the webhook's own path, with a
 * warning: no webhook brought it (the backend was away past Stripe's
 * retries, the endpoint misconfigured, its secret rotated). Answers how
 * many events were read and how many applied.
 */
export async function reconcileStripeEvents(deps: WebhookDeps, now: number) {
  const cursor = (await readEventCursor(deps.db)) ?? Math.floor(now / 1000) - EVENTS_KEPT_S;
  const events: Stripe.Event[] = [];
  // Stripe lists newest first; auto-pagination follows `starting_after`.
  await callStripe(() =>
    deps.stripe.events.list({ created: { gt: cursor - OVERLAP_S }, limit: PAGE }).autoPagingEach((event) => {
      events.push(event);
    }),
  );
  let applied = 0;
  for (const event of events.reverse()) {
    if (!isAppliedEvent(event) || (await isStripeEventProcessed(deps.db, event.id))) continue;
    logger.warn(
      { stripeEvent: { id: event.id, type: event.type, created: event.created } },
      "Stripe event applied by reconciliation: no webhook brought it",
    );
    await processStripeEvent(deps, event, Date.now());
    applied += 1;
  }
  const newest = events.at(-1)?.created;
  if (newest !== undefined && newest > cursor) await saveEventCursor(deps.db, newest);
  return { read: events.length, applied };
}

/**
 * Reconciles at once and then every `everyMs`, one run at a time; a run that
 * fails (Stripe away) is logged and the next one reads from the same place.
 * `stop()` ends it, waiting for a run under way.
 */
export function startReconciliation(deps: WebhookDeps, everyMs: number) {
  let running: Promise<void> = Promise.resolve();
  const run = () => {
    running = running.then(() =>
      reconcileStripeEvents(deps, Date.now()).then(
        () => undefined,
        (error: unknown) => logger.error({ err: error }, "Stripe reconciliation failed: it is tried again later"),
      ),
    );
    return running;
  };
  const timer = setInterval(() => void run(), everyMs);
  timer.unref();
  return {
    /** The run at start, and later ones: resolves once the runs asked for so far are done. */
    run,
    ready: run(),
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
