import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { HOSTILE_MARKER, firstOwnCampaign, markRecipient } from "../support/hostile-markers";
import { loader as bouncesLoader } from "~/routes/$workspaceId.$workspaceSlug+/bounces";
import { loader as bouncesCsvLoader } from "~/routes/$workspaceId.$workspaceSlug+/bounces[.csv]";
import { loader as scheduledLoader } from "~/routes/$workspaceId.$workspaceSlug+/mail-merges+/scheduled";
import { loader as scheduledCsvLoader } from "~/routes/$workspaceId.$workspaceSlug+/mail-merges+/scheduled[.csv]";
import { loader as sentLoader } from "~/routes/$workspaceId.$workspaceSlug+/mail-merges+/sent";
import { loader as sentCsvLoader } from "~/routes/$workspaceId.$workspaceSlug+/mail-merges+/sent[.csv]";
import { loader as teamReportLoader } from "~/routes/$workspaceId.$workspaceSlug+/team-report";
import { loader as teamReportCsvLoader } from "~/routes/$workspaceId.$workspaceSlug+/team-report[.csv]";
import { loader as unsubscriptionsLoader } from "~/routes/$workspaceId.$workspaceSlug+/unsubscriptions";
import { loader as unsubscriptionsCsvLoader } from "~/routes/$workspaceId.$workspaceSlug+/unsubscriptions[.csv]";
import { loader as membersLoader } from "~/routes/$workspaceId.$workspaceSlug+/space+/users";
import { MAX_SEARCH_LENGTH } from "~/domain/list-query";
import { listTexts } from "~/domain/list-texts";
import { PERSONAS, SPACES } from "../../../backend/src/db/seed/personas";
import type { RunningBackend } from "../support/backend";
import { appRequest, loaderData, redirectTarget, run, signIn, startAppBackend } from "../support/app";
import { parseCsv } from "../../support/csv";

/**
 * Hostile search texts in every list and every CSV export (issue 6, safe list
 * filters): the page answers 200 (or, for an export the backend refuses, a
 * plain 400), never 500; the search box keeps the text; every row shown
 * belongs to the space; and a query the backend refuses reads as no match.
 */

const ACME = { workspaceId: SPACES.acmeMarketing.id, workspaceSlug: SPACES.acmeMarketing.slug };
const PREFIX = `/${ACME.workspaceId}/${ACME.workspaceSlug}`;
/** The bounces page is not Acme Marketing's owner's (000 §6); Sam's is his. */
const SAMS = { workspaceId: SPACES.samsSpace.id, workspaceSlug: SPACES.samsSpace.slug };
const SAMS_PREFIX = `/${SAMS.workspaceId}/${SAMS.workspaceSlug}`;
/** One row of each list holds this text, so each hostile search has a row to find. */
const MARKER = HOSTILE_MARKER;

/** [label, search]: the labels keep the test names short. */
const HOSTILE: [string, string][] = [
  ...[",", ":", "%", "\\", '"', "'", "|", "news,search:zzz", "100%", "%ZZ", "%2C"].map((q): [string, string] => [q, q]),
  ["an added space filter", `x,workspaceId:${SPACES.acmeSales.id}`],
  ["an added status filter", ",memberStatus:LEGACY"],
  ["padded", "  news,search:zzz  "],
  // Cut at 200 UTF-16 units, through an emoji.
  ["emoji cut in half", `a${"🎉".repeat(150)}`],
  ["10 KB", `${MARKER} `.repeat(230).slice(0, 10_240)],
];

let backend: RunningBackend;
const cookies: Record<string, string> = {};
beforeAll(async () => {
  backend = await startAppBackend({ faultInjection: true });
  for (const person of [PERSONAS.owner, PERSONAS.solo])
    cookies[person.id] = (await signIn(backend, person.email)).cookie;
  const owner = PERSONAS.owner.id;
  const firstOwn = (table: "sent_campaigns" | "scheduled_campaigns") =>
    firstOwnCampaign(backend, table, ACME.workspaceId, owner);
  const sent = await firstOwn("sent_campaigns");
  // Updated now, so the Sent tab's default range (and its first page) shows it.
  await backend.db
    .updateTable("sent_campaigns")
    .set({ spreadsheet_name: `Sent ${MARKER}`, last_update_timestamp: Date.now() })
    .where("id", "=", sent.id)
    .execute();
  const scheduled = await firstOwn("scheduled_campaigns");
  await backend.db
    .updateTable("scheduled_campaigns")
    .set({ sheet_name: `Scheduled ${MARKER}` })
    .where("id", "=", scheduled.id)
    .execute();
  for (const [table, space, user] of [
    ["unsubscriptions", ACME, owner],
    ["bounces", SAMS, PERSONAS.solo.id],
  ] as const) {
    await markRecipient(backend, table, space.workspaceId, user);
  }
  await backend.db
    .updateTable("users")
    .set({ name: `Ben ${MARKER}` })
    .where("id", "=", PERSONAS.benBaker.id)
    .execute();
});
afterAll(() => backend?.close());

/** What the app keeps of a search: trimmed, at most MAX_SEARCH_LENGTH UTF-16 units. */
/** The search as the list keeps it: trimmed and cut. */
const kept = (q: string) => q.trim().slice(0, MAX_SEARCH_LENGTH).trim();
/** The same, carried by the canonical URL a list redirects to (half an emoji becomes U+FFFD). */
const keptInUrl = (q: string) => new URLSearchParams(new URLSearchParams({ q: kept(q) }).toString()).get("q")!;

/** The space's own texts of each list, as the person may see them, straight from the database. */
async function spaceTexts(workspaceId: string, owner: string) {
  const campaigns = async (table: "sent_campaigns" | "scheduled_campaigns") =>
    backend.db
      .selectFrom(table)
      .select(["id", "spreadsheet_name", "sheet_name"])
      .where("user_id", "=", owner)
      .where("workspace_id", "=", workspaceId)
      .execute();
  const emails = async (table: "unsubscriptions" | "bounces") =>
    new Set(
      (await backend.db.selectFrom(table).select("email").where("workspace_id", "=", workspaceId).execute()).map(
        (row) => row.email,
      ),
    );
  const members = await backend.db
    .selectFrom("workspace_members as m")
    .innerJoin("users as u", "u.id", "m.user_id")
    .select(["u.id", "u.email"])
    .where("m.workspace_id", "=", workspaceId)
    .execute();
  const sent = await campaigns("sent_campaigns");
  const scheduled = await campaigns("scheduled_campaigns");
  const sheetTitle = (row: { spreadsheet_name: string; sheet_name: string }) =>
    [row.spreadsheet_name, row.sheet_name].filter(Boolean).join(" - ");
  return {
    sentIds: new Set(sent.map((row) => row.id)),
    sentTitles: new Set(sent.map(sheetTitle)),
    scheduledIds: new Set(scheduled.map((row) => row.id)),
    scheduledTitles: new Set(scheduled.map(sheetTitle)),
    unsubscriptions: await emails("unsubscriptions"),
    bounces: await emails("bounces"),
    memberIds: new Set(members.map((row) => row.id)),
    memberEmails: new Set(members.map((row) => row.email)),
  };
}
type SpaceTexts = Awaited<ReturnType<typeof spaceTexts>>;

type Loader = Parameters<typeof run>[0];

interface ListCase {
  name: string;
  /** Who looks at the list, in which space. */
  userId: string;
  space: { workspaceId: string; workspaceSlug: string };
  path: string;
  loader: Loader;
  csvLoader: Loader;
  /** Where the fault injection matches the list call. */
  backendPath: string;
  /** The row's key, and whether that key is one of the space's. */
  rowKey(row: Record<string, unknown>): string;
  inSpace(texts: SpaceTexts, key: string): boolean;
  /** The text a search looks in, for the marker row. */
  rowText(row: Record<string, unknown>): string;
  csvInSpace(texts: SpaceTexts, record: string[]): boolean;
}

const LISTS: ListCase[] = [
  {
    name: "sent",
    userId: PERSONAS.owner.id,
    space: ACME,
    path: `${PREFIX}/mail-merges/sent`,
    loader: sentLoader,
    csvLoader: sentCsvLoader,
    backendPath: "/users/me/campaigns",
    rowKey: (row) => String(row.campaignId),
    inSpace: (texts, key) => texts.sentIds.has(key),
    rowText: (row) => `${String(row.spreadsheetName)}\n${String(row.sheetName)}`,
    csvInSpace: (texts, record) => texts.sentTitles.has(record[0]!),
  },
  {
    name: "scheduled",
    userId: PERSONAS.owner.id,
    space: ACME,
    path: `${PREFIX}/mail-merges/scheduled`,
    loader: scheduledLoader,
    csvLoader: scheduledCsvLoader,
    backendPath: "/users/me/scheduled-campaigns",
    rowKey: (row) => String(row.campaignId),
    inSpace: (texts, key) => texts.scheduledIds.has(key),
    rowText: (row) => `${String(row.spreadsheetName)}\n${String(row.sheetName)}`,
    csvInSpace: (texts, record) => texts.scheduledTitles.has(record[0]!),
  },
  {
    name: "unsubscriptions",
    userId: PERSONAS.owner.id,
    space: ACME,
    path: `${PREFIX}/unsubscriptions`,
    loader: unsubscriptionsLoader,
    csvLoader: unsubscriptionsCsvLoader,
    backendPath: "/unsubscriptions",
    rowKey: (row) => String(row.email),
    inSpace: (texts, key) => texts.unsubscriptions.has(key),
    rowText: (row) => String(row.email),
    csvInSpace: (texts, record) => texts.unsubscriptions.has(record[0]!),
  },
  {
    name: "bounces",
    userId: PERSONAS.solo.id,
    space: SAMS,
    path: `${SAMS_PREFIX}/bounces`,
    loader: bouncesLoader,
    csvLoader: bouncesCsvLoader,
    backendPath: "/bounces",
    rowKey: (row) => String(row.email),
    inSpace: (texts, key) => texts.bounces.has(key),
    rowText: (row) => String(row.email),
    csvInSpace: (texts, record) => texts.bounces.has(record[0]!),
  },
  {
    name: "team report",
    userId: PERSONAS.owner.id,
    space: ACME,
    path: `${PREFIX}/team-report`,
    loader: teamReportLoader,
    csvLoader: teamReportCsvLoader,
    backendPath: "/team-report/members",
    rowKey: (row) => String(row.userId),
    inSpace: (texts, key) => texts.memberIds.has(key),
    rowText: (row) => `${String(row.name)}\n${String(row.email)}`,
    csvInSpace: (texts, record) => texts.memberEmails.has(record[1]!),
  },
];

interface ListData {
  query: { q: string; page: number };
  rows: Record<string, unknown>[];
}

/** Runs a loader; a thrown error (a 500 in production) fails the test with it. */
const get = (list: ListCase, path: string) => appRequest(path, { cookie: cookies[list.userId] });
const textsOf = (list: ListCase) => spaceTexts(list.space.workspaceId, list.userId);

async function loadList(list: ListCase, query: string) {
  let outcome = await run(list.loader, get(list, `${list.path}?${query}`), list.space);
  // A search written otherwise than canonically (padded, too long) is redirected once to its canonical URL.
  const canonical = redirectTarget(outcome);
  if (canonical !== null) {
    expect(canonical.startsWith(`${list.path}?`) || canonical === list.path).toBe(true);
    outcome = await run(list.loader, get(list, canonical), list.space);
    expect(redirectTarget(outcome)).toBeNull();
  }
  expect(outcome.response?.status ?? 200).toBe(200);
  const result = outcome.result as { init?: { status?: number } | null } | null;
  expect(result?.init?.status ?? 200).toBe(200);
  return loaderData<ListData>(outcome);
}

async function injectRefusal(backendPath: string, marker: string, times = 1) {
  const response = await fetch(`${backend.url}/__faults`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ method: "GET", pathIncludes: backendPath, queryIncludes: marker, status: 400, times }),
  });
  expect(response.status).toBe(204);
}

async function csvExportCount() {
  return (await backend.db.selectFrom("events").select("id").where("type", "=", "csv_export").execute()).length;
}

describe.each(LISTS)("the $name list", (list) => {
  it.each(HOSTILE)("takes the search %s: 200, the search kept, only the space's rows", async (_label, q) => {
    const texts = await textsOf(list);
    const data = await loadList(list, new URLSearchParams({ q }).toString());
    expect([kept(q), keptInUrl(q)]).toContain(data.query.q);
    for (const row of data.rows) expect(list.inSpace(texts, list.rowKey(row)), list.rowKey(row)).toBe(true);
    const search = data.query.q.toLowerCase();
    for (const row of data.rows) expect(list.rowText(row).toLowerCase()).toContain(search);
    // Each of these is part of the marker row's text: the search found it, literally.
    if (MARKER.toLowerCase().includes(search)) {
      expect(data.rows.some((row) => list.rowText(row).toLowerCase().includes(MARKER.toLowerCase()))).toBe(true);
    }
  });

  it("shows a query the backend refuses as no match, with the search kept", async () => {
    const marker = `refused-${list.name.replace(" ", "-")}-query`;
    await injectRefusal(list.backendPath, marker);
    const data = await loadList(list, new URLSearchParams({ q: `${marker} news,search:zzz` }).toString());
    expect(data.rows).toEqual([]);
    expect(data.query.q).toBe(`${marker} news,search:zzz`);
  });

  it.each(HOSTILE)("exports the search %s as a CSV of the space's rows only", async (_label, q) => {
    const texts = await textsOf(list);
    const outcome = await run(list.csvLoader, get(list, `${list.path}.csv?${new URLSearchParams({ q })}`), list.space);
    const response = outcome.result as Response;
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    const [, ...records] = parseCsv((await response.text()).replace(/^\uFEFF/, ""));
    for (const record of records) expect(list.csvInSpace(texts, record), record.join(",")).toBe(true);
  });

  it("refuses to export a query the backend refuses: a plain 400 before any of the file", async () => {
    const marker = `refused-${list.name.replace(" ", "-")}-export`;
    await injectRefusal(list.backendPath, marker);
    const before = await csvExportCount();
    const outcome = await run(
      list.csvLoader,
      get(list, `${list.path}.csv?${new URLSearchParams({ q: marker })}`),
      list.space,
    );
    const response = (outcome.result ?? outcome.response) as Response;
    expect(response.status).toBe(400);
    expect(response.headers.get("Content-Type")).toBe("text/plain; charset=utf-8");
    expect(response.headers.get("Content-Disposition")).toBeNull();
    expect(await response.text()).toBe(listTexts.exportRefused);
    expect(await csvExportCount()).toBe(before);
  });
});

/**
 * The members list (issue 26): every search the box allows reaches the
 * backend, which takes it, and a refused query still shows the no-match
 * state, with the space's seat and member counts.
 */
describe("the members list", () => {
  const path = `${PREFIX}/space/users`;
  const members = (query: string) =>
    run(membersLoader, appRequest(`${path}?${query}`, { cookie: cookies[PERSONAS.owner.id] }), ACME);

  it.each([101, 150, MAX_SEARCH_LENGTH])("shows no match for a search of %i characters, never an error", async (length) => {
    const q = `${MARKER} `.repeat(10).slice(0, length - 1) + "z";
    const data = loaderData<ListData>(await members(new URLSearchParams({ q }).toString()));
    expect(data.query.q).toBe(q);
    expect(data.rows).toEqual([]);
  });

  it("finds a member by a search of the longest length allowed", async () => {
    const q = `Ben ${MARKER}`.padEnd(MAX_SEARCH_LENGTH, "x").slice(0, MAX_SEARCH_LENGTH);
    await backend.db.updateTable("users").set({ name: q }).where("id", "=", PERSONAS.benBaker.id).execute();
    try {
      const data = loaderData<ListData>(await members(new URLSearchParams({ q }).toString()));
      expect(data.rows.map((row) => row.id)).toEqual([PERSONAS.benBaker.id]);
    } finally {
      await backend.db.updateTable("users").set({ name: `Ben ${MARKER}` }).where("id", "=", PERSONAS.benBaker.id).execute();
    }
  });

  it("shows a query the backend refuses as no match, with the search kept", async () => {
    const marker = "refused-members-query";
    await injectRefusal("/members", marker);
    const outcome = await members(new URLSearchParams({ q: marker }).toString());
    const data = loaderData<ListData & { seats: { totalSeats: number } | null }>(outcome);
    expect(data.rows).toEqual([]);
    expect(data.query.q).toBe(marker);
    expect(data.seats?.totalSeats).toBeGreaterThan(0);
  });
});
