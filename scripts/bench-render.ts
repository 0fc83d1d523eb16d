/**
 * Render benchmark (ARCHITECTURE.md, Budgets: "list page server render ≥ 0.5×
 * the requests/s of a bare Remix page that makes the same backend calls (a
 * stub answering the same bodies) and renders the same 25 rows, measured
 * alternately in the same run; p99 ≤ 2× (0.8× is the aim); CPU ms per
 * request stated beside it" and "list page HTML ≤ 60 KB uncompressed for 25
 * rows").
 *
 *   npx tsx scripts/bench-render.ts [--seconds=5] [--rounds=4]
 *
 * Starts the production stack and, beside it, an app server whose backend is
 * a stand-in (scripts/backend-replay.ts): it passes the calls of a few sent
 * lists of owner@acme.test on to the reference backend and records their
 * answers, traces which calls the page makes together (its rounds), then
 * answers from memory. The bare Remix page (scripts/bare-remix) is built and
 * served with the recorded calls: its `/same-work` makes them, round by round,
 * to the same stand-in, parses the answers and renders the 25 rows as a plain
 * table. So the app and its baseline do the same backend calls with the same
 * bodies, and the reference backend's CPU does not compete with either.
 *
 * Loads the sent list, its data request (the same loaders and calls, no render;
 * not budgeted, it shows the floor), the same-work page and the bare page (25
 * rows, no calls; the earlier baseline, for reference) in turn, `rounds` times
 * each for `seconds`, at 10 connections (autocannon). Prints requests/s,
 * latencies and CPU ms per request of each serving process (from
 * /proc/<pid>/stat before and after each run), the ratios to the same-work
 * page and the list's HTML size. Exits with 1 when a budget is exceeded.
 * Needs `npm run build` first.
 */
import { readFileSync } from "node:fs";
import autocannon from "autocannon";
import { roundsOf, startBackendReplay } from "./backend-replay";
import { backendUrlsAt, cookieAfterFirstVisit, percentile, startApp, startBarePage, startStack } from "./bench-stack";

const argument = (name: string) => process.argv.find((arg) => arg.startsWith(`--${name}=`))?.split("=")[1];
const SECONDS = Number(argument("seconds") ?? 5);
const ROUNDS = Number(argument("rounds") ?? 4);
const CONNECTIONS = 10;
const LIST_PATH = "/5100000000000001/acme-marketing/mail-merges/sent";
const RATE_BUDGET = 0.5;
const P99_BUDGET = 2;
const HTML_BUDGET_BYTES = 60 * 1024;
const ROWS = 25;
const CLOCK_TICK_MS = 10;

type Page = { name: string; url: string; headers: Record<string, string>; pid: number };

const stack = await startStack();
const replay = await startBackendReplay(`http://localhost:${stack.env.BACKEND_PORT}`);
const app = await startApp(stack.env, backendUrlsAt(replay.url));

let failed = false;
try {
  const list = { name: "sent list", url: `${app.url}${LIST_PATH}`, headers: { cookie: "" }, pid: app.pid };
  list.headers.cookie = await cookieAfterFirstVisit(list.url, await stack.signIn("owner@acme.test"));
  const fetchList = () => fetch(list.url, { headers: list.headers }).then((response) => response.text());
  // One at a time, so that the traced calls are one page's.
  for (let warmUp = 0; warmUp < 3; warmUp++) await fetchList();
  const calls = await replay.traceCalls(fetchList);
  const rounds = roundsOf(calls, (call) => call).map((round) => round.map((call) => call.url));
  replay.replay();
  const bare = await startBarePage({ BARE_BACKEND_URL: replay.url, BARE_BACKEND_CALLS: JSON.stringify(rounds) });
  try {
    const pages: Page[] = [
      list,
      // The same loaders and backend calls without React's render (Remix's data request): the floor under the page.
      { ...list, name: "sent list data only", url: `${list.url}.data` },
      { name: "bare page, same calls", url: `${bare.url}same-work`, headers: {}, pid: bare.pid },
      { name: "bare page, no calls", url: bare.url, headers: {}, pid: bare.pid },
    ];
    for (const page of pages) await load(page, 3);

    const runs = pages.map(() => ({ requests: 0, seconds: 0, latencies: [] as number[], errors: 0, cpuMs: 0 }));
    for (let round = 0; round < ROUNDS; round++) {
      for (const [index, page] of pages.entries()) {
        const cpuBefore = cpuMsOf(page.pid);
        const run = await load(page, SECONDS);
        runs[index]!.cpuMs += cpuMsOf(page.pid) - cpuBefore;
        runs[index]!.requests += run.requests;
        runs[index]!.seconds += SECONDS;
        runs[index]!.latencies.push(...run.latencies);
        runs[index]!.errors += run.errors;
      }
    }

    const html = await (await fetch(list.url, { headers: list.headers })).text();
    // The table's rows, after the month chart's (a table too).
    const rows = html.slice(html.indexOf('id="sent-heading"')).match(/<th scope="row"/g)?.length ?? 0;
    const htmlBytes = Buffer.byteLength(html);
    const bodies = calls.map((call) => replay.answerTo(call.url)?.body.length ?? 0);

    console.log(`\nServer render, ${CONNECTIONS} connections, ${ROUNDS} alternating rounds of ${SECONDS} s`);
    console.log(
      `Backend calls (stand-in, recorded answers): ${calls.length} in ${rounds.length} rounds ` +
        `(${rounds.map((round) => round.length).join(" + ")}), ${bodies.join(" + ")} bytes\n`,
    );
    console.log("page | req/s | p50 ms | p99 ms | CPU ms per request | errors or non-200");
    console.log("--- | --- | --- | --- | --- | ---");
    const [page, dataOnly, sameWork, noCalls] = runs.map((run, index) => {
      const summary = {
        rate: run.requests / run.seconds,
        p50: percentile(run.latencies, 50),
        p99: percentile(run.latencies, 99),
        cpu: run.cpuMs / Math.max(1, run.requests),
      };
      const cells = [summary.rate.toFixed(0), summary.p50, summary.p99, summary.cpu.toFixed(2), run.errors];
      console.log([pages[index]!.name, ...cells].join(" | "));
      return summary;
    });
    const rateRatio = page!.rate / sameWork!.rate;
    const p99Ratio = page!.p99 / sameWork!.p99;
    console.log(`\nreq/s: ${rateRatio.toFixed(2)}× the same-calls page (budget ≥ ${RATE_BUDGET}×)`);
    console.log(`p99: ${p99Ratio.toFixed(1)}× the same-calls page (budget ≤ ${P99_BUDGET}×, aim 0.8×)`);
    console.log(`data only, no render: ${(dataOnly!.rate / sameWork!.rate).toFixed(2)}× the same-calls page's req/s`);
    console.log(`against the bare page without calls: ${(page!.rate / noCalls!.rate).toFixed(2)}× its req/s`);
    console.log(
      `sent list HTML: ${(htmlBytes / 1024).toFixed(1)} KB for ${rows} rows (budget ≤ ${HTML_BUDGET_BYTES / 1024} KB for ${ROWS})`,
    );
    if (replay.passedOn() > 0) console.log(`calls passed on to the backend while measuring: ${replay.passedOn()}`);
    failed =
      rateRatio < RATE_BUDGET ||
      p99Ratio > P99_BUDGET ||
      htmlBytes > HTML_BUDGET_BYTES ||
      rows !== ROWS ||
      runs.some((run) => run.errors > 0);
  } finally {
    bare.stop();
  }
} finally {
  app.stop();
  await stack.stop();
  await replay.stop();
}
if (failed) {
  console.error("\nRender budget exceeded (ARCHITECTURE.md, Budgets).");
  process.exitCode = 1;
}

/** The CPU time a process has used so far, user and system (fields 14 and 15 of /proc/<pid>/stat), in ms. */
function cpuMsOf(pid: number) {
  const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
  return (Number(fields[11]) + Number(fields[12])) * CLOCK_TICK_MS;
}

/** One autocannon run: the requests answered 200 and the latency of each, in ms. */
function load(page: Page, seconds: number) {
  return new Promise<{ requests: number; latencies: number[]; errors: number }>((resolve, reject) => {
    const latencies: number[] = [];
    let errors = 0;
    const options = { url: page.url, headers: page.headers, connections: CONNECTIONS, duration: seconds };
    const instance = autocannon(options, (error, result) => {
      if (error) reject(error);
      else resolve({ requests: latencies.length, latencies, errors: errors + result.errors + result.timeouts });
    });
    instance.on("response", (_client, statusCode, _bytes, responseTime) => {
      if (statusCode === 200) latencies.push(responseTime);
      else errors++;
    });
  });
}
