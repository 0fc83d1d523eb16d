/**
 * Render benchmark (ARCHITECTURE.md, Budgets: "list page server render ≥ 0.5×
 * the requests/s of a bare Remix page rendering a 25-row table, measured
 * alternately in the same run; p99 ≤ 3×" and "list page HTML ≤ 60 KB
 * uncompressed for 25 rows").
 *
 *   npx tsx scripts/bench-render.ts [--seconds=5] [--rounds=4]
 *
 * Builds the bare Remix page (scripts/bare-remix: the app's Remix, a 25-row
 * table), starts it beside the production stack, signs owner@acme.test in,
 * and loads the sent list, its data request (the same loaders and backend
 * calls, no render; not budgeted, it shows the floor) and the bare page in
 * turn, `rounds` times each for `seconds`, at 10 connections (autocannon), so
 * all see the same machine. Prints requests/s and latencies of each, the
 * ratios to the bare page and the list's HTML size. Exits with 1 when a
 * budget is exceeded. Needs `npm run build` first.
 */
import autocannon from "autocannon";
import { percentile, startBarePage, startStack } from "./bench-stack";

const argument = (name: string) => process.argv.find((arg) => arg.startsWith(`--${name}=`))?.split("=")[1];
const SECONDS = Number(argument("seconds") ?? 5);
const ROUNDS = Number(argument("rounds") ?? 4);
const CONNECTIONS = 10;
const LIST_PATH = "/5100000000000001/acme-marketing/mail-merges/sent";
const RATE_BUDGET = 0.5;
const P99_BUDGET = 3;
const HTML_BUDGET_BYTES = 60 * 1024;
const ROWS = 25;

type Page = { name: string; url: string; headers: Record<string, string> };

const bare = await startBarePage();
const stack = await startStack();

let failed = false;
try {
  const cookie = await stack.signIn("owner@acme.test");
  const pages: Page[] = [
    { name: "sent list", url: `${stack.url}${LIST_PATH}`, headers: { cookie } },
    // The same loaders and backend calls without React's render (Remix's data request): the floor under the page.
    { name: "sent list data only", url: `${stack.url}${LIST_PATH}.data`, headers: { cookie } },
    { name: "bare Remix page", url: bare.url, headers: {} },
  ];
  for (const page of pages) await load(page, 3);

  const runs = pages.map(() => ({ requests: 0, seconds: 0, latencies: [] as number[], errors: 0 }));
  for (let round = 0; round < ROUNDS; round++) {
    for (const [index, page] of pages.entries()) {
      const run = await load(page, SECONDS);
      runs[index]!.requests += run.requests;
      runs[index]!.seconds += SECONDS;
      runs[index]!.latencies.push(...run.latencies);
      runs[index]!.errors += run.errors;
    }
  }

  const html = await (await fetch(pages[0]!.url, { headers: { cookie } })).text();
  // The table's rows, after the month chart's (a table too).
  const rows = html.slice(html.indexOf('id="sent-heading"')).match(/<th scope="row"/g)?.length ?? 0;
  const htmlBytes = Buffer.byteLength(html);

  console.log(`\nServer render, ${CONNECTIONS} connections, ${ROUNDS} alternating rounds of ${SECONDS} s\n`);
  console.log("page | req/s | p50 ms | p99 ms | errors or non-200");
  console.log("--- | --- | --- | --- | ---");
  const [list, dataOnly, baseline] = runs.map((run, index) => {
    const summary = {
      rate: run.requests / run.seconds,
      p50: percentile(run.latencies, 50),
      p99: percentile(run.latencies, 99),
    };
    console.log([pages[index]!.name, summary.rate.toFixed(0), summary.p50, summary.p99, run.errors].join(" | "));
    return summary;
  });
  const rateRatio = list!.rate / baseline!.rate;
  const p99Ratio = list!.p99 / baseline!.p99;
  console.log(`\nreq/s: ${rateRatio.toFixed(2)}× the bare page (budget ≥ ${RATE_BUDGET}×)`);
  console.log(`p99: ${p99Ratio.toFixed(1)}× the bare page (budget ≤ ${P99_BUDGET}×)`);
  console.log(`data only, no render: ${(dataOnly!.rate / baseline!.rate).toFixed(2)}× the bare page's req/s`);
  console.log(
    `sent list HTML: ${(htmlBytes / 1024).toFixed(1)} KB for ${rows} rows (budget ≤ ${HTML_BUDGET_BYTES / 1024} KB for ${ROWS})`,
  );
  failed =
    rateRatio < RATE_BUDGET ||
    p99Ratio > P99_BUDGET ||
    htmlBytes > HTML_BUDGET_BYTES ||
    rows !== ROWS ||
    runs.some((run) => run.errors > 0);
} finally {
  await stack.stop();
  bare.stop();
}
if (failed) {
  console.error("\nRender budget exceeded (ARCHITECTURE.md, Budgets).");
  process.exitCode = 1;
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
