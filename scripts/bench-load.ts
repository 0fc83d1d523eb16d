/**
 * Overload benchmark (ARCHITECTURE.md, Budgets: "at 200 connections: no
 * request waits past 10 s; accepted ones p99 ≤ 3 s; refusals are immediate
 * 503s").
 *
 *   npx tsx scripts/bench-load.ts [--seconds=15] [--connections=50,200] [--ungated]
 *
 * Starts the production stack (`npm start`: app, reference backend, local
 * Google and Stripe) on free ports with a fresh database, signs owner@acme.test in, and
 * loads the sent list for the given time: with 1 connection (the normal
 * latency), with 8 (the app's capacity), with N connections (each sends its
 * next request as soon as the last one is answered, so a refused client comes
 * straight back), and with arrivals at four times the capacity that do not
 * wait for answers. For each it prints requests/s, the latency of accepted
 * requests (p50, p99, max), the refusals (503) and their latency, and any
 * request that failed or took past 10 s. `--ungated` runs the same with the
 * admission gate opened wide, to compare.
 *
 * Exits with 1 when a budget is exceeded. Needs `npm run build` first.
 */
import http from "node:http";
import { monitorEventLoopDelay } from "node:perf_hooks";
import { percentile, startStack } from "./bench-stack";

const argument = (name: string) => process.argv.find((arg) => arg.startsWith(`--${name}=`))?.split("=")[1];
const SECONDS = Number(argument("seconds") ?? 15);
const CONNECTIONS = (argument("connections") ?? "50,200").split(",").map(Number);
const UNGATED = process.argv.includes("--ungated");
const WAIT_BUDGET_MS = 10_000;
const ACCEPTED_P99_BUDGET_MS = 3_000;
/** "Immediate": a refusal waits its turn on the busy event loop (one pass over the other connections), never for a place. */
const REFUSAL_P99_BUDGET_MS = 500;
const LIST_PATH = "/5100000000000001/acme-marketing/mail-merges/sent";
/** Enough to fill the app's places (MAX_CONCURRENT_REQUESTS) without queueing: its capacity. */
const CAPACITY_CONNECTIONS = 8;
const MAX_IN_FLIGHT = 1_000;

const stack = await startStack(UNGATED ? { MAX_CONCURRENT_REQUESTS: "1000", MAX_QUEUED_REQUESTS: "0" } : {});
const appUrl = stack.url;

type Run = ReturnType<typeof summarise>;

let failed = false;
try {
  const cookie = await stack.signIn("owner@acme.test");
  // As many sockets as the most connections of a run: a client sending its next request a tick before its last
  // socket is free waits that tick instead of opening one more connection (and paying its accept under load).
  const agent = new http.Agent({ keepAlive: true, maxSockets: Math.max(...CONNECTIONS) });
  // Warm up: compile paths, fill caches.
  await closedLoop({ connections: CAPACITY_CONNECTIONS, seconds: 3, cookie, agent });

  console.log(`\nSent list (${LIST_PATH}), ${SECONDS} s per run, admission gate ${UNGATED ? "opened wide" : "on"}\n`);
  console.log(
    "load | req/s | accepted | p50 ms | p99 ms | max ms | refused (503) | refusal p50 ms | refusal p99 ms | failed or > 10 s | bench's own delay p99 ms",
  );
  console.log("--- | --- | --- | --- | --- | --- | --- | --- | --- | --- | ---");
  const single = await closedLoop({ connections: 1, seconds: SECONDS, cookie, agent });
  report("1 connection", single);
  const full = await closedLoop({ connections: CAPACITY_CONNECTIONS, seconds: SECONDS, cookie, agent });
  report(`${CAPACITY_CONNECTIONS} connections (capacity)`, full);
  for (const connections of CONNECTIONS) {
    const run = await closedLoop({ connections, seconds: SECONDS, cookie, agent });
    report(`${connections} connections`, run, { budgets: true });
  }
  // Arrivals that do not wait for answers, at four times what the app served at capacity.
  const rate = Math.round((4 * full.latencies(200).length) / SECONDS);
  const open = await openLoop({ rate, seconds: SECONDS, cookie, agent });
  report(`${rate} arrivals/s (4× capacity)`, open, { budgets: true });
  agent.destroy();
} finally {
  await stack.stop();
}
if (failed) {
  console.error("\nOverload budget exceeded (ARCHITECTURE.md, Budgets).");
  process.exitCode = 1;
}

function report(label: string, run: Run, { budgets = false } = {}) {
  const accepted = run.latencies(200);
  const refused = run.latencies(503);
  const slow = run.all().filter((ms) => ms > WAIT_BUDGET_MS).length + run.failures;
  console.log(
    [
      label,
      (run.count() / SECONDS).toFixed(0),
      accepted.length,
      percentile(accepted, 50),
      percentile(accepted, 99),
      percentile(accepted, 100),
      refused.length,
      percentile(refused, 50),
      percentile(refused, 99),
      slow,
      run.clientDelayP99,
    ].join(" | "),
  );
  const others = run.count() - accepted.length - refused.length;
  if (others > 0) console.log(`  ${others} answers other than 200 or 503: ${run.otherStatuses()}`);
  const overBudget =
    slow > 0 || percentile(accepted, 99) > ACCEPTED_P99_BUDGET_MS || percentile(refused, 99) > REFUSAL_P99_BUDGET_MS;
  if (budgets && !UNGATED && overBudget) failed = true;
}

/** `connections` clients, each sending its next request as soon as the last is answered. */
async function closedLoop({
  connections,
  seconds,
  cookie,
  agent,
}: {
  connections: number;
  seconds: number;
  cookie: string;
  agent: http.Agent;
}) {
  // The first second is not counted: it opens the connections (the server closes idle ones after 5 s), since a
  // connection opened under full load waits for its accept behind the work of all the others.
  const warmUp = newOutcomes();
  const outcomes = newOutcomes();
  const counting = Date.now() + 1000;
  const end = counting + seconds * 1000;
  const client = async () => {
    while (Date.now() < end)
      await (Date.now() < counting ? warmUp : outcomes).time(() => get(`${appUrl}${LIST_PATH}`, cookie, agent));
  };
  await Promise.all(Array.from({ length: connections }, client));
  summarise(warmUp);
  await pause();
  return summarise(outcomes);
}

/** `rate` requests a second, each sent on time whatever the others' fate (at most MAX_IN_FLIGHT open). */
async function openLoop({
  rate,
  seconds,
  cookie,
  agent,
}: {
  rate: number;
  seconds: number;
  cookie: string;
  agent: http.Agent;
}) {
  const outcomes = newOutcomes();
  const requests: Promise<void>[] = [];
  const started = performance.now();
  for (let sent = 0; sent < rate * seconds; sent++) {
    const due = started + (sent * 1000) / rate;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    if (outcomes.inFlight < MAX_IN_FLIGHT)
      requests.push(outcomes.time(() => get(`${appUrl}${LIST_PATH}`, cookie, agent)));
    else outcomes.failures++;
  }
  await Promise.all(requests);
  await pause();
  return summarise(outcomes);
}

/** Statuses and latencies of a run's requests (a function, not a class: declarations hoist above the top-level awaits). */
function newOutcomes() {
  // The load comes from this process, on the same machine: a busy client would count its own lag as the app's.
  const clientDelay = monitorEventLoopDelay({ resolution: 10 });
  clientDelay.enable();
  const outcomes = {
    clientDelay,
    byStatus: new Map<number, number[]>(),
    failures: 0,
    inFlight: 0,
    async time(request: () => Promise<number>) {
      const started = performance.now();
      outcomes.inFlight++;
      try {
        const status = await request();
        const latencies = outcomes.byStatus.get(status) ?? [];
        latencies.push(performance.now() - started);
        outcomes.byStatus.set(status, latencies);
      } catch {
        outcomes.failures++;
      } finally {
        outcomes.inFlight--;
      }
    },
  };
  return outcomes;
}

function summarise({ byStatus, failures, clientDelay }: ReturnType<typeof newOutcomes>) {
  clientDelay.disable();
  return {
    failures,
    clientDelayP99: `${Math.round(clientDelay.percentile(99) / 1e6)} (max ${Math.round(clientDelay.max / 1e6)})`,
    latencies: (status: number) => byStatus.get(status) ?? [],
    all: () => [...byStatus.values()].flat(),
    count: () => [...byStatus.values()].reduce((sum, latencies) => sum + latencies.length, 0),
    otherStatuses: () =>
      [...byStatus.entries()]
        .filter(([status]) => status !== 200 && status !== 503)
        .map(([status, latencies]) => `${status}×${latencies.length}`)
        .join(", "),
  };
}

/** Lets the app drain between runs, so one run's backlog does not count in the next. */
function pause() {
  return new Promise((resolve) => setTimeout(resolve, 2_000));
}

/** One GET, body read to the end (the time a person waits for the whole page); rejects past 10 s. */
function get(url: string, cookie: string, agent: http.Agent): Promise<number> {
  return new Promise((resolve, reject) => {
    const request = http.get(url, { agent, headers: { Cookie: cookie }, timeout: WAIT_BUDGET_MS }, (response) => {
      response.on("data", () => {});
      response.on("end", () => resolve(response.statusCode ?? 0));
      response.on("error", reject);
    });
    request.on("timeout", () => request.destroy(new Error("timed out")));
    request.on("error", reject);
  });
}
