import { getEnv } from "~/env.server";

/** How long a browser should wait before trying again once a backend is away (seconds). */
export const RETRY_AFTER_SECONDS = 10;

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
 */
export async function fetchWithDeadline(url: URL | string, init: RequestInit = {}): Promise<Response> {
  const method = (init.method ?? "GET").toUpperCase();
  const retries = method === "GET" || method === "HEAD" ? 1 : 0;
  for (let attempt = 0; ; attempt++) {
    let response: Response;
    try {
      response = await fetch(url, { ...init, signal: AbortSignal.timeout(deadlineFor(method)) });
    } catch (error) {
      if (isTimeout(error) || attempt >= retries) {
        console.error(`${method} ${String(url)}: ${isTimeout(error) ? "timed out" : "unreachable"}`);
        throw serviceUnavailable();
      }
      continue;
    }
    if (!RETRIED_STATUSES.has(response.status) || attempt >= retries) return response;
    await response.body?.cancel();
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
