import { createHmac, randomBytes } from "node:crypto";
import type Stripe from "stripe";
import type { Event, Wire } from "./objects";

export interface WebhookEndpoint {
  url: string;
  /** The endpoint's signing secret (`whsec_…`): the backend verifies with it. */
  secret: string;
}

/** The object an event of that type carries, as the SDK types it. */
type EventObject<Type extends Stripe.Event.Type> = Extract<Stripe.Event, { type: Type }>["data"]["object"];

/** How a change is told: as a Stripe event of that type about the object (as it is at that moment). */
export type Emit = <Type extends Stripe.Event.Type>(type: Type, object: Wire<EventObject<Type>>) => void;

const SECOND = 1_000;
const HOUR = 3_600 * SECOND;
/**
 * Stripe's retries of a refused delivery: growing delays, for up to three
 * days after the first try (its docs: "up to three days with an
 * exponential back off"). Measured on the local Stripe's movable clock.
 */
const GROWING_DELAYS_MS = [1, 5, 30, 120, 600, 1_800, 3_600, 10_800, 21_600].map((seconds) => seconds * SECOND);
const LATEST_DELAY_MS = 12 * HOUR;
const RETRY_FOR_MS = 72 * HOUR;
const DELIVERY_TIMEOUT_MS = 10_000;
/** settled() does not wait for a retry due later than this (a delivery then waits, failed, as Stripe's do). */
const SETTLED_HORIZON_MS = SECOND;

/** The wait before retry number `retry` (0: the first) of a delivery first tried `sinceFirstMs` ago; null: given up. */
export function stripeRetryDelayMs(retry: number, sinceFirstMs: number): number | null {
  const delay = GROWING_DELAYS_MS[retry] ?? LATEST_DELAY_MS;
  return sinceFirstMs + delay <= RETRY_FOR_MS ? delay : null;
}

/** `Stripe-Signature` as Stripe makes it: `t=<unix seconds>,v1=<HMAC-SHA256 of "t.payload">`. */
export function signatureHeader(payload: string, secret: string, timestamp = Math.floor(Date.now() / 1000)) {
  const signature = createHmac("sha256", secret).update(`${timestamp}.${payload}`).digest("hex");
  return `t=${timestamp},v1=${signature}`;
}

/** A delivery still to succeed: its event, how many tries failed, when it was first tried and is due next (clock ms). */
export interface PendingDelivery {
  eventId: string;
  failures: number;
  firstTriedAt: number;
  dueAt: number;
}

export interface WebhookOptions {
  /** The emulator's clock in ms, which dates the events and times the retries (signatures carry the real time). */
  nowMs: () => number;
  /** The waits between tries, then it gives up; default Stripe's, for three days (stripeRetryDelayMs). */
  retryDelaysMs?: readonly number[];
  /** Where a failed delivery is told (default the process's standard error). */
  log?: (line: string) => void;
}

/**
 * The events the local Stripe emits, kept for `GET /v1/events`, and posted
 * signed to the webhook endpoint when there is one: a delivery answered
 * with anything but a 2xx (or not answered) is logged and tried again later,
 * as Stripe does, on the movable clock (advancing it brings the retries due).
 */
export class Webhooks {
  readonly events = new Map<string, Event>();
  private readonly waiting = new Map<string, PendingDelivery>();
  /** Tries under way: tests wait for them. */
  private readonly trying = new Set<Promise<void>>();
  private timer: NodeJS.Timeout | null = null;
  private stopped = false;
  private readonly nowMs: () => number;
  private readonly log: (line: string) => void;

  constructor(
    private readonly endpoint: WebhookEndpoint | null,
    private readonly apiVersion: string,
    private readonly options: WebhookOptions,
  ) {
    this.nowMs = options.nowMs;
    this.log = options.log ?? ((line) => process.stderr.write(`${line}\n`));
  }

  emit<Type extends Stripe.Event.Type>(type: Type, object: Wire<EventObject<Type>>) {
    // The event's type and object agree (Emit's signature): what TypeScript cannot follow through the union.
    const event = {
      id: `evt_${randomBytes(12).toString("hex")}`,
      object: "event",
      api_version: this.apiVersion,
      created: Math.floor(this.nowMs() / 1000),
      data: { object: structuredClone(object) },
      livemode: false,
      pending_webhooks: this.endpoint ? 1 : 0,
      request: { id: null, idempotency_key: null },
      type,
    } as Event;
    this.events.set(event.id, event);
    if (this.endpoint) this.attempt(this.endpoint, event, null);
    return event;
  }

  /** Events of a saved state, listed again, and the deliveries that were waiting for a retry, scheduled again. */
  restore(events: Event[], pending: PendingDelivery[] = []) {
    this.events.clear();
    for (const event of events) this.events.set(event.id, event);
    for (const delivery of pending) if (this.events.has(delivery.eventId)) this.waiting.set(delivery.eventId, delivery);
    this.arm();
  }

  /** The deliveries waiting for a retry: what a saved state keeps. */
  get pending(): PendingDelivery[] {
    return [...this.waiting.values()];
  }

  /** The clock moved: retries now due are tried. */
  clockMoved() {
    this.arm();
  }

  /** Resolves once no try is under way and none is due within a second (later retries wait, as Stripe's). */
  async settled() {
    while (this.trying.size > 0 || this.dueSoon()) {
      await Promise.all([...this.trying]);
      if (this.trying.size === 0 && this.dueSoon()) await new Promise((resolve) => setTimeout(resolve, 10));
    }
  }

  /** No more tries (the emulator closing). */
  stop() {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
  }

  private dueSoon() {
    const horizon = this.nowMs() + SETTLED_HORIZON_MS;
    return [...this.waiting.values()].some((delivery) => delivery.dueAt <= horizon);
  }

  /** A timer for the earliest retry due, on the clock (re-armed when the clock moves). */
  private arm() {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    if (this.stopped || !this.endpoint || this.waiting.size === 0) return;
    const next = Math.min(...[...this.waiting.values()].map((delivery) => delivery.dueAt));
    this.timer = setTimeout(() => this.tryDue(), Math.max(0, next - this.nowMs()));
    this.timer.unref();
  }

  private tryDue() {
    const now = this.nowMs();
    for (const delivery of this.waiting.values()) {
      const event = this.events.get(delivery.eventId);
      if (delivery.dueAt > now || !event || !this.endpoint) continue;
      this.waiting.delete(delivery.eventId);
      this.attempt(this.endpoint, event, delivery);
    }
    this.arm();
  }

  private attempt(endpoint: WebhookEndpoint, event: Event, previous: PendingDelivery | null) {
    const firstTriedAt = previous?.firstTriedAt ?? this.nowMs();
    const failures = previous?.failures ?? 0;
    const tried = this.post(endpoint, event).then((outcome) => {
      if (outcome === "delivered") {
        event.pending_webhooks = 0;
        return;
      }
      const delay = this.delayAfter(failures, this.nowMs() - firstTriedAt);
      this.log(
        `Local Stripe: ${event.type} ${event.id} not delivered to ${endpoint.url} (${outcome}, try ${failures + 1}); ` +
          (delay === null ? "given up" : `tried again in ${Math.round(delay / 1000)} s`),
      );
      if (delay === null || this.stopped) return;
      this.waiting.set(event.id, {
        eventId: event.id,
        failures: failures + 1,
        firstTriedAt,
        dueAt: this.nowMs() + delay,
      });
      this.arm();
    });
    const settled = tried.finally(() => this.trying.delete(settled));
    this.trying.add(settled);
  }

  private delayAfter(failures: number, sinceFirstMs: number) {
    const delays = this.options.retryDelaysMs;
    return delays ? (delays[failures] ?? null) : stripeRetryDelayMs(failures, sinceFirstMs);
  }

  /** One try: "delivered", or why not (the status answered, or the network's error). */
  private async post(endpoint: WebhookEndpoint, event: Event): Promise<string> {
    const payload = JSON.stringify(event, null, 2);
    try {
      const response = await fetch(endpoint.url, {
        method: "POST",
        headers: {
          "Content-Type": "application/json; charset=utf-8",
          "Stripe-Signature": signatureHeader(payload, endpoint.secret),
        },
        body: payload,
        signal: AbortSignal.timeout(DELIVERY_TIMEOUT_MS),
      });
      await response.body?.cancel();
      return response.ok ? "delivered" : `answered ${response.status}`;
    } catch (error) {
      // fetch's own message is "fetch failed"; what went wrong (refused, reset, timed out) is its cause.
      const reason = error instanceof Error && error.cause instanceof Error ? error.cause : error;
      return `not answered: ${reason instanceof Error ? reason.message : String(reason)}`;
    }
  }
}
