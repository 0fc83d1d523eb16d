// Imported by the app's server (scripts/serve.mjs) before it listens.
//
// The server hands every request to Remix, and Remix answers two kinds of
// request before any of our code runs, with a bare 500 and a stack trace in
// the log: a method that the Fetch API cannot carry (TRACE, TRACK, CONNECT),
// and a write whose Origin is another host (Remix's own CSRF check). Node's
// http diagnostics channel sees each request first: such a request goes on as
// a plain GET that carries its refusal in a header, and the server build
// (app/entry.build.ts) answers it with that status and a readable page before any
// loader or action runs. Nothing is written, nothing is logged.
import { subscribe } from "node:diagnostics_channel";

/** Set only here; the build answers a request carrying it with its status (403 or 405). */
export const REFUSAL_HEADER = "x-yamm-refusal";

/** Plain HTML forms and links: nothing else reaches the app. */
const ANSWERED_METHODS = new Set(["GET", "HEAD", "POST"]);

/**
 * Remix's own rule (server-runtime `throwIfPotentialCSRFAttack`): an Origin
 * whose host is not the request's (X-Forwarded-Host, else Host), `null`
 * included (sandboxed iframes, privacy-sensitive redirects send it). The
 * app's stricter one (Sec-Fetch-Site too) runs in every action.
 */
function foreignOrigin(headers) {
  const origin = headers.origin;
  if (typeof origin !== "string") return false;
  if (origin === "null") return true;
  const host = headers["x-forwarded-host"]?.split(",")[0]?.trim() || headers.host;
  try {
    return new URL(origin).host !== host;
  } catch {
    return true;
  }
}

/** The status a request is refused with before Remix sees it, or null. */
export function refusalFor(method, headers) {
  if (!ANSWERED_METHODS.has(method)) return 405;
  if (method === "POST" && foreignOrigin(headers)) return 403;
  return null;
}

/** Turns a request Remix would choke on into a GET that carries its refusal. */
export function openFrontDoor({ request }) {
  delete request.headers[REFUSAL_HEADER];
  const status = refusalFor(request.method, request.headers);
  if (status === null) return;
  request.method = "GET";
  request.headers[REFUSAL_HEADER] = String(status);
}

subscribe("http.server.request.start", openFrontDoor);
