import type { IncomingMessage, ServerResponse } from "node:http";
import { Gauge } from "prom-client";
import { needsNoBackend } from "~/domain/backend-free-paths";
import { getEnv } from "~/env.server";
import { gateRefusals, metricsRegistry } from "~/observability/metrics.server";
import { currentRequest } from "~/observability/request-context.server";
import { writeRefusal } from "./refusals.server";

export interface AdmissionLimits {
  /** Requests worked on at once. */
  concurrency: number;
  /** Requests that may wait for a place; past it a request is refused at once. */
  queue: number;
  /** The longest a request may wait; one still waiting then is refused after all (see EXPECTED_WAIT_SHARE). */
  maxWaitMs: number;
}

interface Waiting {
  decide(admitted: boolean): void;
  timer: ReturnType<typeof setTimeout>;
}

/** How much each step of the queue counts in its pace (an exponential moving average). */
const PACE_WEIGHT = 0.05;
/**
 * The share of the longest wait that a request may expect to wait when it
 * comes: the rest is a margin for a pace that slows down, so that few
 * requests wait the longest wait only to be refused then.
 */
const EXPECTED_WAIT_SHARE = 0.75;

/**
 * Bounds the requests the app works on at once (ARCHITECTURE.md, Budgets:
 * overload): past `concurrency`, a queue served first come, first served;
 * past the queue, or when the queue is already longer than three quarters
 * of `maxWaitMs` at its recent pace, a refusal at once. So under any load
 * the app keeps serving at its capacity, a request waits at most
 * `maxWaitMs` for a place, and a refused one mostly learns it at once.
 */
export function createAdmissionGate(limits: AdmissionLimits, now: () => number = () => performance.now()) {
  let active = 0;
  const queue: Waiting[] = [];
  /** How long the queue has lately taken to move one step: a request's wait is its position times this. */
  let msPerPlaceAhead = 0;
  /** When the queue last moved (or, empty, got its first request): the next step is timed from there. */
  let lastStep = 0;

  /**
   * The pace, counting the step under way as if the queue moved now: a queue
   * that stands still (every place held by a stalled request) slows it.
   */
  function pace() {
    const sinceLastStep = queue.length > 0 ? now() - lastStep : 0;
    return Math.max(msPerPlaceAhead, msPerPlaceAhead + PACE_WEIGHT * (sinceLastStep - msPerPlaceAhead));
  }

  /** Takes a place: the returned function gives it back (once, however often it is called). */
  function place() {
    active++;
    let held = true;
    return () => {
      if (!held) return;
      held = false;
      active--;
      const next = queue.shift();
      if (!next) return;
      const at = now();
      msPerPlaceAhead += PACE_WEIGHT * (at - lastStep - msPerPlaceAhead);
      lastStep = at;
      next.decide(true);
    };
  }

  /**
   * Resolves with the function that gives the place back once the request
   * may run, with null when it is refused. `onCancel` receives the function
   * that takes a waiting request out of the queue (its client went away).
   */
  function enter(onCancel: (cancel: () => void) => void = () => {}): Promise<(() => void) | null> {
    if (active < limits.concurrency) return Promise.resolve(place());
    const position = queue.length + 1;
    if (position > limits.queue || position * pace() > limits.maxWaitMs * EXPECTED_WAIT_SHARE)
      return Promise.resolve(null);
    if (position === 1) lastStep = now();
    return new Promise((resolve) => {
      const waiting: Waiting = {
        decide(admitted) {
          clearTimeout(waiting.timer);
          // Its place is taken as it leaves the queue: no request can slip in between.
          resolve(admitted ? place() : null);
        },
        timer: setTimeout(() => leaveQueue() && waiting.decide(false), limits.maxWaitMs),
      };
      /** Takes it out of the queue; false when it had left already. */
      const leaveQueue = () => {
        const index = queue.indexOf(waiting);
        if (index >= 0) queue.splice(index, 1);
        return index >= 0;
      };
      queue.push(waiting);
      onCancel(() => {
        if (!leaveQueue()) return;
        clearTimeout(waiting.timer);
        resolve(null);
      });
    });
  }

  return {
    enter,
    /** Requests worked on and waiting now, for the metrics and tests. */
    load: () => ({ active, waiting: queue.length }),
  };
}

export type AdmissionGate = ReturnType<typeof createAdmissionGate>;

/**
 * The gate's two lanes, each with places and a queue of its own (a
 * bulkhead): the pages that call no backend (app/domain/backend-free-paths.ts)
 * and everything else, so the sign-in page never waits behind requests
 * stuck on a stalled backend.
 */
export type Lane = "backend" | "backend-free";

const gates = new Map<Lane, AdmissionGate>();

/** The process's gate for a lane, with the limits of the configuration (MAX_CONCURRENT_REQUESTS…). */
export function admissionGate(lane: Lane): AdmissionGate {
  let gate = gates.get(lane);
  if (!gate) {
    const env = getEnv();
    gate = createAdmissionGate({
      concurrency: env.MAX_CONCURRENT_REQUESTS,
      queue: env.MAX_QUEUED_REQUESTS,
      maxWaitMs: env.MAX_QUEUE_WAIT_MS,
    });
    gates.set(lane, gate);
  }
  return gate;
}

/** The lane of a request, by its path. */
export function laneOf(req: IncomingMessage): Lane {
  return needsNoBackend((req.url ?? "/").split("?")[0]!) ? "backend-free" : "backend";
}

/** Requests worked on and waiting now in both lanes. */
function totalLoad() {
  const total = { active: 0, waiting: 0 };
  for (const gate of gates.values()) {
    const { active, waiting } = gate.load();
    total.active += active;
    total.waiting += waiting;
  }
  return total;
}

new Gauge({
  name: "admission_in_flight",
  help: "Requests the app is working on now (admission gate, both lanes)",
  registers: [metricsRegistry],
  collect() {
    this.set(totalLoad().active);
  },
});

new Gauge({
  name: "admission_queued",
  help: "Requests waiting for a place at the admission gate now (both lanes)",
  registers: [metricsRegistry],
  collect() {
    this.set(totalLoad().waiting);
  },
});

/**
 * The server's middleware in front of Remix (scripts/serve.mjs): a request
 * takes a place at its lane's gate before Remix routes it and keeps it until its
 * answer is all written (or its client goes away): a place bounds the
 * app's work, not the client's reading, so a slow reader holds its
 * connection, never a place. A refused request gets the small 503 page with
 * Retry-After from the server itself, costing next to nothing, and its
 * connection stays open for the client's next request.
 */
export function admit(req: IncomingMessage, res: ServerResponse, next: () => void, gateOf = admissionGate) {
  let closed = false;
  // While waiting: leave the queue; once admitted: give the place back.
  let onDone = () => {};
  res.once("close", () => {
    closed = true;
    onDone();
  });
  void gateOf(laneOf(req))
    .enter((cancel) => (onDone = cancel))
    .then((release) => {
      if (release === null) return refuse(res, closed);
      if (closed) return release();
      onDone = release;
      // The answer's last byte is handed to the socket here (Remix ends it once the render is done).
      const end = res.end;
      res.end = function (this: ServerResponse, ...args: Parameters<ServerResponse["end"]>) {
        release();
        return end.apply(this, args);
      } as ServerResponse["end"];
      next();
    });
}

function refuse(res: ServerResponse, closed: boolean) {
  // Its client left while it waited: nobody to answer, nothing refused.
  if (closed) return;
  gateRefusals.inc();
  const request = currentRequest();
  if (request) request.refusedByGate = true;
  writeRefusal(res, 503, request?.requestId);
}
