/**
 * HAProxy in front of app instances (README, "Running more than one
 * instance" and "Overload"): the one configuration the browser test of
 * several instances, the balancer's integration test and `npm run
 * bench:load` run, and the README shows.
 */
import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import readline from "node:readline";
import { BACKEND_FREE_REQUEST_PATHS } from "../app/domain/backend-free-paths";
import { RETRY_AFTER_SECONDS, refusalPage } from "../app/domain/refusal-page";
import { BALANCER_HEALTH_CHECKS } from "../app/env.server";

/** The requests HAProxy lets an instance work on at once: the app's MAX_CONCURRENT_REQUESTS (default). */
export const INSTANCE_MAXCONN = 8;
/**
 * Requests that may wait per instance; past them a newcomer is refused at
 * once. Above 200 connections' worth, and 1.5 to 5 s of an instance's work
 * (120–180 pages/s on the development machine, 48 when it is busy).
 */
export const QUEUE_PER_INSTANCE = 256;
/** The longest a request waits for a place (the app's MAX_QUEUE_WAIT_MS): with its answer, under 10 s. */
export const QUEUE_TIMEOUT_MS = 8_000;

const REQUEST_ID_HEADER = "X-Request-Id";
/** The request's id as HAProxy keeps it for the whole transaction (set in the frontend). */
const REQUEST_ID_VAR_NAME = "txn.request_id";
const REQUEST_ID_VAR = `var(${REQUEST_ID_VAR_NAME})`;
/** The ids the app keeps (its VALID_REQUEST_ID, app/observability/request-context.server.ts): any other is replaced. */
const VALID_REQUEST_ID = "^[A-Za-z0-9_-]{1,64}$";

/** HAProxy's own 503s: the app's refusal page with the request's id, as a log-format string in a quoted argument. */
function refusalPageFormat() {
  const marker = "REQUEST-ID";
  const [before, after] = refusalPage(marker)
    .split(marker)
    .map((part) => part.replaceAll("%", "%%"));
  const format = `${before}%[${REQUEST_ID_VAR}]${after}`;
  return `"${format.replaceAll("\\", "\\\\").replaceAll('"', '\\"')}"`;
}

/**
 * A request's log line, JSON: its id (the Reference its page shows), method, status, the instance that answered
 * (server; <NOSRV> when none did), its retries ("+1": sent on to another instance), HAProxy's termination state and
 * timings in ms (README, "The balancer's log"). Its path is left out, as the app's lines leave it out. Every string
 * value is made of characters JSON needs no escape for (the request id is one the app keeps, or a UUID).
 */
const ACCESS_LOG_FORMAT = [
  `{"time":%Ts%ms,"source":"haproxy","requestId":"%[${REQUEST_ID_VAR}]","method":"%HM","status":%ST,`,
  `"server":"%s","retries":"%rc","termination":"%ts",`,
  `"requestMs":%TR,"queueMs":%Tw,"connectMs":%Tc,"responseMs":%Tr,"totalMs":%Ta,"bytes":%B}`,
].join("");

/** HAProxy's own answer with this status: the app's refusal page, with the request's id as its Reference. */
function errorPage(status: number, headers = "") {
  return `http-error status ${status} content-type "text/html; charset=utf-8"${headers} hdr ${REQUEST_ID_HEADER} %[${REQUEST_ID_VAR}] hdr Cache-Control "private, no-store" hdr Content-Security-Policy "default-src 'none'; frame-ancestors 'none'" lf-string ${refusalPageFormat()}`;
}

export function haproxyConfig({ port, instances }: { port: number; instances: number[] }) {
  /** A server line per instance, with what `options` gives its name. */
  const servers = (options: (name: string) => string) =>
    instances
      .map((instancePort, index) => {
        const name = `app${index + 1}`;
        return `  server ${name} 127.0.0.1:${instancePort}${options(name)}`;
      })
      .join("\n");
  /** An instance's queue: bounded, and HAProxy's 503s as the app's refusal page. */
  const queueRules = `  # Past a long queue, a newcomer is refused at once.
  http-request deny deny_status 503 if { avg_queue gt ${QUEUE_PER_INSTANCE} }
  # HAProxy's 503 (that refusal, a queue timeout, no instance up): the app's refusal page.
  ${errorPage(503, ` hdr Retry-After ${RETRY_AFTER_SECONDS}`)}
  # HAProxy's 502 (an instance died under a request it does not send on, a POST): the same page, the person's Reference.
  ${errorPage(502)}`;
  return `global
  # Past this many connections, new ones wait in the kernel's accept queue: far above what is served and queued.
  maxconn 4096
  # One JSON line per request on standard output (README, "The balancer's log").
  log stdout format raw local0

defaults
  mode http
  log global
  log-format '${ACCESS_LOG_FORMAT}'
  timeout connect 2s
  timeout client 30s
  timeout server 30s
  # A client gets 10 s to send its headers, as the app gives it.
  timeout http-request 10s
  # The longest a request waits for a place on an instance; then it gets the refusal page (http-error below).
  timeout queue ${QUEUE_TIMEOUT_MS / 1000}s
  # A connection refused (an instance stopped or dead, not yet noticed) is tried again at once on the other one, and
  # so is a GET or HEAD whose instance closed its connection without an answer (it died under it); never a POST.
  retries 3
  option redispatch 1
  retry-on conn-failure empty-response

frontend dashboard
  bind 127.0.0.1:${port}
  # The request's id: the client's when the app would keep it, else a new one; a refusal here shows the one the app logs.
  unique-id-format %[uuid]
  http-request set-header ${REQUEST_ID_HEADER} %[unique-id] unless { req.hdr_cnt(${REQUEST_ID_HEADER}) eq 1 } { req.hdr(${REQUEST_ID_HEADER}) -m reg ${VALID_REQUEST_ID} }
  # Kept for the log line and the error pages, written once the request itself may be gone (sent to an instance).
  http-request set-var(${REQUEST_ID_VAR_NAME}) req.hdr(${REQUEST_ID_HEADER})
  # METH_GET: GET or HEAD. Any other request may have changed something before its instance died: sent once only.
  http-request disable-l7-retry unless METH_GET
  # Health checks and the build's assets: the app answers them before its gate, so they never queue here either.
  use_backend app_ungated if { path /healthz /readyz } || { path_beg /build/ }
  # The pages that call no backend (app/domain/backend-free-paths.ts) have places of their own, as at the app's gate:
  # requests stuck on a stalled backend never hold them.
  use_backend app_backend_free if { path ${BACKEND_FREE_REQUEST_PATHS.join(" ")} }
  default_backend app

backend app
  balance roundrobin
  # Ready: the instance itself, started and not stopping (SHUTDOWN_DRAIN_MS); never its backend, which every instance
  # shares: a backend away is the app's own failure page on the pages that need it, not every instance out.
  option httpchk GET /readyz
  http-check expect status 200
  timeout check 1500ms
  # An instance works on MAX_CONCURRENT_REQUESTS at once; the next requests wait here, first come first served.
  # Checked every ${BALANCER_HEALTH_CHECKS.intervalMs} ms, out after ${BALANCER_HEALTH_CHECKS.fall} failures (the app's BALANCER_HEALTH_CHECKS: SHUTDOWN_DRAIN_MS's default is longer).
  # One that refuses a connection is dead (killed, crashed): out at once, not after its checks, or its free places
  # would draw every request and its retries while the live one's are taken. Back at its next good check.
  default-server check inter ${BALANCER_HEALTH_CHECKS.intervalMs}ms fall ${BALANCER_HEALTH_CHECKS.fall} rise 1 maxconn ${INSTANCE_MAXCONN} observe layer4 error-limit 1 on-error mark-down
${queueRules}
${servers(() => "")}

backend app_backend_free
  balance roundrobin
  # The same instances, up and down with app's checks; the app's other lane, with MAX_CONCURRENT_REQUESTS of its own.
  default-server maxconn ${INSTANCE_MAXCONN}
${queueRules}
${servers((name) => ` track app/${name}`)}

backend app_ungated
${servers((name) => ` track app/${name}`)}
`;
}

/** HAProxy: HAPROXY_PATH, else on PATH, else Debian's place (scripts/ensure-haproxy.mjs installs it there). */
export function haproxyBinary() {
  const candidates = [
    process.env.HAPROXY_PATH,
    ...(process.env.PATH ?? "").split(path.delimiter).map((dir) => path.join(dir, "haproxy")),
    "/usr/sbin/haproxy",
  ];
  const found = candidates.find((candidate) => candidate && existsSync(candidate));
  if (!found) throw new Error("HAProxy is missing: run `node scripts/ensure-haproxy.mjs`.");
  return found;
}

/** A line of the balancer's log (ACCESS_LOG_FORMAT). */
export interface BalancerLogLine {
  time: number;
  source: "haproxy";
  requestId: string;
  method: string;
  status: number;
  server: string;
  retries: string;
  termination: string;
  requestMs: number;
  queueMs: number;
  connectMs: number;
  responseMs: number;
  totalMs: number;
  bytes: number;
}

/**
 * HAProxy with that configuration on `port`, in front of the instances on `instances` (127.0.0.1); stopped with the
 * process that started it at the latest. Its log lines are kept.
 */
export function startBalancer({ port, instances }: { port: number; instances: number[] }) {
  const directory = mkdtempSync(path.join(os.tmpdir(), "yamm-haproxy-"));
  const configFile = path.join(directory, "haproxy.cfg");
  writeFileSync(configFile, haproxyConfig({ port, instances }));
  const haproxy = spawn(haproxyBinary(), ["-f", configFile, "-db"], { stdio: ["ignore", "pipe", "inherit"] });
  // Kept as written, parsed when asked: a benchmark's hundred thousand lines cost its load generator little.
  // Its other lines (an instance going down or up) are said on standard error too.
  const lines: string[] = [];
  const log: BalancerLogLine[] = [];
  readline.createInterface({ input: haproxy.stdout }).on("line", (line) => {
    if (line.startsWith("{")) lines.push(line);
  });
  const exited = new Promise<void>((resolve) => haproxy.once("exit", () => resolve()));
  const kill = () => haproxy.kill("SIGTERM");
  process.once("exit", kill);
  return {
    url: `http://127.0.0.1:${port}`,
    /** Its log so far, a line per request. */
    log() {
      for (const line of lines.slice(log.length)) log.push(JSON.parse(line));
      return log;
    },
    async stop() {
      process.off("exit", kill);
      if (haproxy.exitCode === null && haproxy.signalCode === null) kill();
      await exited;
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
