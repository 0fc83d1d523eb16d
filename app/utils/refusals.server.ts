import { randomBytes } from "node:crypto";
import type { ServerResponse } from "node:http";
import { RETRY_AFTER_SECONDS, refusalPage } from "~/domain/refusal-page";
import { serverTiming } from "~/observability/server-timing.server";
import { applySecurityHeaders } from "./security-headers.server";

/**
 * The header scripts/front-door.mjs sets on a request it refuses before
 * Remix sees it (a method the app does not answer, a write from another
 * origin); the request goes on as a GET, answered here with that status.
 */
export const REFUSAL_HEADER = "x-yamm-refusal";

const ANSWERED_METHODS = "GET, HEAD, POST";

/** The status the front door refused this request with, or null. */
export function frontDoorRefusal(request: Request): 403 | 405 | null {
  const value = request.headers.get(REFUSAL_HEADER);
  return value === "403" ? 403 : value === "405" ? 405 : null;
}

/** The headers a refusal's status calls for: when to retry (503), what is answered (405). */
export function refusalHeaders(status: number, headers = new Headers()) {
  if (status === 503) headers.set("Retry-After", String(RETRY_AFTER_SECONDS));
  if (status === 405) headers.set("Allow", ANSWERED_METHODS);
  return headers;
}

/** A loader or action that runs only for a request the front door let through; a refused one gets its status, nothing else. */
export function refusedAtTheDoor<Args extends { request: Request }, Result>(handler: (args: Args) => Result) {
  return (args: Args): Result => {
    const status = frontDoorRefusal(args.request);
    if (status !== null) throw new Response(null, { status, headers: refusalHeaders(status) });
    return handler(args);
  };
}

/** The statuses a request is refused with before any loader or action runs. */
export type RefusalStatus = 400 | 403 | 405 | 413 | 415 | 503;

/**
 * The document of a refused request (front door, overload): the generic
 * texts of 000 §8 without the shell or any React render, so a refusal costs
 * next to nothing and never shows a stack trace.
 */
export function refusalDocument(status: RefusalStatus, headers: Headers, requestId?: string) {
  refusalHeaders(status, headers);
  headers.set("Content-Type", "text/html; charset=utf-8");
  return new Response(refusalPage(requestId), { status, headers });
}

let serverRefusalHeaders: Record<string, string> | undefined;

/**
 * The same page answered by the server itself, before Remix (overload, a
 * body refused by its headers), on its Node response. The page runs no
 * script: one set of security headers serves every such answer.
 */
export function writeRefusal(res: ServerResponse, status: RefusalStatus, requestId?: string) {
  if (!serverRefusalHeaders) {
    const headers = new Headers({ "Content-Type": "text/html; charset=utf-8" });
    applySecurityHeaders(headers, { nonce: randomBytes(16).toString("base64"), indexable: false });
    serverRefusalHeaders = Object.fromEntries(headers);
  }
  const page = refusalPage(requestId);
  const timing = serverTiming();
  res.writeHead(status, {
    ...serverRefusalHeaders,
    ...Object.fromEntries(refusalHeaders(status)),
    ...(timing ? { "Server-Timing": timing } : {}),
    "Content-Length": Buffer.byteLength(page),
  });
  res.end(page);
}
