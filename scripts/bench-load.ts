/**
 * Overload benchmark (ARCHITECTURE.md, Budgets: "at 200 connections: pages
 * served per second ≥ 50% of those at 10 connections (same run); no request
 * waits past 10 s, connect included; refusals ≤ 100 ms p99; zero connection
 * errors").
 *
 *   npx tsx scripts/bench-load.ts [--seconds=15] [--connections=10,200] [--ungated]
 *
 * Starts the production stack (`npm start`: the app on scripts/serve.mjs,
 * reference backend, local Google and Stripe) on free ports with a fresh
 * database, HAProxy in front of that app (scripts/balancer.ts, the README's
 * configuration), and beside it remix-serve serving the same build against
 * the same backend, signs owner@acme.test in, and loads the sent list: with 1
 * connection (the normal latency), then for each number of connections the
 * app, the same app behind HAProxy and remix-serve one after the other (each
 * client sends its next request as soon as the last one is answered, so a
 * refused client comes straight back), then each under arrivals at four
 * times the app's pace at the fewest connections, which do not wait for answers. Every run opens its own connections within
 * the time counted. For each it prints the answers per second, the goodput
 * (2xx per second), the latency of served pages (p50, p99), the longest wait
 * of any request (connect included), the refusals (503) and their p99, and
 * the requests that failed to connect or were reset, or took past 10 s.
 * `--ungated` opens the app's admission gate wide. The machine's load average
 * is printed before and after: figures of a busy machine are not comparable.
 *
 * Exits with 1 when a budget of the app (direct) is exceeded. Needs `npm run build` first.
 */
import { spawn } from "node:child_process";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { monitorEventLoopDelay } from "node:perf_hooks";
import { startBalancer } from "./balancer";
import { freePorts, percentile, root, startStack, stopGroup, waitFor } from "./bench-stack";
import { resolveEnv } from "./services.mjs";

const argument = (name: string) => process.argv.find((arg) => arg.startsWith(`--${name}=`))?.split("=")[1];
const SECONDS = Number(argument("seconds") ?? 15);
const CONNECTIONS = (argument("connections") ?? "10,200").split(",").map(Number);
const UNGATED = process.argv.includes("--ungated");
const WAIT_BUDGET_MS = 10_000;
const TIMED_OUT = "no answer within 10 s";
const REFUSAL_P99_BUDGET_MS = 100;
/** At the most connections, the pages served per second, against those at the fewest. */
const GOODPUT_RATIO_BUDGET = 0.5;
const LIST_PATH = "/5100000000000001/acme-marketing/mail-merges/sent";
const MAX_IN_FLIGHT = 1_000;

const stack = await startStack(UNGATED ? { MAX_CONCURRENT_REQUESTS: "1000", MAX_QUEUED_REQUESTS: "0" } : {});
const remixServe = await startRemixServe(stack.env);
const [balancerPort] = await freePorts(1);
const balancer = startBalancer({ port: balancerPort!, instances: [Number(new URL(stack.url).port)] });
await waitFor(`${balancer.url}/login`);
const servers = [
  { name: UNGATED ? "app, gate open" : "app", url: stack.url },
  { name: "app behind HAProxy", url: balancer.url },
  { name: "remix-serve", url: remixServe.url },
];

type Run = ReturnType<typeof summarise>;

let failed = false;
try {
  const cookie = await stack.signIn("owner@acme.test");
  // Warm up each: compile paths, fill caches.
  for (const { url } of servers) await closedLoop({ url, connections: Math.min(...CONNECTIONS), seconds: 3, cookie });

  console.log(`\nSent list (${LIST_PATH}), ${SECONDS} s per run, admission gate ${UNGATED ? "opened wide" : "on"}`);
  console.log(`${loadAverage()} at the start\n`);
  console.log(
    "load | server | answers/s | goodput (2xx/s) | 2xx p50 ms | 2xx p99 ms | max wait ms | refused (503) | refusal p99 ms | connection errors | > 10 s | bench's own delay p99 ms",
  );
  console.log("--- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | ---");
  const [app, balanced] = servers;
  // The normal latency, and what the balancer's hop adds to it.
  for (const { name, url } of [app!, balanced!])
    report("1 connection", name, await closedLoop({ url, connections: 1, seconds: SECONDS, cookie }));
  const goodput = new Map<string, Map<number, Run>>(servers.map(({ name }) => [name, new Map()]));
  for (const connections of CONNECTIONS) {
    for (const { name, url } of servers) {
      const run = await closedLoop({ url, connections, seconds: SECONDS, cookie });
      report(`${connections} connections`, name, run);
      goodput.get(name)!.set(connections, run);
    }
  }
  // Arrivals that do not wait for answers, at four times what the app served at the fewest connections.
  const rate = Math.round(
    4 *
      goodput
        .get(app!.name)!
        .get(Math.min(...CONNECTIONS))!
        .goodput(),
  );
  const arrivals = new Map<string, Run>();
  for (const { name, url } of servers) {
    const run = await openLoop({ url, rate, seconds: SECONDS, cookie });
    report(`${rate} arrivals/s (4×)`, name, run);
    arrivals.set(name, run);
  }
  console.log(`\n${loadAverage()} at the end`);
  console.log("\nBudgets (ARCHITECTURE.md), at the most connections against the fewest, same run:");
  for (const { name } of servers) {
    const runs = goodput.get(name)!;
    const verdicts = budgetVerdicts(runs.get(Math.max(...CONNECTIONS))!, runs.get(Math.min(...CONNECTIONS))!);
    console.log(`  ${name}: ${verdicts.map(({ text }) => text).join("; ")}`);
    if (name === app!.name && !UNGATED && verdicts.some(({ met }) => !met)) failed = true;
  }
  console.log("The same lines under 4× arrivals (outside the budget), against the fewest connections:");
  for (const { name } of servers) {
    const verdicts = budgetVerdicts(arrivals.get(name)!, goodput.get(name)!.get(Math.min(...CONNECTIONS))!);
    console.log(`  ${name}: ${verdicts.map(({ text }) => text).join("; ")}`);
  }
} finally {
  await balancer.stop();
  remixServe.stop();
  await stack.stop();
}
if (failed) {
  console.error("\nOverload budget exceeded (ARCHITECTURE.md, Budgets).");
  process.exitCode = 1;
}

/** The overload budget's lines for a run under load, against the run at the fewest connections. */
function budgetVerdicts(loaded: Run, fewest: Run) {
  const ratio = loaded.goodput() / fewest.goodput();
  const refusalP99 = percentile(loaded.latencies(503), 99);
  return [
    check(
      `goodput ${loaded.goodput().toFixed(1)}/s vs ${fewest.goodput().toFixed(1)}/s = ${ratio.toFixed(2)}× (≥ ${GOODPUT_RATIO_BUDGET})`,
      ratio >= GOODPUT_RATIO_BUDGET,
    ),
    check(
      `max wait ${Math.round(loaded.maxWait())} ms (≤ ${WAIT_BUDGET_MS})`,
      loaded.maxWait() <= WAIT_BUDGET_MS && loaded.timeouts === 0,
    ),
    check(`refusal p99 ${refusalP99} ms (≤ ${REFUSAL_P99_BUDGET_MS})`, refusalP99 <= REFUSAL_P99_BUDGET_MS),
    check(`connection errors ${loaded.connectionErrors} (0)`, loaded.connectionErrors === 0),
  ];
}

/** The machine's load average: a busy machine's figures are not comparable with a quiet one's. */
function loadAverage() {
  return `load average ${os
    .loadavg()
    .map((value) => value.toFixed(2))
    .join(", ")} (1, 5, 15 min)`;
}

function check(text: string, met: boolean) {
  return { text: `${text} ${met ? "met" : "MISSED"}`, met };
}

/** remix-serve (the server the app was first served with) on the same build, backend and secret, on a free port. */
async function startRemixServe(env: NodeJS.ProcessEnv) {
  const [port] = await freePorts(1);
  const server = spawn(
    process.execPath,
    [path.join(root, "node_modules", "@remix-run", "serve", "dist", "cli.js"), "build/index.js"],
    {
      cwd: root,
      // As `npm start` gives it to the app: the local services' URLs made from their ports.
      env: { ...resolveEnv(env).env, PORT: String(port), NODE_ENV: "production" },
      stdio: "ignore",
      detached: true,
    },
  );
  const stop = () => stopGroup(server.pid);
  process.on("exit", stop);
  const url = `http://localhost:${port}`;
  await waitFor(`${url}/login`);
  return { url, stop };
}

function report(label: string, server: string, run: Run) {
  const served = run.latencies(200);
  const refused = run.latencies(503);
  console.log(
    [
      label,
      server,
      (run.count() / SECONDS).toFixed(0),
      run.goodput().toFixed(1),
      percentile(served, 50),
      percentile(served, 99),
      Math.round(run.maxWait()),
      refused.length,
      percentile(refused, 99),
      run.connectionErrors,
      run.timeouts,
      run.clientDelayP99,
    ].join(" | "),
  );
  const others = run.count() - served.length - refused.length;
  if (others > 0) console.log(`  ${others} answers other than 200 or 503: ${run.otherStatuses()}`);
  if (run.notSent > 0) console.log(`  ${run.notSent} arrivals not sent: ${MAX_IN_FLIGHT} requests were open already`);
}

/** `connections` clients on connections of their own, each sending its next request as soon as the last is answered. */
async function closedLoop({
  url,
  connections,
  seconds,
  cookie,
}: {
  url: string;
  connections: number;
  seconds: number;
  cookie: string;
}) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  const outcomes = newOutcomes();
  const end = Date.now() + seconds * 1000;
  const client = async () => {
    while (Date.now() < end) await outcomes.time(() => get(`${url}${LIST_PATH}`, cookie, agent));
  };
  await Promise.all(Array.from({ length: connections }, client));
  agent.destroy();
  await pause();
  return summarise(outcomes);
}

/** `rate` requests a second, each sent on time whatever the others' fate (at most MAX_IN_FLIGHT open). */
async function openLoop({
  url,
  rate,
  seconds,
  cookie,
}: {
  url: string;
  rate: number;
  seconds: number;
  cookie: string;
}) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: MAX_IN_FLIGHT });
  const outcomes = newOutcomes();
  const requests: Promise<void>[] = [];
  const started = performance.now();
  for (let sent = 0; sent < rate * seconds; sent++) {
    const due = started + (sent * 1000) / rate;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    if (outcomes.inFlight < MAX_IN_FLIGHT) requests.push(outcomes.time(() => get(`${url}${LIST_PATH}`, cookie, agent)));
    else outcomes.notSent++;
  }
  await Promise.all(requests);
  agent.destroy();
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
    connectionErrors: 0,
    timeouts: 0,
    /** Arrivals the bench did not send: MAX_IN_FLIGHT requests were open already. */
    notSent: 0,
    maxWait: 0,
    inFlight: 0,
    async time(request: () => Promise<number>) {
      const started = performance.now();
      outcomes.inFlight++;
      try {
        const status = await request();
        const latencies = outcomes.byStatus.get(status) ?? [];
        latencies.push(performance.now() - started);
        outcomes.byStatus.set(status, latencies);
      } catch (error) {
        if (error instanceof Error && error.message === TIMED_OUT) outcomes.timeouts++;
        else outcomes.connectionErrors++;
      } finally {
        outcomes.inFlight--;
        outcomes.maxWait = Math.max(outcomes.maxWait, performance.now() - started);
      }
    },
  };
  return outcomes;
}

function summarise({
  byStatus,
  connectionErrors,
  timeouts,
  notSent,
  maxWait,
  clientDelay,
}: ReturnType<typeof newOutcomes>) {
  clientDelay.disable();
  const latencies = (status: number) => byStatus.get(status) ?? [];
  return {
    connectionErrors,
    timeouts,
    notSent,
    maxWait: () => maxWait,
    clientDelayP99: `${Math.round(clientDelay.percentile(99) / 1e6)} (max ${Math.round(clientDelay.max / 1e6)})`,
    latencies,
    goodput: () =>
      [...byStatus.entries()]
        .filter(([status]) => status >= 200 && status < 300)
        .reduce((sum, [, each]) => sum + each.length, 0) / SECONDS,
    count: () => [...byStatus.values()].reduce((sum, each) => sum + each.length, 0),
    otherStatuses: () =>
      [...byStatus.entries()]
        .filter(([status]) => status !== 200 && status !== 503)
        .map(([status, each]) => `${status}×${each.length}`)
        .join(", "),
  };
}

/** Lets the server drain between runs, so one run's backlog does not count in the next. */
function pause() {
  return new Promise((resolve) => setTimeout(resolve, 2_000));
}

/** One GET, connect included, body read to the end (the time a person waits for the whole page); gives up past 10 s. */
function get(url: string, cookie: string, agent: http.Agent): Promise<number> {
  return new Promise((resolve, reject) => {
    const request = http.get(url, { agent, headers: { Cookie: cookie } }, (response) => {
      response.on("data", () => {});
      response.on("end", () => resolve(response.statusCode ?? 0));
      response.on("error", reject);
    });
    // The whole wait, not the socket's idle time (http's own `timeout`): a queued request's socket is idle.
    const deadline = setTimeout(() => request.destroy(new Error(TIMED_OUT)), WAIT_BUDGET_MS);
    request.on("close", () => clearTimeout(deadline));
    request.on("error", reject);
  });
}
