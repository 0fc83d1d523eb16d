import { randomBytes } from "node:crypto";
import { currentRequest, noteRoute, requestLog } from "~/observability/request-context.server";
import { applySecurityHeaders } from "./security-headers.server";

/** What a route's place in the build tells its loader and action wrapper. */
export interface RouteInfo {
  id: string;
  /** Its ancestors' count: the deepest route that ran names the request in the log. */
  depth: number;
  /** No component and no error boundary: its answer goes out as it is, never through entry.server. */
  resource: boolean;
}

/** A `data(…, init)` result, which a resource route's answer would otherwise lose the headers of. */
function isDataWithInit(value: unknown): value is { data: unknown; init: ResponseInit | null } {
  return typeof value === "object" && value !== null && (value as { type?: unknown }).type === "DataWithResponseInit";
}

/**
 * An answer with the headers every document carries (Cache-Control:
 * private, no-store, CSP, nosniff, noindex…), made a Response if it was a
 * resource route's data: Remix sends a resource route's Response, and any
 * route's redirect, as it is, without entry.server.
 */
export function withDocumentHeaders(result: unknown): Response {
  const response =
    result instanceof Response
      ? result
      : isDataWithInit(result)
        ? Response.json(result.data, result.init ?? undefined)
        : Response.json(result);
  const nonce = randomBytes(16).toString("base64");
  try {
    applySecurityHeaders(response.headers, { nonce, indexable: false });
    return response;
  } catch {
    // A Response with immutable headers (a fetch's): copied.
    const headers = new Headers(response.headers);
    applySecurityHeaders(headers, { nonce, indexable: false });
    return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
  }
}

/**
 * What a failure becomes on its way out. A failure of ours (an unexpected
 * error, a 5xx such as a backend away) is logged once, with its stack, and
 * answered with its status and the request's id as `reference`, which the
 * error boundary shows ("Reference: …") for the person to quote; it reaches
 * the browser the same way whether the page was a document or a data
 * request. Redirects and refusals (4xx) go on as they are.
 */
export function failureAnswer(error: unknown, request: Request): unknown {
  if (request.signal.aborted || isDataWithInit(error)) return error;
  if (error instanceof Response && (error.status < 500 || error.body !== null)) return error;
  const reference = currentRequest()?.requestId;
  if (error instanceof Response) {
    const headers = new Headers(error.headers);
    headers.set("Content-Type", "application/json");
    return new Response(JSON.stringify({ reference }), { status: error.status, statusText: error.statusText, headers });
  }
  requestLog().error({ err: error }, "request failed");
  return Response.json({ reference }, { status: 500, statusText: "Internal Server Error" });
}

/**
 * Wraps a route's loader or action (app/entry.build.ts): names the route for the
 * request's log line, answers failures with a reference, and gives every
 * Response (a redirect, a resource route's answer, success or failure) the
 * documents' headers.
 */
export function answeredBy<Args extends { request: Request }, Result>(
  route: RouteInfo,
  handler: (args: Args) => Result | Promise<Result>,
) {
  return async (args: Args): Promise<Result | Response> => {
    noteRoute(route.id, route.depth);
    try {
      const result = await handler(args);
      return route.resource || result instanceof Response ? withDocumentHeaders(result) : result;
    } catch (error) {
      const failure = failureAnswer(error, args.request);
      throw failure instanceof Response ? withDocumentHeaders(failure) : failure;
    }
  };
}
