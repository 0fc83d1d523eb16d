import { AsyncLocalStorage } from "node:async_hooks";
import { randomUUID } from "node:crypto";
import { logger, type Logger } from "./logger.server";

/** The header that carries a request's id, in and out, and on every call made for it. */
export const REQUEST_ID_HEADER = "X-Request-Id";

/** Short and URL-safe: what we accept from a client or a load balancer (the backend takes the same). */
export const VALID_REQUEST_ID = /^[A-Za-z0-9_-]{1,64}$/;

/** The incoming id when it is valid, otherwise a new one. */
export function requestIdFrom(incoming: string | string[] | undefined): string {
  return typeof incoming === "string" && VALID_REQUEST_ID.test(incoming) ? incoming : randomUUID();
}

/** What the app knows about the request it is working on, for its log line and its metrics. */
export interface RequestContext {
  readonly requestId: string;
  /** The request's logger: every line carries its id. */
  readonly log: Logger;
  /** When the request arrived (performance.now()), for the Server-Timing header's total. */
  readonly startedAt: number;
  /** The Remix route that answered (the deepest that ran), never the raw path. */
  routeId?: string;
  routeDepth: number;
  backendCalls: number;
  backendMs: number;
  refusedByGate: boolean;
}

const storage = new AsyncLocalStorage<RequestContext>();

export function newRequestContext(requestId: string, log: Logger = logger.child({ requestId })): RequestContext {
  return {
    requestId,
    log,
    startedAt: performance.now(),
    routeDepth: -1,
    backendCalls: 0,
    backendMs: 0,
    refusedByGate: false,
  };
}

/** Runs `work` (the rest of the request's handling) with `context` as the current request. */
export function runInRequestContext<T>(context: RequestContext, work: () => T): T {
  return storage.run(context, work);
}

/** The request being worked on, if any (a script or a test has none). */
export function currentRequest(): RequestContext | undefined {
  return storage.getStore();
}

/** The current request's logger, else the process's. */
export function requestLog(): Logger {
  return storage.getStore()?.log ?? logger;
}

/** Names the route that answered; a deeper route (the page, not its layout) wins. */
export function noteRoute(routeId: string, depth: number) {
  const context = storage.getStore();
  if (context && depth >= context.routeDepth) {
    context.routeId = routeId;
    context.routeDepth = depth;
  }
}
