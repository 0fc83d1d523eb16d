import { AsyncLocalStorage } from "node:async_hooks";
import type { MiddlewareHandler } from "hono";
import { requestId } from "hono/request-id";
import { routePath } from "hono/route";
import pino, { type Logger } from "pino";
import pretty from "pino-pretty";
import { collectDefaultMetrics, Counter, Histogram, Registry } from "prom-client";
import { redactSecrets } from "../../scripts/redact-secrets.mjs";

/**
 * The backend's logs and metrics (ARCHITECTURE.md, Operations), as the
 * app's: one JSON line per request and per event, every line of a request
 * with its id (the app's X-Request-Id, passed on to Stripe), Prometheus
 * metrics on their own loopback port (BACKEND_METRICS_PORT).
 */

const LEVELS = ["fatal", "error", "warn", "info", "debug", "trace", "silent"];

export const logger: Logger = pino(
  {
    level: LEVELS.includes(process.env.LOG_LEVEL ?? "") ? process.env.LOG_LEVEL : "info",
    timestamp: pino.stdTimeFunctions.isoTime,
    formatters: { level: (label) => ({ level: label }) },
    hooks: { streamWrite: redactSecrets },
  },
  process.env.LOG_FORMAT === "pretty"
    ? pretty({ sync: true, singleLine: true, translateTime: "SYS:HH:MM:ss.l", ignore: "pid,hostname" })
    : pino.destination({ dest: 1, sync: true }),
);

interface RequestContext {
  requestId: string;
  log: Logger;
}

const storage = new AsyncLocalStorage<RequestContext>();

/** The id of the request being answered, if any. */
export const currentRequestId = () => storage.getStore()?.requestId;

/** The current request's logger, else the process's. */
export const requestLog = () => storage.getStore()?.log ?? logger;

export const metricsRegistry = new Registry();
collectDefaultMetrics({ register: metricsRegistry });

const requestDuration = new Histogram({
  name: "http_request_duration_seconds",
  help: "Requests answered by the backend, by method, route pattern and status",
  labelNames: ["method", "route", "status"] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  registers: [metricsRegistry],
});

export const webhookEvents = new Counter({
  name: "stripe_webhook_events_total",
  help: "Stripe webhook events, by type and outcome (processed, or refused: a bad signature or payload)",
  labelNames: ["type", "outcome"] as const,
  registers: [metricsRegistry],
});

/** The methods the API answers, a closed list: any other (Node parses some thirty) is counted as "OTHER". */
const METHOD_LABELS: ReadonlySet<string> = new Set(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]);

const withRequestId = requestId({ limitLength: 64 });

/**
 * The first middleware: the request's id (the caller's X-Request-Id when
 * valid, else a new one, answered in the same header), the rest of its
 * handling as the current request, then its log line and metrics: method,
 * route pattern (never the path: no ids, no tokens), status, duration.
 */
export const observeRequests: MiddlewareHandler = (c, next) =>
  withRequestId(c, async () => {
    const id: string = c.get("requestId");
    const log = logger.child({ requestId: id });
    const started = performance.now();
    await storage.run({ requestId: id, log }, next);
    const durationMs = Math.round(performance.now() - started);
    const route = c.res.status === 404 && routePath(c, -1).endsWith("*") ? "(unmatched)" : routePath(c, -1);
    const method = METHOD_LABELS.has(c.req.method) ? c.req.method : "OTHER";
    requestDuration.observe({ method, route, status: String(c.res.status) }, durationMs / 1000);
    log[accessLevel(c.req.method, c.res.status)](
      { method: c.req.method, route, status: c.res.status, durationMs },
      "request",
    );
  });

/**
 * The level of a request's line. Reads are the app's page views, each already one line in the app's log with its
 * backend calls and their time: at debug here (health checks too), or a page would cost six lines (about 1.4 KB)
 * where the app's one says what happened. A change is worth its own line; a failure of ours a warning.
 */
export function accessLevel(method: string, status: number): "debug" | "info" | "warn" {
  if (status >= 500) return "warn";
  return method === "GET" || method === "HEAD" ? "debug" : "info";
}
