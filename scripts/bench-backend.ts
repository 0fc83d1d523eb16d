/**
 * Backend list budgets at scale (ARCHITECTURE.md, Budgets: "backend list
 * endpoints at 100k rows: any page ≤ 2× the first page; counts ≤ 10 ms").
 *
 *   npx tsx scripts/bench-backend.ts [--runs=30]
 *
 * Builds a database in a temporary folder (the personas, then the large seed
 * of `npm run seed -- --large`, plus 20,000 scheduled merges so that list and
 * its count are measured at scale too), serves the backend in-process on a free
 * port, and times real HTTP calls as owner@acme.test: the first, a middle and
 * the last page of each list (25 rows a page, asked as limit=26 like the app),
 * and the scheduled count. The pages of a list are warmed up, then timed
 * `runs` times round-robin; the table shows the median and p95 in
 * milliseconds, and the very first (cold) call of the first and last pages
 * (the last page's cold call finds every page anchor of its query, see
 * backend/src/store/list-pages.ts). Every SQL query the endpoints ran is
 * checked with EXPLAIN QUERY PLAN: it must read an index, never sort in a temp
 * B-tree or scan a whole table.
 *
 * Exits with 1 when a budget is exceeded (median of the first page > 100 ms;
 * median of any page > 2 × its first page's + 5 ms; median count > 10 ms) or a
 * plan is not index-only ordered.
 */
import fs from "node:fs/promises";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { serve } from "@hono/node-server";
import SQLite from "better-sqlite3";
import { CompiledQuery, Kysely, SqliteDialect } from "kysely";
import { createBackendApp } from "../backend/src/app";
import { createSession } from "../backend/src/auth/session-store";
import { DEFAULT_CONFIG } from "../backend/src/config";
import { migrateToLatest, withStatementCache } from "../backend/src/db/connection";
import type { Database } from "../backend/src/db/schema";
import { seedDatabase } from "../backend/src/db/seed";
import { LARGE_SEED, seedLargeData } from "../backend/src/db/seed/large";
import { PERSONAS, SPACES } from "../backend/src/db/seed/personas";

const RUNS = Number(process.argv.find((arg) => arg.startsWith("--runs="))?.split("=")[1] ?? 30);
const WARM_UP = 5;
const PAGE_SIZE = 25;
const FIRST_PAGE_BUDGET_MS = 100;
const PAGE_SLACK_MS = 5;
const COUNT_BUDGET_MS = 10;
const SCHEDULED_AT_SCALE = 20_000;

const workspaceId = SPACES.acmeMarketing.id;
const now = Date.now();
const twelveMonthsAgo = now - 365 * 86_400_000;

// ---- database: our own Kysely over the file, to see every SQL query the endpoints run
const directory = await fs.mkdtemp(path.join(os.tmpdir(), "yamm-bench-"));
const sqlite = new SQLite(path.join(directory, "backend.sqlite"));
sqlite.pragma("journal_mode = WAL");
sqlite.pragma("foreign_keys = ON");
sqlite.pragma("busy_timeout = 5000");
let capturing = false;
const captured: CompiledQuery[] = [];
const db = new Kysely<Database>({
  // As openDatabase does (backend/src/db/connection.ts), with a log of the queries on top.
  dialect: new SqliteDialect({ database: withStatementCache(sqlite) }),
  log(event) {
    if (capturing && event.level === "query" && /^\s*select/i.test(event.query.sql)) captured.push(event.query);
  },
});

const seedStarted = performance.now();
await migrateToLatest(db);
await seedDatabase(db, now);
await seedLargeData(db, now, { ...LARGE_SEED, scheduledCampaigns: SCHEDULED_AT_SCALE });
console.log(
  `Large database built in ${((performance.now() - seedStarted) / 1000).toFixed(1)} s ` +
    `(${LARGE_SEED.sentCampaigns} sent, ${LARGE_SEED.unsubscriptions} unsubscriptions, ${LARGE_SEED.bounces} bounces, ` +
    `${SCHEDULED_AT_SCALE} scheduled) in ${directory}`,
);

// ---- server and session
const app = createBackendApp({ db, config: DEFAULT_CONFIG });
const server = await new Promise<ReturnType<typeof serve>>((resolve) => {
  const started = serve({ fetch: app.fetch, port: 0, hostname: "127.0.0.1" }, () => resolve(started));
});
const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
const session = await createSession(
  db,
  { sub: "bench", email: PERSONAS.owner.email, name: PERSONAS.owner.name, picture: null },
  { ttlSeconds: 3600 },
);
const headers = {
  Authorization: `Bearer ${session.accessToken}`,
  "X-ID-Token": `Bearer ${session.backendIdToken}`,
};

async function call(pathAndQuery: string): Promise<number> {
  const started = performance.now();
  const response = await fetch(`${base}${pathAndQuery}`, { headers });
  const body = await response.json();
  const elapsed = performance.now() - started;
  if (!response.ok) throw new Error(`${pathAndQuery}: ${response.status} ${JSON.stringify(body)}`);
  return elapsed;
}

// ---- what is measured
interface ListCase {
  name: string;
  /** The list call for a page offset. */
  path(offset: number): string;
  /** How many rows the list has (the last page's offset follows). */
  total(): Promise<number>;
}

const query = (params: Record<string, string | number>) =>
  new URLSearchParams(Object.entries(params).map(([key, value]) => [key, String(value)])).toString();
const window = (offset: number) => ({ limit: PAGE_SIZE + 1, limitOffset: offset });
const range = `lastUpdateTimestamp.gte:${twelveMonthsAgo},lastUpdateTimestamp.lte:${now}`;
const SEARCH = "newsletter";

async function count(table: string, where: string, ...params: unknown[]): Promise<number> {
  const row = sqlite.prepare(`select count(*) as n from ${table} where ${where}`).get(...params) as { n: number };
  return row.n;
}
const ownSent = "user_id = ? and workspace_id = ? and last_update_timestamp between ? and ?";
const visible = "workspace_id = ? and scope_key in ('', ?)";

const LISTS: ListCase[] = [
  {
    name: "sent, by date (last 12 months)",
    path: (offset) =>
      `/api/v2/users/me/campaigns?${query({ filterBy: `workspaceId:${workspaceId},${range}`, sortBy: "lastUpdateTimestamp:desc", ...window(offset) })}`,
    total: () => count("sent_campaigns", ownSent, PERSONAS.owner.id, workspaceId, twelveMonthsAgo, now),
  },
  {
    name: "sent, by title (last 12 months)",
    path: (offset) =>
      `/api/v2/users/me/campaigns?${query({ filterBy: `workspaceId:${workspaceId},${range}`, sortBy: "mergeSourceSheetTitle:asc", ...window(offset) })}`,
    total: () => count("sent_campaigns", ownSent, PERSONAS.owner.id, workspaceId, twelveMonthsAgo, now),
  },
  {
    name: `sent, search "${SEARCH}", by date`,
    path: (offset) =>
      `/api/v2/users/me/campaigns?${query({ filterBy: `workspaceId:${workspaceId},${range},search:${SEARCH}`, sortBy: "lastUpdateTimestamp:desc", ...window(offset) })}`,
    total: () =>
      count(
        "sent_campaigns",
        `${ownSent} and (spreadsheet_name like ? or sheet_name like ?)`,
        PERSONAS.owner.id,
        workspaceId,
        twelveMonthsAgo,
        now,
        `%${SEARCH}%`,
        `%${SEARCH}%`,
      ),
  },
  {
    name: "scheduled, by creation date",
    path: (offset) =>
      `/api/v2/users/me/scheduled-campaigns?${query({ filterBy: `workspaceId:${workspaceId}`, sortBy: "createTimestamp:desc", ...window(offset) })}`,
    total: () => count("scheduled_campaigns", "user_id = ? and workspace_id = ?", PERSONAS.owner.id, workspaceId),
  },
  {
    name: "unsubscriptions, by e-mail",
    path: (offset) =>
      `/api/v2/users/me/workspaces/${workspaceId}/unsubscriptions?${query({ sortBy: "emailAddress:asc", ...window(offset) })}`,
    total: () => count("unsubscriptions", visible, workspaceId, PERSONAS.owner.id),
  },
  {
    name: "unsubscriptions, by date",
    path: (offset) =>
      `/api/v2/users/me/workspaces/${workspaceId}/unsubscriptions?${query({ sortBy: "createTimestamp:desc", ...window(offset) })}`,
    total: () => count("unsubscriptions", visible, workspaceId, PERSONAS.owner.id),
  },
  {
    name: "bounces, by e-mail",
    path: (offset) =>
      `/api/v2/users/me/workspaces/${workspaceId}/bounces?${query({ sortBy: "emailAddress:asc", ...window(offset) })}`,
    total: () => count("bounces", visible, workspaceId, PERSONAS.owner.id),
  },
];
const COUNT_PATH = `/api/v2/users/me/workspaces/${workspaceId}/campaigns/count?isScheduled=true`;

interface Timing {
  median: number;
  p95: number;
}

function summarise(times: number[]): Timing {
  const sorted = [...times].sort((a, b) => a - b);
  return { median: sorted[Math.floor(sorted.length / 2)], p95: sorted[Math.ceil(sorted.length * 0.95) - 1] };
}

/**
 * Times several calls round-robin (first, middle, last, first, …), so that a
 * burst of load on the machine weighs on each of them alike.
 */
async function measure(paths: string[]): Promise<Timing[]> {
  for (let run = 0; run < WARM_UP; run++) for (const path of paths) await call(path);
  const times = paths.map((): number[] => []);
  for (let run = 0; run < RUNS; run++) {
    for (const [index, path] of paths.entries()) times[index].push(await call(path));
  }
  return times.map(summarise);
}

// ---- plans: every select an endpoint runs reads an index in order
const planProblems: string[] = [];
const plans = new Map<string, string>();

async function checkPlans(name: string, pathAndQuery: string) {
  captured.length = 0;
  capturing = true;
  await call(pathAndQuery);
  capturing = false;
  for (const compiled of captured) {
    // Sessions, users and memberships are read by primary key; the lists are what this checks.
    if (!/"(sent_campaigns|scheduled_campaigns|unsubscriptions|bounces|campaign_counts)"/.test(compiled.sql)) continue;
    const { rows } = await db.executeQuery<{ detail: string }>(
      CompiledQuery.raw(`explain query plan ${compiled.sql}`, [...compiled.parameters]),
    );
    const plan = rows.map((row) => row.detail).join("; ");
    plans.set(`${name}: ${compiled.sql.replace(/\s+/g, " ").slice(0, 60)}…`, plan);
    if (/TEMP B-TREE/.test(plan)) planProblems.push(`${name}: sorts in a temp B-tree (${plan})`);
    if (/\bSCAN (sent_campaigns|scheduled_campaigns|unsubscriptions|bounces|c|s|r)\b(?! USING)/.test(plan)) {
      planProblems.push(`${name}: scans a table (${plan})`);
    }
  }
}

// ---- run
interface Row {
  list: string;
  page: string;
  offset: number;
  cold: number | null;
  median: number;
  p95: number;
  budget: number;
  ok: boolean;
}
const results: Row[] = [];
let failed = false;

for (const list of LISTS) {
  const total = await list.total();
  const lastOffset = Math.max(0, Math.floor((total - 1) / PAGE_SIZE) * PAGE_SIZE);
  const middleOffset = Math.floor(lastOffset / PAGE_SIZE / 2) * PAGE_SIZE;
  // Cold: the very first call of the first page, then of the last one (which finds every anchor of the query).
  const coldFirst = await call(list.path(0));
  const coldLast = await call(list.path(lastOffset));
  await checkPlans(`${list.name} (first page)`, list.path(0));
  await checkPlans(`${list.name} (last page)`, list.path(lastOffset));
  const [first, middle, last] = await measure([list.path(0), list.path(middleOffset), list.path(lastOffset)]);
  const firstOk = first.median <= FIRST_PAGE_BUDGET_MS;
  const pageBudget = 2 * first.median + PAGE_SLACK_MS;
  results.push(
    {
      list: `${list.name} [${total} rows]`,
      page: "first",
      offset: 0,
      cold: coldFirst,
      ...first,
      budget: FIRST_PAGE_BUDGET_MS,
      ok: firstOk,
    },
    {
      list: "",
      page: "middle",
      offset: middleOffset,
      cold: null,
      ...middle,
      budget: pageBudget,
      ok: middle.median <= pageBudget,
    },
    {
      list: "",
      page: "last",
      offset: lastOffset,
      cold: coldLast,
      ...last,
      budget: pageBudget,
      ok: last.median <= pageBudget,
    },
  );
}

await checkPlans("scheduled count", COUNT_PATH);
const coldCount = await call(COUNT_PATH);
const [countTiming] = await measure([COUNT_PATH]);
results.push({
  list: "scheduled count",
  page: "-",
  offset: 0,
  cold: coldCount,
  ...countTiming,
  budget: COUNT_BUDGET_MS,
  ok: countTiming.median <= COUNT_BUDGET_MS,
});
failed ||= results.some((row) => !row.ok);

const cell = (value: string, width: number) => value.padEnd(width);
const ms = (value: number | null) => (value === null ? "-" : value.toFixed(2)).padStart(8);
console.log(
  `\n${RUNS} timed runs per call, round-robin within a list, after ${WARM_UP} warm-up rounds; ` +
    "times in ms (HTTP round trip, JSON parsed); cold: the first call of that page\n",
);
console.log(
  `${cell("list", 52)}${cell("page", 8)}${"offset".padStart(8)}${"cold".padStart(9)}${"median".padStart(9)}${"p95".padStart(9)}${"budget".padStart(9)}  ok`,
);
for (const row of results) {
  console.log(
    `${cell(row.list, 52)}${cell(row.page, 8)}${String(row.offset).padStart(8)} ${ms(row.cold)} ${ms(row.median)} ${ms(row.p95)} ${ms(row.budget)}  ${row.ok ? "yes" : "NO"}`,
  );
}

console.log("\nQuery plans (EXPLAIN QUERY PLAN):");
for (const [name, plan] of plans) console.log(`  ${name}\n    ${plan}`);
if (planProblems.length > 0) {
  failed = true;
  console.log("\nPlan problems:");
  for (const problem of planProblems) console.log(`  ${problem}`);
}

await new Promise<void>((resolve) => {
  server.close(() => resolve());
  if ("closeAllConnections" in server) server.closeAllConnections();
});
await db.destroy();
await fs.rm(directory, { recursive: true, force: true });

console.log(failed ? "\nBudget exceeded." : "\nAll budgets met.");
process.exit(failed ? 1 : 0);
