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

/** Waits before each redelivery of a refused event (Stripe retries for days; locally, seconds). */
const DEFAULT_RETRY_DELAYS_MS = [1_000, 5_000, 30_000];
const DELIVERY_TIMEOUT_MS = 10_000;

/** `Stripe-Signature` as Stripe makes it: `t=<unix seconds>,v1=<HMAC-SHA256 of "t.payload">`. */
export function signatureHeader(payload: string, secret: string, timestamp = Math.floor(Date.now() / 1000)) {
  const signature = createHmac("sha256", secret).update(`${timestamp}.${payload}`).digest("hex");
  return `t=${timestamp},v1=${signature}`;
}

/**
 * The events the local Stripe emits, kept for `GET /v1/events`, and posted
 * signed to the webhook endpoint when there is one: a delivery answered
 * with anything but a 2xx (or not answered) is tried again later.
 */
export class Webhooks {
  readonly events = new Map<string, Event>();
  /** Deliveries still being tried: tests wait for them. */
  private readonly pending = new Set<Promise<void>>();

  constructor(
    private readonly endpoint: WebhookEndpoint | null,
    private readonly apiVersion: string,
    /** The emulator's clock, which dates the events (their signatures carry the real time: receivers check it). */
    private readonly now: () => number,
    private readonly retryDelaysMs: readonly number[] = DEFAULT_RETRY_DELAYS_MS,
  ) {}

  emit<Type extends Stripe.Event.Type>(type: Type, object: Wire<EventObject<Type>>) {
    // The event's type and object agree (Emit's signature): what TypeScript cannot follow through the union.
    const event = {
      id: `evt_${randomBytes(12).toString("hex")}`,
      object: "event",
      api_version: this.apiVersion,
      created: this.now(),
      data: { object: structuredClone(object) },
      livemode: false,
      pending_webhooks: this.endpoint ? 1 : 0,
      request: { id: null, idempotency_key: null },
      type,
    } as Event;
    this.events.set(event.id, event);
    if (this.endpoint) {
      const delivery = this.deliver(this.endpoint, event).finally(() => this.pending.delete(delivery));
      this.pending.add(delivery);
    }
    return event;
  }

  /** Events of a saved state, listed again; they are not delivered again. */
  restore(events: Event[]) {
    this.events.clear();
    for (const event of events) this.events.set(event.id, event);
  }

  /** Resolves once every delivery under way has succeeded or run out of tries. */
  async settled() {
    while (this.pending.size > 0) await Promise.all([...this.pending]);
  }

  private async deliver(endpoint: WebhookEndpoint, event: Event) {
    const payload = JSON.stringify(event, null, 2);
    for (let attempt = 0; ; attempt++) {
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
        if (response.ok) {
          event.pending_webhooks = 0;
          return;
        }
      } catch {
        // Not answered: tried again below, as a refusal is.
      }
      const delay = this.retryDelaysMs[attempt];
      if (delay === undefined) return;
      await new Promise((resolve) => setTimeout(resolve, delay));
    }
  }
}
