import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PERSONAS, SPACES } from "../../../backend/src/db/seed/personas";
import { insertScheduledCampaigns } from "../../../backend/src/store/scheduled-campaigns";
import { IDEMPOTENCY_FIELD } from "~/domain/idempotency";
import { formatDateTime } from "~/domain/zoned-format";
import { OUT_OF_QUOTA_MESSAGE, type ScheduledDetail, type ScheduledRow } from "~/domain/scheduled-merges";
import {
  action as detailAction,
  loader as detailLoader,
} from "~/routes/$workspaceId.$workspaceSlug+/mail-merges+/scheduled.$campaignId";
import { loader as listLoader } from "~/routes/$workspaceId.$workspaceSlug+/mail-merges+/scheduled";
import { loader as csvLoader } from "~/routes/$workspaceId.$workspaceSlug+/mail-merges+/scheduled[.csv]";
import type { RunningBackend } from "../support/backend";
import { appRequest, loaderData, redirectTarget, signedFor, signedTarget, run, signIn, startAppBackend } from "../support/app";

const ACME = { workspaceId: SPACES.acmeMarketing.id, workspaceSlug: SPACES.acmeMarketing.slug };
const LIST = `/${ACME.workspaceId}/${ACME.workspaceSlug}/mail-merges/scheduled`;
const OWNER = PERSONAS.owner;
const PARIS = "Europe/Paris";
const PAGING_PREFIX = "Zz paging check";

interface ListData {
  query: { q: string; sort: string; dir: string; page: number };
  rows: ScheduledRow[];
  hasNextPage: boolean;
  cancel: "success" | "error" | null;
  listPath: string;
}
interface DetailData {
  detail: ScheduledDetail;
  listPath: string;
}

let backend: RunningBackend;
let cookie: string;

/** The owner's scheduled merges in Acme Marketing, as stored. */
function stored() {
  return backend.db
    .selectFrom("scheduled_campaigns")
    .selectAll()
    .where("user_id", "=", OWNER.id)
    .where("workspace_id", "=", ACME.workspaceId)
    .execute();
}

beforeAll(async () => {
  backend = await startAppBackend();
  cookie = `${(await signIn(backend, OWNER.email)).cookie}; tz=${encodeURIComponent(PARIS)}`;
  // 30 more merges, so that a search has two pages (25 + 5).
  const base = Date.UTC(2025, 0, 1);
  await insertScheduledCampaigns(
    backend.db,
    Array.from({ length: 30 }, (_, index) => ({
      id: `9900000000000${String(index).padStart(3, "0")}`,
      user_id: OWNER.id,
      workspace_id: ACME.workspaceId,
      spreadsheet_id: `paging-sheet-${index}`,
      sheet_id: String(index),
      spreadsheet_name: `${PAGING_PREFIX} ${String(index).padStart(2, "0")}`,
      sheet_name: "Sheet1",
      create_timestamp: base + index * 60_000,
      next_scheduled_run_timestamp: base + 86_400_000 + (30 - index) * 60_000,
      status: "IN PROGRESS" as const,
      to_send_count: 1000 + index,
      sent_count: 0,
      error: null,
      error_details: null,
      recoverable_error_retries: 0,
      recoverable_error_last_retry_timestamp: null,
    })),
  );
});
afterAll(() => backend?.close());

const get = (path: string) => appRequest(path, { cookie });
const list = async (search = "") => loaderData<ListData>(await run(listLoader, get(`${LIST}${search}`), ACME));

describe("the Scheduled tab", () => {
  it("lists the caller's merges of the space, newest first, 25 a page", async () => {
    const all = await stored();
    const page = await list();
    const newestFirst = [...all].sort((a, b) => b.create_timestamp - a.create_timestamp || b.id.localeCompare(a.id));
    expect(page.query).toEqual({ q: "", sort: "date", dir: "desc", page: 1 });
    expect(page.rows).toHaveLength(25);
    expect(page.hasNextPage).toBe(all.length > 25);
    expect(page.rows.map((row) => row.campaignId)).toEqual(newestFirst.slice(0, 25).map((row) => row.id));
    // Dates are in the user's time zone (the tz cookie), counts in German style.
    const first = newestFirst[0]!;
    expect(page.rows[0]!.createdAt).toBe(formatDateTime(first.create_timestamp, PARIS));
    expect(page.rows[0]!.emails).toBe(new Intl.NumberFormat("de-DE").format(first.to_send_count));
  });

  it("searches by sheet title and pages through the results, keeping the search", async () => {
    const first = await list(`?${new URLSearchParams({ q: PAGING_PREFIX.toUpperCase() })}`);
    expect(first.rows).toHaveLength(25);
    expect(first.hasNextPage).toBe(true);
    expect(first.rows.every((row) => row.spreadsheetName.startsWith(PAGING_PREFIX))).toBe(true);
    const second = await list(`?${new URLSearchParams({ q: PAGING_PREFIX })}&page=2`);
    expect(second.query.page).toBe(2);
    expect(second.rows).toHaveLength(5);
    expect(second.hasNextPage).toBe(false);
    const seen = new Set([...first.rows, ...second.rows].map((row) => row.campaignId));
    expect(seen.size).toBe(30);
  });

  it("sorts by name, by next run (soonest first by default) and by creation date", async () => {
    const byName = await list(`?${new URLSearchParams({ q: PAGING_PREFIX })}&sort=name&dir=desc`);
    expect(byName.rows[0]!.spreadsheetName).toBe(`${PAGING_PREFIX} 29`);
    expect(byName.rows[24]!.spreadsheetName).toBe(`${PAGING_PREFIX} 05`);

    // Next runs run the other way round from creation: the last created runs first.
    const byTime = await list(`?${new URLSearchParams({ q: PAGING_PREFIX })}&sort=time`);
    expect(byTime.query).toMatchObject({ sort: "time", dir: "asc" });
    expect(byTime.rows[0]!.spreadsheetName).toBe(`${PAGING_PREFIX} 29`);

    const oldestFirst = await list(`?${new URLSearchParams({ q: PAGING_PREFIX })}&dir=asc`);
    expect(oldestFirst.rows[0]!.spreadsheetName).toBe(`${PAGING_PREFIX} 00`);
  });

  it("says nothing matches a search with no result", async () => {
    const none = await list("?q=no-such-sheet-anywhere");
    expect(none.rows).toEqual([]);
    expect(none.hasNextPage).toBe(false);
  });

  it("marks error rows and out-of-quota rows", async () => {
    const all = await stored();
    const rows = [...(await list()).rows, ...(await list("?page=2")).rows];
    const failed = all.find((row) => row.status !== "IN PROGRESS");
    const outOfQuota = all.find((row) => row.status === "IN PROGRESS" && row.next_scheduled_run_timestamp === null);
    expect(failed && outOfQuota).toBeTruthy();
    expect(rows.find((row) => row.campaignId === failed!.id)?.indicator?.kind).toBe("error");
    expect(rows.find((row) => row.campaignId === outOfQuota!.id)).toMatchObject({
      nextRun: "Upon quota reset",
      indicator: { kind: "warning", label: `Warning: ${OUT_OF_QUOTA_MESSAGE}` },
    });
  });

  it("reads the cancel result from a query our redirect signed for the signed-in person", async () => {
    expect((await list(signedFor(OWNER.email, "?cancel=success"))).cancel).toBe("success");
    expect((await list(signedFor(OWNER.email, "?cancel=error"))).cancel).toBe("error");
    expect((await list(signedFor(OWNER.email, "?cancel=maybe"))).cancel).toBeNull();
  });

  it("shows no cancel result from a typed link, or one made for someone else (issue 34)", async () => {
    const typed = await list("?cancel=success");
    expect(typed.cancel).toBeNull();
    expect(typed.rows.length).toBeGreaterThan(0);
    expect((await list(signedFor("someone-else@acme.test", "?cancel=success"))).cancel).toBeNull();
  });
});

describe("the scheduled detail dialog", () => {
  it("shows a merge in error with its catalogue message", async () => {
    const failed = (await stored()).find((row) => row.status === "DRAFT NOT FOUND")!;
    const outcome = await run(detailLoader, get(`${LIST}/${failed.id}`), { ...ACME, campaignId: failed.id });
    const { detail } = loaderData<DetailData>(outcome);
    expect(detail).toMatchObject({
      campaignId: failed.id,
      title: failed.spreadsheet_name,
      message: {
        kind: "error",
        text: "The draft used by your mail merge was deleted. If you still want to send it, create a new draft, then schedule a new mail merge.",
      },
      sheetUrl: `https://docs.google.com/spreadsheets/d/${failed.spreadsheet_id}/edit#gid=${failed.sheet_id}`,
    });
  });

  it("gives the next run in the user's time zone", async () => {
    const planned = (await stored()).find(
      (row) => row.status === "IN PROGRESS" && row.next_scheduled_run_timestamp !== null,
    )!;
    const { detail } = loaderData<DetailData>(
      await run(detailLoader, get(`${LIST}/${planned.id}`), { ...ACME, campaignId: planned.id }),
    );
    expect(detail.deliveryDate).toBe(formatDateTime(planned.next_scheduled_run_timestamp!, PARIS));
    expect(detail.message).toBeNull();
  });

  it("answers 404 for an unknown merge or another user's", async () => {
    const unknown = await run(detailLoader, get(`${LIST}/1234567890`), { ...ACME, campaignId: "1234567890" });
    expect(unknown.response?.status).toBe(404);
    const others = await backend.db
      .selectFrom("scheduled_campaigns")
      .select("id")
      .where("user_id", "!=", OWNER.id)
      .executeTakeFirst();
    if (others) {
      const foreign = await run(detailLoader, get(`${LIST}/${others.id}`), { ...ACME, campaignId: others.id });
      expect(foreign.response?.status).toBe(404);
    }
  });
});

describe("cancelling a scheduled merge", () => {
  const post = (id: string, form: Record<string, string>, search = "", headers?: Record<string, string>) =>
    run(detailAction, appRequest(`${LIST}/${id}${search}`, { cookie, method: "POST", form, headers }), {
      ...ACME,
      campaignId: id,
    });

  it("deletes it, logs the event once however often the form is sent, and goes back to the list with its query and the success alert", async () => {
    const target = (await stored()).find((row) => row.spreadsheet_name === `${PAGING_PREFIX} 07`)!;
    const form = { intent: "cancel", [IDEMPOTENCY_FIELD]: randomUUID() };
    const outcome = await post(target.id, form, `?q=zz&sort=time&dir=asc&page=1&confirm=cancel`);
    expect(signedTarget(outcome)).toBe(`${LIST}?q=zz&sort=time&dir=asc&page=1&cancel=success`);
    // A reload of the POST: the backend replays its first answer, and the event is not logged again.
    const repeat = await post(target.id, form, `?q=zz&sort=time&dir=asc&page=1&confirm=cancel`);
    expect(redirectTarget(repeat)).toBe(redirectTarget(outcome));

    expect((await stored()).some((row) => row.id === target.id)).toBe(false);
    const again = await run(detailLoader, get(`${LIST}/${target.id}`), { ...ACME, campaignId: target.id });
    expect(again.response?.status).toBe(404);

    const events = await backend.db
      .selectFrom("events")
      .selectAll()
      .where("user_email", "=", OWNER.email)
      .where("type", "=", "scheduled_merge_canceled_by_user")
      .execute();
    expect(events).toHaveLength(1);
    expect(JSON.parse(events[0]!.params ?? "{}")).toMatchObject({
      campaign_id: target.id,
      workspace_id: ACME.workspaceId,
    });
  });

  it("goes back with the error alert when the merge cannot be cancelled", async () => {
    const outcome = await post("1234567890", { intent: "cancel" }, "?q=abc");
    expect(signedTarget(outcome)).toBe(`${LIST}?q=abc&cancel=error`);
  });

  it("refuses a cross-site POST", async () => {
    const target = (await stored()).find((row) => row.spreadsheet_name === `${PAGING_PREFIX} 08`)!;
    const outcome = await post(target.id, { intent: "cancel" }, "", { Origin: "https://evil.example" });
    expect(outcome.response?.status).toBe(403);
    const fetchSite = await post(target.id, { intent: "cancel" }, "", { "Sec-Fetch-Site": "cross-site" });
    expect(fetchSite.response?.status).toBe(403);
    expect((await stored()).some((row) => row.id === target.id)).toBe(true);
  });

  it("answers 400 to an unknown intent and keeps the merge", async () => {
    const target = (await stored()).find((row) => row.spreadsheet_name === `${PAGING_PREFIX} 09`)!;
    const outcome = await post(target.id, { intent: "delete-everything" });
    expect((outcome.result as { init?: { status?: number } }).init?.status).toBe(400);
    // conform's lastResult: the form shows the generic error.
    expect((outcome.result as { data?: { error?: Record<string, string[]> } }).data?.error?.[""]).toEqual([
      "Something went wrong.",
    ]);
    const missing = await post(target.id, {});
    expect((missing.result as { init?: { status?: number } }).init?.status).toBe(400);
    expect((await stored()).some((row) => row.id === target.id)).toBe(true);
  });
});

describe("the CSV export", () => {
  it("downloads the list with its search and sort, and logs the export", async () => {
    const outcome = await run(
      csvLoader,
      get(`${LIST}.csv?${new URLSearchParams({ q: PAGING_PREFIX })}&sort=name&dir=asc&page=2`),
      ACME,
    );
    const response = outcome.result as Response;
    expect(response.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("Content-Disposition")).toMatch(
      /^attachment; filename="Exported_scheduled_\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const lines = (await response.text())
      .replace(/^\uFEFF/, "")
      .trim()
      .split(/\r?\n/);
    expect(lines[0]).toBe("Sheet name,Date,Time,Emails,Status");
    // The page is ignored: every match is exported (one of the 30 was cancelled above).
    expect(lines).toHaveLength(1 + 29);
    expect(lines[1]).toBe(`${PAGING_PREFIX} 00 - Sheet1,2025-01-01 01:00,2025-01-02 01:30,1000,IN PROGRESS`);

    const events = await backend.db.selectFrom("events").selectAll().where("type", "=", "csv_export").execute();
    expect(events.map((event) => JSON.parse(event.params ?? "{}"))).toContainEqual({
      export_type: "scheduled",
      workspace_plan: "PRO",
      user_plan: "PRO",
    });
  });

  it("needs a session", async () => {
    const outcome = await run(csvLoader, appRequest(`${LIST}.csv`), ACME);
    expect(redirectTarget(outcome)).toMatch(/^\/login\?/);
  });
});
