import { randomBytes } from "node:crypto";
import { PassThrough } from "node:stream";
import type { AppLoadContext, EntryContext, HandleErrorFunction } from "@remix-run/node";
import { createReadableStreamFromReadable } from "@remix-run/node";
import { isRouteErrorResponse, RemixServer } from "@remix-run/react";
import { isbot } from "isbot";
import { renderToPipeableStream } from "react-dom/server";
import { checkEnvAtStart } from "./env.server";
import { noteRoute, requestLog } from "./observability/request-context.server";
import { setServerTiming } from "./observability/server-timing.server";
import { renewedSessionCookie } from "./utils/auth.server";
import { NonceContext } from "./utils/nonce";
import { LazyHydratedCollector } from "./components/ui";
import { refusalHeaders } from "./utils/refusals.server";
import { applySecurityHeaders, withNoStore } from "./utils/security-headers.server";

checkEnvAtStart();

const ABORT_DELAY = 5_000;
export const streamTimeout = ABORT_DELAY;

/**
 * Sends the session cookie renewed during the request, in place of any other
 * write of that cookie made from the request's stale copy (the last space
 * visited is kept in it too); a sign-out's deletion stands.
 */
async function withRenewedSession(headers: Headers, loadContext: object) {
  const renewed = await renewedSessionCookie(loadContext);
  if (!renewed) return;
  const name = renewed.slice(0, renewed.indexOf("="));
  const cookies = headers.getSetCookie();
  const isSession = (cookie: string) => cookie.startsWith(`${name}=`);
  if (cookies.some((cookie) => isSession(cookie) && /Expires=Thu, 01 Jan 1970|Max-Age=0/i.test(cookie))) return;
  headers.delete("Set-Cookie");
  for (const cookie of [...cookies.filter((cookie) => !isSession(cookie)), renewed])
    headers.append("Set-Cookie", cookie);
}

/** Data responses (single fetch) carry signed-in data like the documents: never stored; timed like them. */
export async function handleDataRequest(response: Response, { context }: { context: AppLoadContext }) {
  await withRenewedSession(response.headers, context);
  setServerTiming(response.headers);
  return withNoStore(response);
}

/**
 * What Remix itself catches (a render that failed, an error in its own
 * handling): one log line with the stack and the request's id. Failures of
 * loaders and actions are logged where they are answered
 * (utils/route-answers.server.ts); a request the browser gave up is no error,
 * nor a refusal Remix answers itself (a POST to a page without an action is
 * its 405): the request's access line, at info, says it.
 */
export const handleError: HandleErrorFunction = (error, { request }) => {
  if (request.signal.aborted || (isRouteErrorResponse(error) && error.status < 500)) return;
  requestLog().error({ err: error }, "request failed");
};

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  loadContext: AppLoadContext,
) {
  const renderStarted = performance.now();
  await withRenewedSession(responseHeaders, loadContext);
  const nonce = randomBytes(16).toString("base64");
  const { pathname } = new URL(request.url);
  const { matches } = remixContext.staticHandlerContext;
  const page = matches[matches.length - 1];
  if (page) noteRoute(page.route.id, matches.length - 1);
  applySecurityHeaders(responseHeaders, { nonce, indexable: pathname === "/login" });
  // A backend away (a thrown 503 reaches the page without its headers): tell browsers and proxies when to retry.
  if (responseStatusCode === 503) refusalHeaders(503, responseHeaders);
  // Bots get the whole document at once; people get it streamed.
  const readyEvent = isbot(request.headers.get("user-agent") ?? "") ? "onAllReady" : "onShellReady";

  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    const { pipe, abort } = renderToPipeableStream(
      <NonceContext.Provider value={nonce}>
        <LazyHydratedCollector value={new Set()}>
          <RemixServer context={remixContext} url={request.url} abortDelay={ABORT_DELAY} nonce={nonce} />
        </LazyHydratedCollector>
      </NonceContext.Provider>,
      {
        nonce,
        [readyEvent]() {
          shellRendered = true;
          const body = new PassThrough();
          responseHeaders.set("Content-Type", "text/html; charset=utf-8");
          setServerTiming(responseHeaders, { renderMs: performance.now() - renderStarted });
          resolve(
            new Response(createReadableStreamFromReadable(body), {
              headers: responseHeaders,
              status: responseStatusCode,
            }),
          );
          pipe(body);
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          // Errors after the shell are logged here; the page shows the Oops boundary.
          if (shellRendered && !request.signal.aborted) requestLog().error({ err: error }, "render failed");
        },
      },
    );
    setTimeout(abort, ABORT_DELAY);
  });
}
