import { Gauge } from "prom-client";
import { RETRY_AFTER_SECONDS } from "~/domain/refusal-page";
import { getEnv } from "~/env.server";
import { logger } from "~/observability/logger.server";
import { backendCallDuration, metricsRegistry } from "~/observability/metrics.server";
import { currentRequest, REQUEST_ID_HEADER, requestLog } from "~/observability/request-context.server";
import { createCircuit, type Circuit, type CircuitState } from "./circuit";

/**
 * The 503 that a timed-out or unreachable backend becomes: thrown as a
 * Response, it passes every `instanceof Response` rethrow on its way up and
 * lands in the nearest error boundary (the generic texts inside the shell,
 * or "Oops…" when the shell itself could not load). No body of the backend,
 * no stack trace.
 */
export function serviceUnavailable() {
  // A real Response (not `data()`, whose result is no Response): callers tell it from a backend failure by `instanceof Response`.
  return new Response(null, {
    status: 503,
    statusText: "Service Unavailable",
    headers: { "Retry-After": String(RETRY_AFTER_SECONDS) },
  });
}

/** Reads (GET) get the short deadline, writes the long one (BACKEND_READ_TIMEOUT_MS, BACKEND_WRITE_TIMEOUT_MS). */
export function deadlineFor(method: string) {
  const env = getEnv();
  return method === "GET" || method === "HEAD" ? env.BACKEND_READ_TIMEOUT_MS : env.BACKEND_WRITE_TIMEOUT_MS;
}

const RETRIED_STATUSES = new Set([502, 503, 504]);

/**
 * A fetch with a deadline, for every call to another service (the backend,
 * the Google stand-in, Stripe). An idempotent read is tried once more after a
 * refused connection or a 502/503/504; a timeout is not, since the first try
 * already took the whole deadline. A timeout or a service still away throws
 * the 503 above; so does a call its service's circuit refuses (after
 * BACKEND_CIRCUIT_FAILURES such failures in a row), at once.
 *
 * Each try carries the request's id (X-Request-Id) and is counted for the
 * request's log line and the metrics under `endpoint`: the method, the
 * service and the path without its ids (never a query, a token or an e-mail).
 */
export async function fetchWithDeadline(url: URL | string, init: RequestInit, endpoint: string): Promise<Response> {
  const method = (init.method ?? "GET").toUpperCase();
  const retries = method === "GET" || method === "HEAD" ? 1 : 0;
  const headers = withRequestId(init.headers);
  const circuit = circuitOf(new URL(url).origin);
  for (let attempt = 0; ; attempt++) {
    if (!circuit.allow()) {
      requestLog().warn({ endpoint, outcome: "circuit_open" }, `${endpoint}: not called, its service keeps failing`);
      throw serviceUnavailable();
    }
    const started = performance.now();
    let response: Response;
    try {
      response = await fetch(url, { ...init, headers, signal: AbortSignal.timeout(deadlineFor(method)) });
    } catch (error) {
      circuit.failed();
      const outcome = isTimeout(error) ? "timeout" : "unreachable";
      countCall(endpoint, outcome, started);
      if (isTimeout(error) || attempt >= retries) {
        requestLog().error({ endpoint, outcome }, `${endpoint}: ${isTimeout(error) ? "timed out" : "unreachable"}`);
        throw serviceUnavailable();
      }
      continue;
    }
    if (RETRIED_STATUSES.has(response.status)) circuit.failed();
    else circuit.succeeded();
    countCall(endpoint, outcomeOf(response.status), started);
    if (!RETRIED_STATUSES.has(response.status) || attempt >= retries) return response;
    await response.body?.cancel();
  }
}

/** One circuit per service (origin): a service down or stalled costs its own calls nothing more than a refusal. */
const circuits = new Map<string, Circuit>();

function circuitOf(origin: string) {
  let circuit = circuits.get(origin);
  if (!circuit) {
    const env = getEnv();
    circuit = createCircuit({ failures: env.BACKEND_CIRCUIT_FAILURES, openMs: env.BACKEND_CIRCUIT_OPEN_MS }, (state) =>
      state === "open"
        ? logger.warn(
            { origin, openMs: env.BACKEND_CIRCUIT_OPEN_MS },
            "circuit open: the service's calls are refused at once",
          )
        : logger.info({ origin }, "circuit closed: the service answers again"),
    );
    circuits.set(origin, circuit);
  }
  return circuit;
}

/** The state of the circuit of the service at `origin`: closed (its calls go through) until it fails. */
export function circuitState(origin: string): CircuitState {
  return circuits.get(origin)?.state() ?? "closed";
}

new Gauge({
  name: "backend_up",
  help: "1 while the calls to a service (by origin) go through, 0 while its circuit refuses them after repeated failures",
  labelNames: ["origin"] as const,
  registers: [metricsRegistry],
  collect() {
    for (const [origin, circuit] of circuits) this.set({ origin }, circuit.state() === "closed" ? 1 : 0);
  },
});

function withRequestId(headers: HeadersInit | undefined) {
  const all = new Headers(headers);
  const request = currentRequest();
  if (request) all.set(REQUEST_ID_HEADER, request.requestId);
  return all;
}

function outcomeOf(status: number) {
  return status < 400 ? "ok" : status < 500 ? "client_error" : "server_error";
}

function countCall(endpoint: string, outcome: string, started: number) {
  const milliseconds = performance.now() - started;
  backendCallDuration.observe({ endpoint, outcome }, milliseconds / 1000);
  const request = currentRequest();
  if (request) {
    request.backendCalls++;
    request.backendMs += milliseconds;
  }
}

function isTimeout(error: unknown) {
  return error instanceof DOMException && (error.name === "TimeoutError" || error.name === "AbortError");
}

/**
 * A deadline for work whose calls we cannot give a signal, such as the OAuth
 * library's token exchange: past it, the 503 above, while the work is left
 * to finish or fail on its own.
 */
export async function withDeadline<T>(work: Promise<T>, milliseconds = deadlineFor("POST")): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const expired = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(serviceUnavailable()), milliseconds);
  });
  try {
    return await Promise.race([work, expired]);
  } finally {
    clearTimeout(timer);
  }
}
