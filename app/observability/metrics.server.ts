import { collectDefaultMetrics, Counter, Histogram, Registry } from "prom-client";

/**
 * The app's metrics in Prometheus format (ARCHITECTURE.md, Operations),
 * served on their own port (METRICS_PORT), never on the public one.
 */
export const metricsRegistry = new Registry();
collectDefaultMetrics({ register: metricsRegistry });

const SECONDS_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

export const requestDuration = new Histogram({
  name: "http_request_duration_seconds",
  help: "Requests answered by the app, by method, Remix route id (or a fixed name for health and static files) and status",
  labelNames: ["method", "route", "status"] as const,
  buckets: SECONDS_BUCKETS,
  registers: [metricsRegistry],
});

export const backendCallDuration = new Histogram({
  name: "backend_call_duration_seconds",
  help: "Calls to the backend and Google, by endpoint (method, service, path with ids left out) and outcome",
  labelNames: ["endpoint", "outcome"] as const,
  buckets: SECONDS_BUCKETS,
  registers: [metricsRegistry],
});

export const gateRefusals = new Counter({
  name: "admission_refused_total",
  help: "Requests refused by the admission gate (overload: queue full or waited too long)",
  registers: [metricsRegistry],
});
