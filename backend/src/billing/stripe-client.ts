import { createHash } from "node:crypto";
import Stripe from "stripe";
import type { StripeSettings } from "../config";
import { badRequest, HttpError } from "../http/errors";
import { currentRequestId, requestLog } from "../observability";

/** A call to Stripe that takes longer is given up (then retried once, see below). */
const STRIPE_TIMEOUT_MS = 10_000;
/** The SDK retries connection errors and Stripe's 409/5xx, with an idempotency key of its own on POSTs. */
const STRIPE_NETWORK_RETRIES = 1;

/**
 * The SDK's own Node HTTP client, each call carrying the id of the request
 * it is made for (X-Request-Id): Stripe's side (the local Stripe's log) can
 * be tied to the app's page that caused it.
 */
function httpClientWithRequestIds(): Stripe.HttpClient {
  const client = Stripe.createNodeHttpClient();
  const makeRequest: typeof client.makeRequest = (host, port, path, method, headers, data, protocol, timeout) => {
    const requestId = currentRequestId();
    return client.makeRequest(
      host,
      port,
      path,
      method,
      requestId ? { ...headers, "X-Request-Id": requestId } : headers,
      data,
      protocol,
      timeout,
    );
  };
  return Object.assign(Object.create(client) as Stripe.HttpClient, { makeRequest });
}

/**
 * The official SDK, at its pinned API version, pointed at `apiUrl` when set
 * (the local Stripe in development and tests) through its host, port and
 * protocol options; otherwise at api.stripe.com. Every call is logged with
 * the request's id and Stripe's own request id.
 */
export function createStripeClient(settings: StripeSettings): Stripe {
  const url = settings.apiUrl ? new URL(settings.apiUrl) : null;
  const protocol = url?.protocol === "http:" ? "http" : "https";
  const stripe = new Stripe(settings.secretKey, {
    ...(url && {
      host: url.hostname,
      port: url.port || (protocol === "http" ? 80 : 443),
      protocol,
    }),
    timeout: STRIPE_TIMEOUT_MS,
    maxNetworkRetries: STRIPE_NETWORK_RETRIES,
    telemetry: false,
    httpClient: httpClientWithRequestIds(),
  });
  // At debug: a call is part of a request whose own line says it happened; Stripe's request id is what its support asks for.
  // The path without its query: a list's or a search's query may carry a customer's email or name.
  stripe.on("response", (event: Stripe.ResponseEvent) => {
    requestLog().debug(
      {
        stripe: {
          method: event.method,
          path: event.path.split("?")[0],
          status: event.status,
          requestId: event.request_id,
        },
        durationMs: event.elapsed,
      },
      "stripe call",
    );
  });
  return stripe;
}

/**
 * The Stripe idempotency key of one create made for a request carrying an
 * `Idempotency-Key`: the request's key, what the call is for, and a digest
 * of its parameters. A retry of the same request asks Stripe the same thing
 * under the same key (and gets the first answer); a corrected retry (other
 * parameters) gets a key of its own instead of Stripe's idempotency error.
 */
export function stripeIdempotencyKey(requestKey: string | undefined, purpose: string, params: unknown) {
  if (requestKey === undefined) return undefined;
  const digest = createHash("sha256").update(JSON.stringify(params)).digest("base64url").slice(0, 16);
  return `${requestKey}-${purpose}-${digest}`;
}

/**
 * Runs a Stripe call; Stripe's failures become the API's: a VAT number
 * Stripe refuses is a 400 `tax_id_invalid`, anything else a 502
 * `stripe_error` whose details stay in the log, never in the answer.
 */
export async function callStripe<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    throw asApiError(error);
  }
}

/** As callStripe, but an object Stripe does not have (404 `resource_missing`) is null. */
export async function findOnStripe<T>(call: () => Promise<T>): Promise<T | null> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof Stripe.errors.StripeError && error.code === "resource_missing") return null;
    throw asApiError(error);
  }
}

/** A Stripe failure as the API's (see callStripe); any other error as it is. */
export function asApiError(error: unknown) {
  if (!(error instanceof Stripe.errors.StripeError)) return error;
  if (error.code === "tax_id_invalid") return badRequest("tax_id_invalid");
  requestLog().error(
    { stripe: { type: error.type, code: error.code, requestId: error.requestId } },
    `Stripe refused a call: ${error.message}`,
  );
  return new HttpError(502, "stripe_error");
}
