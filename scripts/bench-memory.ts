/**
 * Memory benchmark (issue 33, item 6): an app server as `npm start` runs it, with its heap limit, beside the same
 * server without it, each loaded with the same PAGES pages (five space pages in turn, 10 connections) against the
 * stack's backend, one after the other in the same run. Samples each server's resident memory (VmRSS of
 * /proc/<pid>/status) as it works and prints its start, its peak in each half and its end.
 *
 *   npx tsx scripts/bench-memory.ts [--pages=20000]
 *
 * Exits with 1 when the limited server's peak passes RSS_BUDGET_MB, or its second half's peak passes its first
 * half's by more than GROWTH_TOLERANCE (it would still be growing). Needs `npm run build` first.
 */
import { readFileSync } from "node:fs";
import autocannon from "autocannon";
import { backendUrlsAt, cookieAfterFirstVisit, startApp, startStack } from "./bench-stack";
import { HEAP_LIMIT_FLAG, RSS_BUDGET_MB } from "./services.mjs";

const argument = (name: string) => process.argv.find((arg) => arg.startsWith(`--${name}=`))?.split("=")[1];
const PAGES = Number(argument("pages") ?? 20_000);
const CONNECTIONS = 10;
const SAMPLE_EVERY_MS = 250;
/** How much more the second half's peak may be than the first's: V8's heap settles in steps, not a line. */
const GROWTH_TOLERANCE = 0.05;
const SPACE = "/5100000000000001/acme-marketing";
const PATHS = ["/mail-merges/sent", "/mail-merges/scheduled", "/unsubscriptions", "/space/users", "/space/billing"];

const residentMb = (pid: number) =>
  Number(/^VmRSS:\s+(\d+) kB$/m.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1] ?? 0) / 1024;

interface Run {
  name: string;
  startMb: number;
  firstHalfPeakMb: number;
  secondHalfPeakMb: number;
  endMb: number;
  pagesPerSecond: number;
  /** Answers other than 200, by status: under a starved CPU the gate's 503s say the machine, not the memory. */
  errors: Map<number, number>;
}

const stack = await startStack();
let failed = false;
try {
  const signedIn = await stack.signIn("owner@acme.test");
  const runs: Run[] = [];
  for (const [name, withoutNodeFlags] of [
    ["without a heap limit", [HEAP_LIMIT_FLAG]],
    [`npm start's (${HEAP_LIMIT_FLAG})`, []],
  ] as const) {
    const app = await startApp(stack.env, backendUrlsAt(`http://localhost:${stack.env.BACKEND_PORT}`), {
      withoutNodeFlags: [...withoutNodeFlags],
    });
    try {
      runs.push(
        await measure(name, app.url, app.pid, await cookieAfterFirstVisit(`${app.url}${SPACE}${PATHS[0]}`, signedIn)),
      );
    } finally {
      app.stop();
    }
  }
  console.log(`\n${PAGES} pages each, ${CONNECTIONS} connections; resident memory in MB (budget ${RSS_BUDGET_MB}):`);
  console.table(
    runs.map((run) => ({
      server: run.name,
      start: run.startMb.toFixed(0),
      "peak, first half": run.firstHalfPeakMb.toFixed(0),
      "peak, second half": run.secondHalfPeakMb.toFixed(0),
      end: run.endMb.toFixed(0),
      "pages/s": run.pagesPerSecond.toFixed(1),
      errors: [...run.errors].map(([status, count]) => `${count}× ${status}`).join(", ") || "none",
    })),
  );
  const limited = runs[1]!;
  if (Math.max(limited.firstHalfPeakMb, limited.secondHalfPeakMb) > RSS_BUDGET_MB) {
    console.error(`The app's resident memory passed its budget of ${RSS_BUDGET_MB} MB.`);
    failed = true;
  }
  if (limited.secondHalfPeakMb > limited.firstHalfPeakMb * (1 + GROWTH_TOLERANCE)) {
    console.error("The app's resident memory still grew in the second half.");
    failed = true;
  }
} finally {
  await stack.stop();
}
process.exit(failed ? 1 : 0);

/** Loads the server with PAGES pages, sampling its resident memory, each half's peak apart. */
function measure(name: string, url: string, pid: number, cookie: string): Promise<Run> {
  const startMb = residentMb(pid);
  const peaks = [startMb, 0];
  let answered = 0;
  const errors = new Map<number, number>();
  const sampler = setInterval(() => {
    const half = answered < PAGES / 2 ? 0 : 1;
    peaks[half] = Math.max(peaks[half]!, residentMb(pid));
  }, SAMPLE_EVERY_MS);
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const instance = autocannon(
      {
        url,
        connections: CONNECTIONS,
        amount: PAGES,
        requests: PATHS.map((path) => ({ method: "GET", path: `${SPACE}${path}`, headers: { cookie } })),
      },
      (error) => {
        clearInterval(sampler);
        if (error) return reject(error);
        resolve({
          name,
          startMb,
          firstHalfPeakMb: peaks[0]!,
          secondHalfPeakMb: peaks[1]!,
          endMb: residentMb(pid),
          pagesPerSecond: answered / ((performance.now() - started) / 1000),
          errors,
        });
      },
    );
    instance.on("response", (_client, statusCode) => {
      answered++;
      if (statusCode !== 200) errors.set(statusCode, (errors.get(statusCode) ?? 0) + 1);
    });
  });
}
