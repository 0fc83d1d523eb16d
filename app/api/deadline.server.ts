import { RETRY_AFTER_SECONDS } from "~/domain/refusal-page";
import { getEnv } from "~/env.server";
import { backendCallDuration } from "~/observability/metrics.server";
import { currentRequest, REQUEST_ID_HEADER, requestLog } from "~/observability/request-context.server";

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
 * the 503 above.
 *
 * Each try carries the request's id (X-Request-Id) and is counted for the
 * request's log line and the metrics under `endpoint`: the method, the
 * service and the path without its ids (never a query, a token or an e-mail).
 */
export async function fetchWithDeadline(url: URL | string, init: RequestInit, endpoint: string): Promise<Response> {
  const method = (init.method ?? "GET").toUpperCase();
  const retries = method === "GET" || method === "HEAD" ? 1 : 0;
  const headers = withRequestId(init.headers);
  for (let attempt = 0; ; attempt++) {
    const started = performance.now();
    let response: Response;
    try {
      response = await fetch(url, { ...init, headers, signal: AbortSignal.timeout(deadlineFor(method)) });
    } catch (error) {
      const outcome = isTimeout(error) ? "timeout" : "unreachable";
      countCall(endpoint, outcome, started);
      if (isTimeout(error) || attempt >= retries) {
        requestLog().error({ endpoint, outcome }, `${endpoint}: ${isTimeout(error) ? "timed out" : "unreachable"}`);
        throw serviceUnavailable();
      }
      continue;
    }
    countCall(endpoint, outcomeOf(response.status), started);
    if (!RETRIED_STATUSES.has(response.status) || attempt >= retries) return response;
    await response.body?.cancel();
  }
}

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
