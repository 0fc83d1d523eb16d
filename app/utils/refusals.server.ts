import type { ServerResponse } from "node:http";
import { RETRY_AFTER_SECONDS, refusalPage } from "~/domain/refusal-page";
import { serverTiming } from "~/observability/server-timing.server";
import { serverAnswerHeaders } from "./security-headers.server";

/** Plain HTML forms and links: the only methods the app answers (any other is refused at the front door). */
export const ANSWERED_METHODS: readonly string[] = ["GET", "HEAD", "POST"];

/** The headers a refusal's status calls for: when to retry (503), what is answered (405). */
export function refusalHeaders(status: number, headers = new Headers()) {
  if (status === 503) headers.set("Retry-After", String(RETRY_AFTER_SECONDS));
  if (status === 405) headers.set("Allow", ANSWERED_METHODS.join(", "));
  return headers;
}

/** The statuses a request is refused with before any loader or action runs. */
export type RefusalStatus = 400 | 403 | 405 | 413 | 415 | 503;

/**
 * The refusal page (app/domain/refusal-page.ts) answered by the server
 * itself, before Remix (the front door, overload), on its Node response.
 */
export function writeRefusal(res: ServerResponse, status: RefusalStatus, requestId?: string) {
  const page = refusalPage(requestId);
  const timing = serverTiming();
  res.writeHead(status, {
    ...serverAnswerHeaders("text/html; charset=utf-8"),
    ...Object.fromEntries(refusalHeaders(status)),
    ...(timing ? { "Server-Timing": timing } : {}),
    "Content-Length": Buffer.byteLength(page),
  });
  res.end(page);
}
