import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loader as frameLoader } from "~/routes/$workspaceId.$workspaceSlug+/mail-merges+/_layout";
import { loader as sentLoader } from "~/routes/$workspaceId.$workspaceSlug+/mail-merges+/sent";
import { loader as detailLoader } from "~/routes/$workspaceId.$workspaceSlug+/mail-merges+/sent.$campaignId";
import { loader as pollLoader } from "~/routes/$workspaceId.$workspaceSlug+/mail-merges+/sent.$campaignId.poll";
import { loader as csvLoader } from "~/routes/$workspaceId.$workspaceSlug+/mail-merges+/sent[.csv]";
import { findUserByEmail } from "../../../backend/src/store/users";
import type { RunningBackend } from "../support/backend";
import { appRequest, loaderData, redirectTarget, run, signIn, startAppBackend } from "../support/app";
import { parseCsv } from "../../support/csv";

const ACME = { workspaceId: "5100000000000001", workspaceSlug: "acme-marketing" };
const PREFIX = "/5100000000000001/acme-marketing";
const SENT = `${PREFIX}/mail-merges/sent`;
const DAY = 86_400_000;

type Loader = (args: never) => unknown;
type DataOf<L extends Loader> = Exclude<Awaited<ReturnType<L>>, Response>;
type SentData = DataOf<typeof sentLoader>;
type DetailData = DataOf<typeof detailLoader>;
type PollData = DataOf<typeof pollLoader>;
type FrameData = DataOf<typeof frameLoader>;

let backend: RunningBackend;
let ownerCookie: string;
let ownerId: string;
const now = Date.now();

/** Campaigns of the owner in Acme Marketing, named so no seeded campaign matches their searches. */
async function insertCampaign(
  id: string,
  fields: Partial<{
    spreadsheet_name: string;
    sheet_name: string;
    subject: string | null;
    last_update_timestamp: number;
    sent_count: number;
    opened_count: number;
    clicked_count: number;
    bounced_count: number;
    responded_count: number;
    unsubscribed_count: number;
    has_poll: 0 | 1;
    spreadsheet_id: string;
    user_id: string;
    workspace_id: string;
  }>,
) {
  const updated = fields.last_update_timestamp ?? now - DAY;
  await backend.db
    .insertInto("sent_campaigns")
    .values({
      id,
      user_id: fields.user_id ?? ownerId,
      workspace_id: fields.workspace_id ?? ACME.workspaceId,
      spreadsheet_id: fields.spreadsheet_id ?? `1Sheet-${id}`,
      sheet_id: "42",
      spreadsheet_name: fields.spreadsheet_name ?? `Quokka ${id}`,
      sheet_name: fields.sheet_name ?? "Sheet1",
      subject: fields.subject === undefined ? `Hello from ${id}` : fields.subject,
      create_timestamp: updated - DAY,
      last_update_timestamp: updated,
      last_email_sent_timestamp: updated - 60_000,
      sent_count: fields.sent_count ?? 100,
      opened_count: fields.opened_count ?? 40,
      clicked_count: fields.clicked_count ?? 10,
      bounced_count: fields.bounced_count ?? 0,
      responded_count: fields.responded_count ?? 0,
      unsubscribed_count: fields.unsubscribed_count ?? 0,
      has_poll: fields.has_poll ?? 0,
    })
    .execute();
}

beforeAll(async () => {
  backend = await startAppBackend();
  ownerCookie = (await signIn(backend, "owner@acme.test")).cookie;
  ownerId = (await findUserByEmail(backend.db, "owner@acme.test"))!.id;

  // 30 "Wombat" merges, one a day: more than a page of 25.
  for (let index = 0; index < 30; index++) {
    const number = String(index + 1).padStart(2, "0");
    await insertCampaign(`itest-wombat-${number}`, {
      spreadsheet_name: `Wombat ${number}`,
      sheet_name: index % 2 ? "Leads" : "Customers",
      last_update_timestamp: now - (index + 1) * DAY,
    });
  }
  // Dated "Numbat" merges for the ranges.
  await insertCampaign("itest-numbat-recent", {
    spreadsheet_name: "Numbat recent",
    last_update_timestamp: now - 5 * DAY,
  });
  await insertCampaign("itest-numbat-45d", {
    spreadsheet_name: "Numbat 45 days",
    last_update_timestamp: now - 45 * DAY,
  });
  await insertCampaign("itest-numbat-old", { spreadsheet_name: "Numbat old", last_update_timestamp: now - 400 * DAY });
  // Detail and poll.
  await insertCampaign("itest-detail", {
    spreadsheet_name: "Platypus results",
    sheet_name: "October",
    spreadsheet_id: "1Abc-def-ghi",
    subject: null,
    sent_count: 200,
    bounced_count: 20,
    opened_count: 90,
    clicked_count: 45,
    responded_count: 9,
    unsubscribed_count: 2,
    has_poll: 1,
  });
  await backend.db
    .insertInto("poll_results")
    .values([
      { campaign_id: "itest-detail", info: "No", count: 1 },
      { campaign_id: "itest-detail", info: "Yes", count: 3 },
    ])
    .execute();
  await insertCampaign("itest-responses", { spreadsheet_name: "Platypus responses", has_poll: 1 });
  await backend.db
    .insertInto("poll_responses")
    .values(["Great", "Good", "Great", "Great", "Bad"].map((value) => ({ campaign_id: "itest-responses", value })))
    .execute();
  await insertCampaign("itest-nopoll", { spreadsheet_name: "Platypus no poll", has_poll: 0 });
});
afterAll(() => backend.close());

const get = (path: string, cookie = ownerCookie) => appRequest(path, { cookie });
const sentPage = async (query: string) => loaderData<SentData>(await run(sentLoader, get(`${SENT}${query}`), ACME));
const names = (page: SentData) => page.rows.map((row) => row.spreadsheetName);

/** A thrown single-fetch data(…, { status }) (not a Response): its status. */
async function thrownStatus(promise: Promise<unknown>) {
  try {
    await promise;
  } catch (error) {
    if (error && typeof error === "object" && "init" in error)
      return (error as { init: { status: number } }).init.status;
    if (error instanceof Response) return error.status;
    throw error;
  }
  return null;
}

describe("the Sent tab's loader", () => {
  it("searches by sheet title, newest first, in pages of 25 with a next page", async () => {
    const first = await sentPage("?q=wombat");
    expect(first.query).toEqual({ q: "wombat", range: "LAST_12_MONTHS", sort: "date", dir: "desc", page: 1 });
    expect(first.rows).toHaveLength(25);
    expect(first.hasNextPage).toBe(true);
    expect(names(first).slice(0, 3)).toEqual(["Wombat 01", "Wombat 02", "Wombat 03"]);

    const second = await sentPage("?q=wombat&page=2");
    expect(names(second)).toEqual(["Wombat 26", "Wombat 27", "Wombat 28", "Wombat 29", "Wombat 30"]);
    expect(second.hasNextPage).toBe(false);
  });

  it("searches the sheet name as well, ignoring case", async () => {
    const page = await sentPage("?q=LEADS");
    expect(page.rows.length).toBeGreaterThanOrEqual(15);
    expect(page.rows.filter((row) => row.spreadsheetName.startsWith("Wombat"))).toHaveLength(15);
    expect(page.rows.every((row) => /leads/i.test(`${row.spreadsheetName} ${row.sheetName}`))).toBe(true);
  });

  it("sorts by date either way and by sheet name either way", async () => {
    expect(names(await sentPage("?q=wombat&dir=asc")).slice(0, 2)).toEqual(["Wombat 30", "Wombat 29"]);
    expect(names(await sentPage("?q=wombat&sort=name")).slice(0, 2)).toEqual(["Wombat 01", "Wombat 02"]);
    const byNameDesc = await sentPage("?q=wombat&sort=name&dir=desc");
    expect(byNameDesc.query).toMatchObject({ sort: "name", dir: "desc" });
    expect(names(byNameDesc).slice(0, 2)).toEqual(["Wombat 30", "Wombat 29"]);
  });

  it("filters by the date range", async () => {
    expect(names(await sentPage("?q=numbat"))).toEqual(["Numbat recent", "Numbat 45 days"]);
    expect(names(await sentPage("?q=numbat&range=LAST_30_DAYS"))).toEqual(["Numbat recent"]);
    const thisYear = names(await sentPage("?q=numbat&range=THIS_YEAR"));
    expect(thisYear).not.toContain("Numbat old");
    const thisMonth = await sentPage("?q=wombat&range=THIS_MONTH");
    const monthStart = new Date(now);
    const firstOfMonth = Date.UTC(monthStart.getUTCFullYear(), monthStart.getUTCMonth(), 1);
    const expected = Array.from({ length: 30 }, (_, index) => now - (index + 1) * DAY).filter(
      (time) => time >= firstOfMonth,
    ).length;
    expect(thisMonth.rows).toHaveLength(Math.min(expected, 25));
    // Last month: the whole previous calendar month (UTC without a time-zone cookie).
    const lastMonthStart = Date.UTC(monthStart.getUTCFullYear(), monthStart.getUTCMonth() - 1, 1);
    const inLastMonth = Array.from({ length: 30 }, (_, index) => now - (index + 1) * DAY).filter(
      (time) => time >= lastMonthStart && time < firstOfMonth,
    ).length;
    expect((await sentPage("?q=wombat&range=LAST_MONTH")).rows).toHaveLength(inLastMonth);
  });

  it("shows rows ready to display: German counts, percentages of delivered, the sheet link and the dialog link with the query", async () => {
    const page = await sentPage("?q=platypus+results&range=LAST_30_DAYS");
    expect(page.rows).toHaveLength(1);
    const [row] = page.rows;
    expect(row).toMatchObject({
      campaignId: "itest-detail",
      spreadsheetName: "Platypus results",
      sheetName: "October",
      sent: "200",
      openedPercent: 50,
      clickedPercent: 25,
      // The row carries the sheet's key; the table makes its link (sheet-links.test.ts).
      sheetKey: "1Abc-def-ghi-42",
    });
    // The dialog links keep the list's query: one prefix and search for every row.
    expect(page.detailHref).toEqual({ prefix: `${SENT}/`, search: "?q=platypus+results&range=LAST_30_DAYS" });
    expect(row!.date).toMatch(/^[A-Z][a-z]{2}\. \d{1,2}, \d{1,2}:\d{2} [AP]M$/);
    expect(page.csvHref).toBe(`${PREFIX}/mail-merges/sent.csv?q=platypus+results&range=LAST_30_DAYS`);
  });

  it("dates rows in the user's time zone", async () => {
    const utc = await sentPage("?q=platypus+results");
    const tokyo = loaderData<SentData>(
      await run(
        sentLoader,
        appRequest(`${SENT}?q=platypus+results`, { cookie: `${ownerCookie}; tz=Asia%2FTokyo` }),
        ACME,
      ),
    );
    expect(utc.rows[0]!.campaignId).toBe(tokyo.rows[0]!.campaignId);
    expect(utc.rows[0]!.date).not.toBe(tokyo.rows[0]!.date);
  });

  it("tells why the list is empty: no match for a search, a page past the end, or nothing in the range", async () => {
    const noMatch = await sentPage("?q=no-such-sheet-anywhere");
    expect(noMatch.rows).toEqual([]);
    expect(noMatch.emptyReason).toBe("noMatch");
    // A deep link past the last page blames no search (issue 9).
    expect((await sentPage("?page=999")).emptyReason).toBe("pastEnd");
    expect((await sentPage("?q=wombat&page=999")).emptyReason).toBe("pastEnd");
    expect((await sentPage("")).emptyReason).toBeNull();
  });

  it("says nothing fits the date range, not that nothing was sent, when every merge is older (issue 9)", async () => {
    const solo = (await signIn(backend, "solo@gmail.com")).cookie;
    const sams = { workspaceId: "5100000000000003", workspaceSlug: "sams-space" };
    const soloId = (await findUserByEmail(backend.db, "solo@gmail.com"))!.id;
    const soloSent = "/5100000000000003/sams-space/mail-merges/sent";
    const page = async (query: string) =>
      loaderData<SentData>(await run(sentLoader, get(`${soloSent}${query}`, solo), sams));
    await backend.db.deleteFrom("sent_campaigns").where("workspace_id", "=", sams.workspaceId).execute();
    expect((await page("")).emptyReason).toBe("empty");
    expect((await page("?range=ALL_TIME")).emptyReason).toBe("empty");

    await insertCampaign("itest-solo-old", {
      user_id: soloId,
      workspace_id: sams.workspaceId,
      spreadsheet_name: "Echidna archive",
      last_update_timestamp: now - 400 * DAY,
      sent_count: 2500,
    });
    const defaultRange = await page("");
    expect(defaultRange.rows).toEqual([]);
    expect(defaultRange.emptyReason).toBe("outOfRange");
    expect((await page("?range=THIS_MONTH")).emptyReason).toBe("outOfRange");
    // The wider range the empty state offers lists it.
    expect((await page("?range=ALL_TIME")).rows.map((row) => row.spreadsheetName)).toEqual(["Echidna archive"]);
    await backend.db.deleteFrom("sent_campaigns").where("id", "=", "itest-solo-old").execute();
  });

  it("shows the year of a date in another year, and no period after May (000 §9, issue 9)", async () => {
    const year = new Date(now).getUTCFullYear() - 1;
    await insertCampaign("itest-quoll-may", {
      spreadsheet_name: "Quoll May",
      last_update_timestamp: Date.UTC(year, 4, 10, 12, 0),
    });
    const [row] = (await sentPage("?q=quoll+may&range=ALL_TIME")).rows;
    expect(row!.date).toBe(`May 10, ${year}, 12:00 PM`);
  });

  it("redirects a query written any other way to its one canonical URL (issue 9)", async () => {
    const target = async (query: string) => redirectTarget(await run(sentLoader, get(`${SENT}${query}`), ACME));
    expect(await target("?q=&range=LAST_12_MONTHS&sort=date&dir=desc&page=1")).toBe(SENT);
    expect(await target("?q=")).toBe(SENT);
    expect(await target("?sort=name&dir=asc&q=%20wombat%20&range=THIS_YEAR")).toBe(
      `${SENT}?q=wombat&range=THIS_YEAR&sort=name`,
    );
    expect(await target("?page=2&page=3")).toBe(`${SENT}?page=2`);
    // The dialog's URL keeps its path.
    expect(redirectTarget(await run(sentLoader, get(`${SENT}/itest-detail?range=LAST_12_MONTHS`), ACME))).toBe(
      `${SENT}/itest-detail`,
    );
    // A canonical URL is answered, not redirected.
    expect((await sentPage("?q=wombat&range=THIS_YEAR&sort=name")).rows.length).toBeGreaterThan(0);
  });

  it("sends a signed-out visitor to the login page, keeping the query", async () => {
    const outcome = await run(sentLoader, appRequest(`${SENT}?q=x&page=2`), ACME);
    expect(redirectTarget(outcome)).toBe(`/login?continue=${encodeURIComponent(`${SENT}?q=x&page=2`)}`);
  });
});

describe("the Mail merges frame", () => {
  it("counts scheduled merges and reads this month's and all-time counters from the space", async () => {
    const scheduled = await backend.db
      .selectFrom("scheduled_campaigns")
      .select((eb) => eb.fn.countAll<number>().as("count"))
      .where("user_id", "=", ownerId)
      .where("workspace_id", "=", ACME.workspaceId)
      .executeTakeFirstOrThrow();
    const counters = await backend.db
      .selectFrom("monthly_sent_mails")
      .selectAll()
      .where("user_id", "=", ownerId)
      .where("workspace_id", "=", ACME.workspaceId)
      .execute();
    const today = new Date(now);
    const thisMonth = counters
      .filter((row) => row.year === today.getUTCFullYear() && row.month === today.getUTCMonth() + 1)
      .reduce((sum, row) => sum + row.count, 0);

    const frame = loaderData<FrameData>(await run(frameLoader, get(SENT), ACME));
    expect(frame.scheduledCount).toBe(new Intl.NumberFormat("de-DE").format(Number(scheduled.count)));
    expect(frame.sentThisMonth).toBe(new Intl.NumberFormat("de-DE").format(thisMonth));
    expect(frame.months).toHaveLength(12);
    expect(frame.months.at(-1)).toEqual({
      longLabel: `${today.toLocaleString("en-US", { month: "long", timeZone: "UTC" })} ${today.getUTCFullYear()}`,
      count: thisMonth,
      countText: new Intl.NumberFormat("de-DE").format(thisMonth),
    });
    expect(frame.isFreePlan).toBe(false);
    expect(frame.tabs).toEqual({ scheduled: `${PREFIX}/mail-merges/scheduled`, sent: SENT });
  });
});

describe("the Sent detail dialog", () => {
  it("gives the merge's facts and results as percentages, with links keeping the list's query", async () => {
    const outcome = await run(detailLoader, get(`${SENT}/itest-detail?q=platypus&page=1&banner=x`), {
      ...ACME,
      campaignId: "itest-detail",
    });
    const detail = loaderData<DetailData>(outcome);
    expect(detail).toMatchObject({
      spreadsheetName: "Platypus results",
      sheetName: "October",
      subject: null,
      emailsSent: "200",
      hasPoll: true,
      sheetUrl: "https://docs.google.com/spreadsheets/d/1Abc-def-ghi/edit#gid=42",
      links: {
        close: `${SENT}?q=platypus&page=1`,
        mailResults: `${SENT}/itest-detail?q=platypus&page=1`,
        pollResults: `${SENT}/itest-detail/poll?q=platypus&page=1`,
      },
    });
    expect(detail.results).toEqual([
      { key: "delivered", label: "Delivered", percent: 90, count: "180" },
      { key: "opened", label: "Opened", percent: 50, count: "90" },
      { key: "clicked", label: "Clicked", percent: 25, count: "45" },
      { key: "responded", label: "Responded", percent: 5, count: "9" },
      { key: "bounced", label: "Bounced", percent: 10, count: "20" },
      { key: "unsubscribed", label: "Unsubscribed", percent: 1, count: "2" },
    ]);
    expect(detail.lastUpdate).toMatch(/^[A-Z][a-z]{2}\. \d{1,2}, /);
  });

  it("answers 404 for an unknown merge, a strange id, and another user's merge", async () => {
    expect(
      await thrownStatus(
        detailLoader({ request: get(`${SENT}/nope`), params: { ...ACME, campaignId: "nope" }, context: {} }),
      ),
    ).toBe(404);
    expect(
      await thrownStatus(
        detailLoader({ request: get(`${SENT}/a.b`), params: { ...ACME, campaignId: "a b/../c" }, context: {} }),
      ),
    ).toBe(404);
    const admin = (await signIn(backend, "admin@acme.test")).cookie;
    expect(
      await thrownStatus(
        detailLoader({
          request: get(`${SENT}/itest-detail`, admin),
          params: { ...ACME, campaignId: "itest-detail" },
          context: {},
        }),
      ),
    ).toBe(404);
  });

  it("lists the aggregated poll results", async () => {
    const poll = loaderData<PollData>(
      await run(pollLoader, get(`${SENT}/itest-detail/poll`), { ...ACME, campaignId: "itest-detail" }),
    );
    expect(poll.answers).toEqual([
      { answer: "Yes", percent: 75, count: "3" },
      { answer: "No", percent: 25, count: "1" },
    ]);
  });

  it("falls back to the responses, counted, when there are no aggregated results", async () => {
    const poll = loaderData<PollData>(
      await run(pollLoader, get(`${SENT}/itest-responses/poll`), { ...ACME, campaignId: "itest-responses" }),
    );
    expect(poll.answers).toEqual([
      { answer: "Great", percent: 60, count: "3" },
      { answer: "Good", percent: 20, count: "1" },
      { answer: "Bad", percent: 20, count: "1" },
    ]);
  });

  it("sends the poll view of a merge without a poll back to its mail results, keeping the query", async () => {
    const outcome = await run(pollLoader, get(`${SENT}/itest-nopoll/poll?q=platypus`), {
      ...ACME,
      campaignId: "itest-nopoll",
    });
    expect(redirectTarget(outcome)).toBe(`${SENT}/itest-nopoll?q=platypus`);
  });
});

describe("the Sent CSV export", () => {
  it("streams the current filters and sort (not the page) with a dated name, and logs the export", async () => {
    const outcome = await run(csvLoader, get(`${PREFIX}/mail-merges/sent.csv?q=wombat&sort=name&dir=asc&page=2`), ACME);
    const response = outcome.result as Response;
    expect(response.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("Content-Disposition")).toMatch(
      /^attachment; filename="Exported_sent_\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const [header, ...rows] = parseCsv((await response.text()).replace(/^\uFEFF/, ""));
    expect(header).toEqual(["Sheet name", "Date", "Sent", "Opened", "Clicked"]);
    // Every Wombat of the last 12 months, all 30, not just a page.
    expect(rows).toHaveLength(30);
    expect(rows[0]).toEqual([
      "Wombat 01 - Customers",
      expect.stringMatching(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/),
      "100",
      "40%",
      "10%",
    ]);
    expect(rows.map((row) => row[0]!.slice(0, 9))).toEqual(rows.map((row) => row[0]!.slice(0, 9)).sort());

    const events = await backend.db.selectFrom("events").selectAll().where("type", "=", "csv_export").execute();
    // 002 §7: with the plan context.
    expect(events.map((event) => JSON.parse(event.params ?? "{}"))).toContainEqual({
      export_type: "sent",
      workspace_plan: "PRO",
      user_plan: "PRO",
    });
  });

  it("honours the date range", async () => {
    const response = (await run(csvLoader, get(`${PREFIX}/mail-merges/sent.csv?q=numbat&range=LAST_30_DAYS`), ACME))
      .result as Response;
    const [, ...rows] = parseCsv((await response.text()).replace(/^\uFEFF/, ""));
    expect(rows.map((row) => row[0])).toEqual(["Numbat recent - Sheet1"]);
  });
});
