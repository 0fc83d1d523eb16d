import { readFileSync } from "node:fs";
import type { IncomingMessage, Server, ServerResponse } from "node:http";
import { pinoHttp } from "pino-http";
import { circuitState } from "~/api/deadline.server";
import { BALANCER_HEALTH_CHECKS, BALANCER_NOTICE_MS, getEnv } from "~/env.server";
import { logger } from "~/observability/logger.server";
import { metricsRegistry, requestDuration } from "~/observability/metrics.server";
import {
  newRequestContext,
  REQUEST_ID_HEADER,
  requestIdFrom,
  runInRequestContext,
  type RequestContext,
} from "~/observability/request-context.server";
import packageJson from "../../package.json";
import { admit } from "./admission.server";
import { refuseAtTheDoor, answeredAtTheDoor } from "./front-door.server";
import { serverAnswerHeaders } from "./security-headers.server";
import { serveMetrics as serveMetricsOn } from "../../scripts/metrics-server.mjs";

/**
 * Operations around the server build (ARCHITECTURE.md, Operations), used by
 * scripts/serve.mjs: request ids, one log line and the metrics of each
 * request, the health endpoints (answered before Remix and the admission
 * gate), the metrics port, and a graceful stop.
 */

type Next = () => void;

/** Answered by the server itself, before Remix: never behind the gate, never signed in. */
export const HEALTH_PATHS = { live: "/healthz", ready: "/readyz" } as const;

/** The route of a request refused before Remix routed it (the front door, overload). */
const REFUSED_ROUTE = "refused";

const contexts = new WeakMap<IncomingMessage, RequestContext>();
let stopping = false;

/** What names a request in its log line and metrics: the Remix route id, never the raw path. */
function routeOf(req: IncomingMessage) {
  const context = contexts.get(req);
  if (context?.routeId) return context.routeId;
  // Refused before Remix routed it: its route is unknown, and its path is not logged.
  if (context?.refusedByGate || answeredAtTheDoor(req)) return REFUSED_ROUTE;
  const path = req.url?.split("?")[0];
  if (path === HEALTH_PATHS.live || path === HEALTH_PATHS.ready) return path;
  return "static";
}

function accessLine(req: IncomingMessage, res: ServerResponse, durationMs: number) {
  const context = contexts.get(req);
  return {
    method: req.method,
    route: routeOf(req),
    status: res.statusCode,
    durationMs,
    backendCalls: context?.backendCalls ?? 0,
    backendMs: Math.round(context?.backendMs ?? 0),
    refusedByGate: context?.refusedByGate ?? false,
  };
}

const httpLogger = pinoHttp({
  logger,
  quietReqLogger: true,
  quietResLogger: true,
  customAttributeKeys: { reqId: "requestId" },
  genReqId(req, res) {
    const id = requestIdFrom(req.headers[REQUEST_ID_HEADER.toLowerCase()]);
    res.setHeader(REQUEST_ID_HEADER, id);
    return id;
  },
  // Probes and static files are logged at debug: they would drown the requests people make.
  customLogLevel(req, res) {
    const route = routeOf(req);
    if (route === "static" || route === HEALTH_PATHS.live || route === HEALTH_PATHS.ready) return "debug";
    return res.statusCode >= 500 ? "warn" : "info";
  },
  customSuccessObject: (req, res, values) => accessLine(req, res, values.responseTime),
  customErrorObject: (req, res, _error, values) => accessLine(req, res, values.responseTime),
  customSuccessMessage: () => "request",
  customErrorMessage: () => "request",
});

/**
 * The first middleware of the server: gives the request its id (the
 * client's or load balancer's X-Request-Id when valid, else a new one,
 * answered in the same header), its log line and metrics once answered,
 * and runs the rest of its handling as the current request, so every log
 * line and backend call made for it carries the id.
 */
export function observe(req: IncomingMessage, res: ServerResponse, next: Next) {
  httpLogger(req, res, () => {
    const context = newRequestContext(String(req.id), req.log);
    contexts.set(req, context);
    // Stopping: the connection closes after this answer, so the load balancer opens its next one elsewhere.
    if (stopping) res.setHeader("Connection", "close");
    const started = performance.now();
    res.once("close", () => {
      requestDuration.observe(
        { method: req.method, route: routeOf(req), status: String(res.statusCode) },
        (performance.now() - started) / 1000,
      );
    });
    runInRequestContext(context, next);
  });
}

/** A health answer, with the headers every answer of ours carries (CSP, nosniff, no-store, noindex…). */
function answerJson(res: ServerResponse, status: number, body: object) {
  res.writeHead(status, serverAnswerHeaders("application/json"));
  res.end(JSON.stringify(body));
}

/** A short commit is enough to tell builds apart; the full one tells a stranger more than they need. */
const SHORT_COMMIT_LENGTH = 7;

/**
 * The commit the build was made from, short (build/build-info.json, written by `npm run build`), when known.
 */
const buildCommit = (() => {
  try {
    const info = JSON.parse(readFileSync(new URL("./build-info.json", import.meta.url), "utf8"));
    return typeof info.commit === "string" ? info.commit.slice(0, SHORT_COMMIT_LENGTH) : null;
  } catch {
    return null;
  }
})();

/** GET /healthz: the process is alive, and which build it runs. Calls nothing. */
export function healthz(_req: IncomingMessage, res: ServerResponse) {
  answerJson(res, 200, { status: "ok", version: packageJson.version, commit: buildCommit });
}

/** The origins of the backend's APIs: their circuits tell whether the backend answers. */
function backendOrigins() {
  const env = getEnv();
  return new Set(
    [env.API_V1_URL, env.API_V2_URL, env.BILLING_API_URL, env.AUTH_API_URL].map((url) => new URL(url).origin),
  );
}

/**
 * GET /readyz: the instance's own readiness, 200 once started and 503 while
 * stopping, never a dependency every instance shares: a backend down or
 * stalled would take every instance out of the load balancer at once, the
 * sign-in page and the assets with them. Calls nothing; says, for people,
 * whether the backend's calls go through ("up") or its circuit refuses them
 * after repeated failures ("down"), from the real calls' outcomes.
 */
export function readyz(_req: IncomingMessage, res: ServerResponse) {
  if (stopping) return answerJson(res, 503, { status: "unavailable", reason: "the app is stopping" });
  const backendUp = [...backendOrigins()].every((origin) => circuitState(origin) === "closed");
  answerJson(res, 200, { status: "ready", backend: backendUp ? "up" : "down" });
}

/** The metrics in Prometheus format on METRICS_PORT (loopback unless METRICS_HOST says otherwise); none when unset. */
export function serveMetrics(): Server | null {
  const { METRICS_PORT, METRICS_HOST } = getEnv();
  if (METRICS_PORT === undefined) return null;
  return serveMetricsOn({ registry: metricsRegistry, port: METRICS_PORT, host: METRICS_HOST, logger });
}

/**
 * Said once, at start: a drain shorter than the README's balancer takes to notice a stop lets it send requests to a
 * stopping instance after it stopped taking connections (they fail). Fine without a balancer; said, not refused.
 */
export function warnOfShortDrain() {
  const { SHUTDOWN_DRAIN_MS } = getEnv();
  if (SHUTDOWN_DRAIN_MS >= BALANCER_NOTICE_MS) return;
  logger.warn(
    { drainMs: SHUTDOWN_DRAIN_MS, balancerNoticeMs: BALANCER_NOTICE_MS },
    `SHUTDOWN_DRAIN_MS is shorter than a load balancer checking /readyz every ${BALANCER_HEALTH_CHECKS.intervalMs} ms, ` +
      `out after ${BALANCER_HEALTH_CHECKS.fall} failures, takes to notice a stop: requests it sends meanwhile will fail`,
  );
}

/**
 * A graceful stop (SIGTERM, SIGINT, SIGHUP): /readyz answers 503 at once, so a
 * load balancer stops sending requests here; after SHUTDOWN_DRAIN_MS (the
 * time it needs to notice) the server stops taking connections; the requests
 * under way finish, each connection closing after its answer; then it
 * resolves. Past SHUTDOWN_TIMEOUT_MS it resolves false, with requests still open.
 */
export function stopGracefully(server: Server, signal: string): Promise<boolean> {
  const { SHUTDOWN_DRAIN_MS, SHUTDOWN_TIMEOUT_MS } = getEnv();
  stopping = true;
  logger.info({ signal, drainMs: SHUTDOWN_DRAIN_MS }, "stopping: no longer ready, finishing the requests under way");
  return new Promise((resolve) => {
    const deadline = setTimeout(() => {
      clearInterval(sweep);
      logger.error("requests were still open when the stop's deadline passed");
      resolve(false);
    }, SHUTDOWN_TIMEOUT_MS);
    // A keep-alive connection goes idle after its last answer: closed as soon as it does.
    let sweep: ReturnType<typeof setInterval> | undefined;
    setTimeout(() => {
      server.close(() => {
        clearTimeout(deadline);
        clearInterval(sweep);
        logger.info("stopped: every request under way was answered");
        resolve(true);
      });
      sweep = setInterval(() => server.closeIdleConnections(), 50);
    }, SHUTDOWN_DRAIN_MS);
  });
}

export const operations = {
  observe,
  admit,
  healthz,
  readyz,
  refuseAtTheDoor,
  serveMetrics,
  stopGracefully,
  warnOfShortDrain,
  logger,
  HEALTH_PATHS,
};
