import { Gauge } from "prom-client";
import { serviceUnavailable } from "~/api/deadline.server";
import { getEnv } from "~/env.server";
import { gateRefusals, metricsRegistry } from "~/observability/metrics.server";
import { currentRequest } from "~/observability/request-context.server";

export interface AdmissionLimits {
  /** Requests worked on at once. */
  concurrency: number;
  /** Requests that may wait for a place; past it a request is refused at once. */
  queue: number;
  /** The longest a waiting request waits before it is refused after all. */
  maxWaitMs: number;
}

type State = "waiting" | "admitted" | "released" | "refused";

interface Ticket {
  state: State;
  /** Loaders and actions of the request still running. */
  holders: number;
  /** The document is being rendered: the place is kept until it is written. */
  rendering: boolean;
  decided: Promise<boolean>;
  decide(admitted: boolean): void;
  timer?: ReturnType<typeof setTimeout>;
}

/**
 * Bounds the requests the app works on at once (ARCHITECTURE.md, Overload):
 * past `concurrency`, a short queue; past the queue, a refusal at once, so
 * the requests accepted keep their normal latency instead of every request
 * slowing down together.
 *
 * A request is known by its load context (one object per request, shared by
 * its action and all its parallel loaders), so it takes one place however
 * many loaders it runs. The place is kept while any of them runs and, for a
 * document, while it renders; a request admitted once (say, by its action) is
 * never refused later on, so a stored change is never followed by a 503.
 */
export function createAdmissionGate(limits: AdmissionLimits) {
  let active = 0;
  const queue: Ticket[] = [];
  const tickets = new WeakMap<object, Ticket>();

  function newTicket(): Ticket {
    let decide!: (admitted: boolean) => void;
    const decided = new Promise<boolean>((resolve) => (decide = resolve));
    return { state: "waiting", holders: 0, rendering: false, decided, decide };
  }

  function admit(ticket: Ticket) {
    active++;
    ticket.state = "admitted";
    clearTimeout(ticket.timer);
    ticket.decide(true);
  }

  function refuse(ticket: Ticket) {
    ticket.state = "refused";
    ticket.decide(false);
  }

  function release(ticket: Ticket) {
    if (ticket.state !== "admitted" || ticket.holders > 0 || ticket.rendering) return;
    ticket.state = "released";
    active--;
    const next = queue.shift();
    if (next) admit(next);
  }

  /** Resolves true once the request may run, false when it is refused. */
  function enter(key: object): Promise<boolean> {
    let ticket = tickets.get(key);
    if (!ticket) {
      ticket = newTicket();
      tickets.set(key, ticket);
      if (active < limits.concurrency) admit(ticket);
      else if (queue.length < limits.queue) {
        const waiting = ticket;
        queue.push(waiting);
        waiting.timer = setTimeout(() => {
          queue.splice(queue.indexOf(waiting), 1);
          refuse(waiting);
        }, limits.maxWaitMs);
      } else refuse(ticket);
    } else if (ticket.state === "released") {
      // Its loaders after its action: the request was admitted already, so it goes on.
      admit(ticket);
    }
    ticket.holders++;
    return ticket.decided;
  }

  function leave(key: object) {
    const ticket = tickets.get(key);
    if (!ticket) return;
    ticket.holders--;
    // Not at once: the document render (or the loaders after an action) starts a few ticks later and keeps the place.
    if (ticket.holders === 0 && ticket.state === "admitted") setImmediate(() => release(ticket));
  }

  /** Keeps the request's place while its document renders; the returned function gives it back. */
  function holdWhileRendering(key: object): () => void {
    const ticket = tickets.get(key);
    if (ticket?.state !== "admitted") return () => {};
    ticket.rendering = true;
    return () => {
      ticket.rendering = false;
      release(ticket);
    };
  }

  return {
    enter,
    leave,
    holdWhileRendering,
    isRefused: (key: object) => tickets.get(key)?.state === "refused",
    /** Requests worked on and waiting now, for tests and the benchmark. */
    load: () => ({ active, waiting: queue.length }),
  };
}

export type AdmissionGate = ReturnType<typeof createAdmissionGate>;

let gate: AdmissionGate | undefined;

/** The process's gate, with the limits of the configuration (MAX_CONCURRENT_REQUESTS…). */
export function admissionGate(): AdmissionGate {
  const env = getEnv();
  gate ??= createAdmissionGate({
    concurrency: env.MAX_CONCURRENT_REQUESTS,
    queue: env.MAX_QUEUED_REQUESTS,
    maxWaitMs: env.MAX_QUEUE_WAIT_MS,
  });
  return gate;
}

new Gauge({
  name: "admission_in_flight",
  help: "Requests the app is working on now (admission gate)",
  registers: [metricsRegistry],
  collect() {
    this.set(gate?.load().active ?? 0);
  },
});

new Gauge({
  name: "admission_queued",
  help: "Requests waiting for a place at the admission gate now",
  registers: [metricsRegistry],
  collect() {
    this.set(gate?.load().waiting ?? 0);
  },
});

/** A loader or action that first takes its request's place at the gate; a refused request gets a 503 with Retry-After. */
export function admitted<Args extends { context: unknown }, Result>(
  handler: (args: Args) => Result,
  gateOf: () => AdmissionGate = admissionGate,
): (args: Args) => Promise<Result> {
  return async (args) => {
    const gate = gateOf();
    // Remix gives each request a load context object of its own (remix-serve passes none, so `{}`).
    const key = (args.context ?? {}) as object;
    const mayRun = await gate.enter(key);
    try {
      if (!mayRun) {
        const request = currentRequest();
        // Counted once per request, though each of its loaders learns it.
        if (request && !request.refusedByGate) gateRefusals.inc();
        if (request) request.refusedByGate = true;
        throw serviceUnavailable();
      }
      return await handler(args);
    } finally {
      gate.leave(key);
    }
  };
}
