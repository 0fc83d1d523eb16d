import type { IncomingMessage, ServerResponse } from "node:http";
import { currentRequest } from "~/observability/request-context.server";
import { formBodyRefusal, MAX_FORM_BYTES } from "./form-body.server";
import { ANSWERED_METHODS, writeRefusal, type RefusalStatus } from "./refusals.server";

/**
 * The front door (README, Security notes): what the server answers itself,
 * before health, the gate and Remix (scripts/serve.mjs), from the request's
 * line and headers alone, with the readable refusal page. Each of these
 * requests would otherwise reach Remix and come out a bare 500 with a stack
 * in the log, or an empty 403 from a resource route.
 */

/**
 * What a refused body's sender may still send after its answer, read and
 * dropped so the connection closes cleanly (a socket closed with unread data
 * is reset, and the reset can overtake the answer); past it, or past
 * DRAIN_MS, the connection closes anyway.
 */
const DRAIN_BYTES = 16 * MAX_FORM_BYTES;
const DRAIN_MS = 2_000;

type Headers = IncomingMessage["headers"];

/** X-Forwarded-Host, as Node gives it: repeated ones joined with commas. */
const forwardedHost = (headers: Headers) => headers["x-forwarded-host"]?.toString();

/** The host a request names: the load balancer's X-Forwarded-Host (its first value), else Host. */
function hostOf(headers: Headers) {
  return forwardedHost(headers)?.split(",")[0]?.trim() || headers.host;
}

/**
 * A target the Fetch API can carry as the request's URL: a path (origin form,
 * not `http://evil.example/login` nor `*`) under a host that parses
 * (`Host: [zz` does not). Remix builds a URL of both and failed with a 500.
 */
function fetchableTarget(target: string, headers: Headers) {
  if (!target.startsWith("/")) return false;
  try {
    const path = new URL(`http://localhost${target}`).pathname;
    // A host carrying `/`, `?` or `#` would move the path the app routes on.
    return [headers.host, forwardedHost(headers)].every(
      (host) => host === undefined || new URL(`http://${host}${target}`).pathname === path,
    );
  } catch {
    return false;
  }
}

/**
 * An Origin whose host is not the request's, `null` included (sandboxed
 * iframes, privacy-sensitive redirects send it): Remix's own rule. The app's
 * stricter one (Sec-Fetch-Site too) runs in every action.
 */
function foreignOrigin(headers: Headers) {
  const origin = headers.origin;
  if (origin === undefined) return false;
  if (origin === "null") return true;
  try {
    return new URL(origin).host !== hostOf(headers);
  } catch {
    return true;
  }
}

/**
 * The status the front door answers a request with, or null to let it in:
 * 400 for a target or Host the Fetch API cannot carry, 405 for a method no
 * form or link sends, 403 for a write from another origin, then the body's
 * own refusals (415 no form, 413 too large, 400 a length that is no length).
 */
export function doorRefusal(method: string, target: string, headers: Headers): RefusalStatus | null {
  if (!fetchableTarget(target, headers)) return 400;
  if (!ANSWERED_METHODS.includes(method)) return 405;
  if (method === "POST" && foreignOrigin(headers)) return 403;
  return formBodyRefusal(method, headers["content-type"], headers["content-length"]);
}

const turnedAway = new WeakSet<IncomingMessage>();

/** Whether the front door answered this request (its log line names no route). */
export const answeredAtTheDoor = (req: IncomingMessage) => turnedAway.has(req);

/**
 * The server's middleware before anything else answers (scripts/serve.mjs):
 * a refused request gets its status and the refusal page, its body unread
 * by the app, with `Connection: close`, so a proxy that pools connections
 * never sends its next request after a body the app did not read. The rest
 * of the body is drained before the connection closes.
 */
export function refuseAtTheDoor(req: IncomingMessage, res: ServerResponse, next: () => void) {
  const status = doorRefusal(req.method ?? "GET", req.url ?? "", req.headers);
  if (status === null) {
    closeIfAnsweredUnread(req, res);
    return next();
  }
  turnedAway.add(req);
  res.setHeader("Connection", "close");
  const requestId = currentRequest()?.requestId;
  let drained = 0;
  const answer = () => {
    clearTimeout(deadline);
    req.off("data", count);
    if (!res.writableEnded) writeRefusal(res, status, requestId);
  };
  const count = (chunk: Buffer) => {
    if ((drained += chunk.length) > DRAIN_BYTES) answer();
  };
  const deadline = setTimeout(answer, DRAIN_MS);
  req.on("data", count);
  req.once("end", answer);
  req.once("error", answer);
  req.resume();
}

/**
 * A body without a declared length (chunked) may be refused by the action
 * once it has read past the limit (assertFormBody): an answer that starts
 * before the body is all read closes its connection, whose unread rest
 * would otherwise stand before the next request.
 */
function closeIfAnsweredUnread(req: IncomingMessage, res: ServerResponse) {
  if (req.method === "GET" || req.method === "HEAD" || req.complete) return;
  const writeHead = res.writeHead;
  res.writeHead = function (this: ServerResponse, ...args: Parameters<ServerResponse["writeHead"]>) {
    if (!req.complete) this.setHeader("Connection", "close");
    return writeHead.apply(this, args);
  } as ServerResponse["writeHead"];
}
