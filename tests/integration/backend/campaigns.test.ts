import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SENT_CAMPAIGNS } from "../../../backend/src/db/seed/mail-merges";
import { PERSONAS, SPACES } from "../../../backend/src/db/seed/personas";
import { insertSentCampaigns } from "../../../backend/src/store/sent-campaigns";
import { startBackend, type RunningBackend } from "../support/backend";
import { apiClient, signedInWithIdToken } from "./support/api";

let backend: RunningBackend;
beforeAll(async () => {
  backend = await startBackend();
});
afterAll(() => backend?.close());

const DAY_MS = 86_400_000;
const MARKETING = SPACES.acmeMarketing.id;
const as = (email: string) => signedInWithIdToken(backend, email);

interface Item {
  campaignId: string;
  mergeSourceSpreadSheetName: string;
  mergeSourceSheetName: string;
  lastUpdateTimestamp: string;
}
const ids = (body: { items: Item[] }) => body.items.map((item) => item.campaignId);

function campaignsPath(params: Record<string, string | number>) {
  const query = new URLSearchParams(Object.entries(params).map(([key, value]) => [key, String(value)]));
  return `/api/v2/users/me/campaigns?${query}`;
}

/** The caller's campaigns in Acme Marketing as stored, for comparisons. */
function storedCampaigns(userId: string = PERSONAS.owner.id) {
  return backend.db
    .selectFrom("sent_campaigns")
    .selectAll()
    .where("user_id", "=", userId)
    .where("workspace_id", "=", MARKETING)
    .execute();
}
type Stored = Awaited<ReturnType<typeof storedCampaigns>>[number];

const byUpdateDesc = (a: Stored, b: Stored) =>
  b.last_update_timestamp - a.last_update_timestamp || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0);
const byTitle = (a: Stored, b: Stored) =>
  a.spreadsheet_name.toLowerCase().localeCompare(b.spreadsheet_name.toLowerCase(), "en", { sensitivity: "base" }) ||
  a.sheet_name.toLowerCase().localeCompare(b.sheet_name.toLowerCase()) ||
  (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

describe("GET /users/me/campaigns: items and order", () => {
  it("lists the caller's sent merges in the space, last updated first, with the Sent campaign fields", async () => {
    const client = await as(PERSONAS.owner.email);
    const { status, body } = await client.get(campaignsPath({ filterBy: `workspaceId:${MARKETING}`, limit: 100 }));
    expect(status).toBe(200);

    const stored = await storedCampaigns();
    // About 60: the hand-made ones, then 3 to 5 a month (how many this month depends on the day).
    expect(stored.length).toBeGreaterThanOrEqual(55);
    expect(ids(body)).toEqual([...stored].sort(byUpdateDesc).map((row) => row.id));

    const webinar = stored.find((row) => row.id === SENT_CAMPAIGNS.webinarFollowUp)!;
    // On the first page (recent), with the Sent campaign fields.
    expect(ids(body).indexOf(SENT_CAMPAIGNS.webinarFollowUp)).toBeLessThan(25);
    expect(body.items.find((item: Item) => item.campaignId === SENT_CAMPAIGNS.webinarFollowUp)).toEqual({
      campaignId: SENT_CAMPAIGNS.webinarFollowUp,
      mergeSourceSheetKey: `${webinar.spreadsheet_id}-${webinar.sheet_id}`,
      mergeSourceSpreadSheetName: "Webinar follow-up",
      mergeSourceSheetName: "Attendees",
      createTimestamp: String(webinar.create_timestamp),
      lastUpdateTimestamp: String(webinar.last_update_timestamp),
      lastEmailSentTimestamp: String(webinar.last_email_sent_timestamp),
      eventCounts: { sentCount: 412, openedCount: 268, clickedCount: 97, bouncedCount: 6 },
    });
  });

  it("only lists the caller's own merges of that space", async () => {
    const owner = await as(PERSONAS.owner.email);
    const inSales = await owner.get(campaignsPath({ filterBy: `workspaceId:${SPACES.acmeSales.id}`, limit: 100 }));
    const storedInSales = await backend.db
      .selectFrom("sent_campaigns")
      .select("id")
      .where("user_id", "=", PERSONAS.owner.id)
      .where("workspace_id", "=", SPACES.acmeSales.id)
      .execute();
    expect(inSales.body.items.length).toBeGreaterThan(0);
    expect(ids(inSales.body).sort()).toEqual(storedInSales.map((row) => row.id).sort());

    const admin = await as(PERSONAS.admin.email);
    const adminIds = ids((await admin.get(campaignsPath({ filterBy: `workspaceId:${MARKETING}`, limit: 100 }))).body);
    expect(adminIds.length).toBeGreaterThan(0);
    expect(adminIds).not.toContain(SENT_CAMPAIGNS.webinarFollowUp);
  });

  it("sorts by title (spreadsheet, then sheet, case-insensitive) both ways", async () => {
    const client = await as(PERSONAS.owner.email);
    const expected = (await storedCampaigns()).sort(byTitle).map((row) => row.id);
    const ascending = await client.get(
      campaignsPath({ filterBy: `workspaceId:${MARKETING}`, sortBy: "mergeSourceSheetTitle", limit: 100 }),
    );
    expect(ids(ascending.body)).toEqual(expected);
    const descending = await client.get(
      campaignsPath({ filterBy: `workspaceId:${MARKETING}`, sortBy: "mergeSourceSheetTitle:desc", limit: 100 }),
    );
    expect(ids(descending.body)).toEqual([...expected].reverse());
  });

  it("sorts by last update, oldest first, on request", async () => {
    const client = await as(PERSONAS.owner.email);
    const { body } = await client.get(
      campaignsPath({ filterBy: `workspaceId:${MARKETING}`, sortBy: "lastUpdateTimestamp:asc", limit: 100 }),
    );
    expect(ids(body)).toEqual(
      (await storedCampaigns())
        .sort(byUpdateDesc)
        .reverse()
        .map((row) => row.id),
    );
  });
});

describe("GET /users/me/campaigns: filterBy", () => {
  it("keeps the merges last updated within lastUpdateTimestamp.gte and .lte (inclusive)", async () => {
    const client = await as(PERSONAS.owner.email);
    const stored = await storedCampaigns();
    const now = Date.now();
    const yearAgo = now - 365 * DAY_MS;
    const lastYear = await client.get(
      campaignsPath({
        filterBy: `workspaceId:${MARKETING},lastUpdateTimestamp.gte:${yearAgo},lastUpdateTimestamp.lte:${now}`,
        limit: 100,
      }),
    );
    const expected = stored.filter((row) => row.last_update_timestamp >= yearAgo).sort(byUpdateDesc);
    expect(ids(lastYear.body)).toEqual(expected.map((row) => row.id));
    expect(ids(lastYear.body)).toContain(SENT_CAMPAIGNS.webinarFollowUp);
    expect(ids(lastYear.body)).not.toContain(SENT_CAMPAIGNS.holidayGreetings);

    const webinar = stored.find((row) => row.id === SENT_CAMPAIGNS.webinarFollowUp)!;
    const exactly = await client.get(
      campaignsPath({
        filterBy: `workspaceId:${MARKETING},lastUpdateTimestamp.gte:${webinar.last_update_timestamp},lastUpdateTimestamp.lte:${webinar.last_update_timestamp}`,
      }),
    );
    expect(ids(exactly.body)).toEqual([SENT_CAMPAIGNS.webinarFollowUp]);

    const older = await client.get(
      campaignsPath({ filterBy: `workspaceId:${MARKETING},lastUpdateTimestamp.lte:${yearAgo}`, limit: 100 }),
    );
    const olderExpected = stored.filter((row) => row.last_update_timestamp <= yearAgo).sort(byUpdateDesc);
    expect(ids(older.body)).toEqual(olderExpected.map((row) => row.id));
    expect(ids(older.body)).toContain(SENT_CAMPAIGNS.holidayGreetings);
  });

  it("searches the spreadsheet and sheet names for a case-insensitive substring", async () => {
    const client = await as(PERSONAS.owner.email);
    const stored = await storedCampaigns();
    const matching = (text: string) =>
      stored
        .filter((row) => `${row.spreadsheet_name}\n${row.sheet_name}`.toLowerCase().includes(text))
        .sort(byUpdateDesc)
        .map((row) => row.id);

    const survey = await client.get(campaignsPath({ filterBy: `workspaceId:${MARKETING},search:SURVEY`, limit: 100 }));
    expect(ids(survey.body)).toEqual(matching("survey"));
    expect(ids(survey.body)).toContain(SENT_CAMPAIGNS.customerSurvey);

    // A sheet name matches too.
    const booth = await client.get(campaignsPath({ filterBy: `workspaceId:${MARKETING},search:booth vis` }));
    expect(ids(booth.body)).toEqual([SENT_CAMPAIGNS.tradeShowLeads]);

    // Characters without a meaning in filterBy may come unencoded; LIKE wildcards are literal.
    const partner = await client.get(
      campaignsPath({ filterBy: `workspaceId:${MARKETING},search:invitation – partner`, limit: 100 }),
    );
    expect(ids(partner.body)).toEqual([SENT_CAMPAIGNS.partnerSummitInvitation]);
    expect((await client.get(campaignsPath({ filterBy: `workspaceId:${MARKETING},search:%25` }))).body).toEqual({
      items: [],
    });
    // An encoded comma belongs to the search.
    expect((await client.get(campaignsPath({ filterBy: `workspaceId:${MARKETING},search:a%2Cb` }))).body).toEqual({
      items: [],
    });
    // An empty search is no filter.
    const all = await client.get(campaignsPath({ filterBy: `workspaceId:${MARKETING},search:`, limit: 100 }));
    expect(all.body.items).toHaveLength(stored.length);
  });

  it("combines a date range with a search and the title sort", async () => {
    const client = await as(PERSONAS.owner.email);
    const since = Date.now() - 100 * DAY_MS;
    const { body } = await client.get(
      campaignsPath({
        filterBy: `workspaceId:${MARKETING},lastUpdateTimestamp.gte:${since},search:e`,
        sortBy: "mergeSourceSheetTitle:asc",
        limit: 100,
      }),
    );
    const expected = (await storedCampaigns())
      .filter(
        (row) =>
          row.last_update_timestamp >= since &&
          `${row.spreadsheet_name}\n${row.sheet_name}`.toLowerCase().includes("e"),
      )
      .sort(byTitle)
      .map((row) => row.id);
    expect(expected.length).toBeGreaterThan(3);
    expect(ids(body)).toEqual(expected);
  });
});

describe("GET /users/me/campaigns: paging", () => {
  it("pages with limit and limitOffset; limit + 1 tells whether a next page exists", async () => {
    const client = await as(PERSONAS.owner.email);
    const all = ids((await client.get(campaignsPath({ filterBy: `workspaceId:${MARKETING}`, limit: 100 }))).body);

    // The app asks for a page of 25 as limit=26.
    const first = await client.get(campaignsPath({ filterBy: `workspaceId:${MARKETING}`, limit: 26 }));
    expect(ids(first.body)).toEqual(all.slice(0, 26));
    const third = await client.get(campaignsPath({ filterBy: `workspaceId:${MARKETING}`, limit: 26, limitOffset: 50 }));
    expect(ids(third.body)).toEqual(all.slice(50));
    expect(third.body.items.length).toBeLessThan(26);

    const pages: string[] = [];
    for (let offset = 0; offset < all.length; offset += 7) {
      pages.push(
        ...ids(
          (await client.get(campaignsPath({ filterBy: `workspaceId:${MARKETING}`, limit: 7, limitOffset: offset })))
            .body,
        ),
      );
    }
    expect(pages).toEqual(all);
    expect(
      (await client.get(campaignsPath({ filterBy: `workspaceId:${MARKETING}`, limitOffset: all.length }))).body,
    ).toEqual({
      items: [],
    });
    // 25 by default.
    expect((await client.get(campaignsPath({ filterBy: `workspaceId:${MARKETING}` }))).body.items).toHaveLength(25);
  });

  it("gives deep pages of a long list the same rows as one big page, also after the list changes", async () => {
    const now = Date.now();
    const extra = Array.from({ length: 1300 }, (_, index) => ({
      id: `7990000000${String(index).padStart(6, "0")}`,
      user_id: PERSONAS.benBaker.id,
      workspace_id: MARKETING,
      spreadsheet_id: `1deep${index}`,
      sheet_id: "0",
      spreadsheet_name: `Deep list ${index % 37}`,
      sheet_name: index % 2 ? "Contacts" : "leads",
      subject: "Deep",
      create_timestamp: now - index * 60_000,
      // Equal timestamps in pairs: the id breaks the ties.
      last_update_timestamp: now - Math.floor(index / 2) * 60_000,
      last_email_sent_timestamp: now - index * 60_000,
      sent_count: 10,
      opened_count: 5,
      clicked_count: 1,
      bounced_count: 0,
      responded_count: 0,
      unsubscribed_count: 0,
      has_poll: 0 as const,
    }));
    await insertSentCampaigns(backend.db, extra);
    try {
      const client = await as(PERSONAS.benBaker.email);
      for (const sortBy of ["lastUpdateTimestamp:desc", "mergeSourceSheetTitle:asc", "mergeSourceSheetTitle:desc"]) {
        for (const filterBy of [`workspaceId:${MARKETING}`, `workspaceId:${MARKETING},search:deep list 1`]) {
          const whole = ids((await client.get(campaignsPath({ filterBy, sortBy, limit: 3000 }))).body);
          for (const offset of [240, 250, 251, 499, 500, 777, 1024, whole.length - 3, whole.length + 5]) {
            const page = await client.get(campaignsPath({ filterBy, sortBy, limit: 26, limitOffset: offset }));
            expect(ids(page.body), `${sortBy} ${filterBy} @${offset}`).toEqual(whole.slice(offset, offset + 26));
          }
        }
      }

      // Deleting rows moves every later row up: cached positions must not survive the change.
      const sortBy = "lastUpdateTimestamp:desc";
      const filterBy = `workspaceId:${MARKETING}`;
      const before = ids((await client.get(campaignsPath({ filterBy, sortBy, limit: 3000 }))).body);
      await backend.db.deleteFrom("sent_campaigns").where("id", "in", before.slice(100, 400)).execute();
      const after = ids((await client.get(campaignsPath({ filterBy, sortBy, limit: 3000 }))).body);
      expect(after).toHaveLength(before.length - 300);
      const page = await client.get(campaignsPath({ filterBy, sortBy, limit: 26, limitOffset: 800 }));
      expect(ids(page.body)).toEqual(after.slice(800, 826));
    } finally {
      await backend.db.deleteFrom("sent_campaigns").where("id", "like", "7990000000%").execute();
    }
  });
});

describe("GET /users/me/campaigns/{id}", () => {
  it("answers the item plus the subject, responded and unsubscribed counts, and hasPoll", async () => {
    const client = await as(PERSONAS.owner.email);
    const list = await client.get(campaignsPath({ filterBy: `workspaceId:${MARKETING}` }));
    const { status, body } = await client.get(
      `/api/v2/users/me/campaigns/${SENT_CAMPAIGNS.webinarFollowUp}?workspaceId=${MARKETING}`,
    );
    expect(status).toBe(200);
    expect(body).toEqual({
      ...list.body.items.find((item: Item) => item.campaignId === SENT_CAMPAIGNS.webinarFollowUp),
      sentMessageSubject: "Thanks for joining our webinar, {{First name}}!",
      eventCounts: {
        sentCount: 412,
        openedCount: 268,
        clickedCount: 97,
        bouncedCount: 6,
        respondedCount: 23,
        unsubscribedCount: 2,
      },
      hasPoll: true,
    });
  });

  it("has no subject for a merge sent by someone else, and no poll", async () => {
    const client = await as(PERSONAS.owner.email);
    const { body } = await client.get(
      `/api/v2/users/me/campaigns/${SENT_CAMPAIGNS.q3Newsletter}?workspaceId=${MARKETING}`,
    );
    expect(body).toMatchObject({
      campaignId: SENT_CAMPAIGNS.q3Newsletter,
      mergeSourceSpreadSheetName: "Q3 Newsletter",
      sentMessageSubject: null,
      hasPoll: false,
    });
    const bounced = await client.get(
      `/api/v2/users/me/campaigns/${SENT_CAMPAIGNS.oldLeadsReengagement}?workspaceId=${MARKETING}`,
    );
    expect(bounced.body.eventCounts).toEqual({
      sentCount: 4,
      openedCount: 0,
      clickedCount: 0,
      bouncedCount: 4,
      respondedCount: 0,
      unsubscribedCount: 0,
    });
  });

  it("answers 404 for an unknown id and for someone else's merge", async () => {
    const owner = await as(PERSONAS.owner.email);
    expect(await owner.get(`/api/v2/users/me/campaigns/7199999999999999?workspaceId=${MARKETING}`)).toEqual({
      status: 404,
      body: { error: "campaign_not_found" },
    });
    const admin = await as(PERSONAS.admin.email);
    expect(
      (await admin.get(`/api/v2/users/me/campaigns/${SENT_CAMPAIGNS.webinarFollowUp}?workspaceId=${MARKETING}`)).status,
    ).toBe(404);
    expect(
      (
        await admin.get(
          `/api/v2/users/me/campaigns/${SENT_CAMPAIGNS.webinarFollowUp}/pollResults?workspaceId=${MARKETING}`,
        )
      ).status,
    ).toBe(404);
  });
});

describe("one merge's calls are scoped to a space", () => {
  const SALES = SPACES.acmeSales.id;
  const merge = (id: string, space: string, suffix = "") =>
    `/api/v2/users/me/campaigns/${id}${suffix}?workspaceId=${space}`;

  it("answers 404 for the caller's own merge read through another space they belong to", async () => {
    const owner = await as(PERSONAS.owner.email);
    for (const suffix of ["", "/pollResults", "/pollResponses"]) {
      expect(await owner.get(merge(SENT_CAMPAIGNS.webinarFollowUp, SALES, suffix))).toEqual({
        status: 404,
        body: { error: "campaign_not_found" },
      });
    }
  });

  it("answers 400 without the space, 403 for a space the caller is not in, 404 for an unknown one", async () => {
    const owner = await as(PERSONAS.owner.email);
    expect(await owner.get(`/api/v2/users/me/campaigns/${SENT_CAMPAIGNS.webinarFollowUp}`)).toEqual({
      status: 400,
      body: { error: "invalid_request", reason: "workspaceId: workspaceId is required" },
    });
    expect((await owner.get(merge(SENT_CAMPAIGNS.webinarFollowUp, SPACES.bigco.id))).status).toBe(403);
    expect((await owner.get(merge(SENT_CAMPAIGNS.webinarFollowUp, "5199999999999999"))).status).toBe(404);
    expect((await owner.get(merge(SENT_CAMPAIGNS.webinarFollowUp, "a,b"))).status).toBe(400);
  });

  it("answers 403 to a disabled member for their own merges, detail and poll alike (002 §6)", async () => {
    const [own] = await storedCampaigns(PERSONAS.disabled.id);
    expect(own).toBeDefined();
    const disabled = await as(PERSONAS.disabled.email);
    for (const suffix of ["", "/pollResults", "/pollResponses"]) {
      expect(await disabled.get(merge(own!.id, MARKETING, suffix))).toEqual({
        status: 403,
        body: { error: "forbidden", reason: "membership is disabled" },
      });
    }
  });
});

describe("GET /users/me/campaigns/{id}/pollResults and /pollResponses", () => {
  it("answers the aggregated results of a poll, and its raw responses", async () => {
    const client = await as(PERSONAS.owner.email);
    const results = await client.get(
      `/api/v2/users/me/campaigns/${SENT_CAMPAIGNS.webinarFollowUp}/pollResults?workspaceId=${MARKETING}`,
    );
    expect(results).toEqual({
      status: 200,
      body: {
        items: [
          { info: "Very useful", count: 58 },
          { info: "Somewhat useful", count: 24 },
          { info: "Not useful", count: 4 },
        ],
      },
    });
    const responses = await client.get(
      `/api/v2/users/me/campaigns/${SENT_CAMPAIGNS.webinarFollowUp}/pollResponses?workspaceId=${MARKETING}`,
    );
    expect(responses.body.items).toHaveLength(86);
  });

  it("has no results but raw responses for the response-only polls", async () => {
    const client = await as(PERSONAS.owner.email);
    for (const id of [
      SENT_CAMPAIGNS.customerSurvey,
      SENT_CAMPAIGNS.productFeedback,
      SENT_CAMPAIGNS.npsFollowUp,
      SENT_CAMPAIGNS.workshopRegistration,
    ]) {
      expect((await client.get(`/api/v2/users/me/campaigns/${id}/pollResults?workspaceId=${MARKETING}`)).body).toEqual({
        items: [],
      });
      expect((await client.get(`/api/v2/users/me/campaigns/${id}?workspaceId=${MARKETING}`)).body.hasPoll).toBe(true);
    }
    const { body } = await client.get(
      `/api/v2/users/me/campaigns/${SENT_CAMPAIGNS.customerSurvey}/pollResponses?workspaceId=${MARKETING}`,
    );
    const counts: Record<string, number> = {};
    for (const { value } of body.items as Array<{ value: string }>) counts[value] = (counts[value] ?? 0) + 1;
    expect(counts).toEqual({ "😀 Great": 41, "🙂 Good": 27, "😐 Okay": 9, "🙁 Poor": 3 });
  });

  it("answers empty lists for a merge without a poll", async () => {
    const client = await as(PERSONAS.owner.email);
    expect(
      (
        await client.get(
          `/api/v2/users/me/campaigns/${SENT_CAMPAIGNS.q3Newsletter}/pollResults?workspaceId=${MARKETING}`,
        )
      ).body,
    ).toEqual({
      items: [],
    });
    expect(
      (
        await client.get(
          `/api/v2/users/me/campaigns/${SENT_CAMPAIGNS.q3Newsletter}/pollResponses?workspaceId=${MARKETING}`,
        )
      ).body,
    ).toEqual({
      items: [],
    });
  });
});

describe("GET /users/me/campaigns: refusals", () => {
  it.each([
    ["no filterBy", {}, /^filterBy: workspaceId is required$/],
    ["no workspaceId", { filterBy: "search:news" }, /^filterBy: workspaceId is required$/],
    ["an empty workspaceId", { filterBy: "workspaceId:" }, /^filterBy: workspaceId needs a value$/],
    ["an unknown key", { filterBy: `workspaceId:${MARKETING},status:SENT` }, /^filterBy: expected key:value pairs/],
    [
      "an unknown key first",
      { filterBy: `status:SENT,workspaceId:${MARKETING}` },
      /^filterBy: expected key:value pairs/,
    ],
    ["a key twice", { filterBy: `workspaceId:${MARKETING},workspaceId:1` }, /^filterBy: workspaceId given twice$/],
    [
      "a date that is not a number",
      { filterBy: `workspaceId:${MARKETING},lastUpdateTimestamp.gte:yesterday` },
      /^filterBy: lastUpdateTimestamp.gte must be a whole number of milliseconds$/,
    ],
    [
      "a search over 200 characters",
      { filterBy: `workspaceId:${MARKETING},search:${"a".repeat(201)}` },
      /longer than 200/,
    ],
    ["an unknown sort", { filterBy: `workspaceId:${MARKETING}`, sortBy: "sentCount" }, /^sortBy: expected one of/],
    ["a bad direction", { filterBy: `workspaceId:${MARKETING}`, sortBy: "lastUpdateTimestamp:up" }, /^sortBy: /],
    ["limit 0", { filterBy: `workspaceId:${MARKETING}`, limit: 0 }, /^limit: /],
    ["limit 30001", { filterBy: `workspaceId:${MARKETING}`, limit: 30_001 }, /^limit: /],
    ["a negative offset", { filterBy: `workspaceId:${MARKETING}`, limitOffset: -1 }, /^limitOffset: /],
  ])("answers 400 to %s", async (_label, params, reason) => {
    const client = await as(PERSONAS.owner.email);
    const { status, body } = await client.get(campaignsPath(params));
    expect(status).toBe(400);
    expect(body.error).toBe("invalid_request");
    expect(body.reason).toMatch(reason);
  });

  it("accepts the largest limit, 30000", async () => {
    const client = await as(PERSONAS.owner.email);
    expect(
      (await client.get(campaignsPath({ filterBy: `workspaceId:${MARKETING}`, limit: 30_000 }))).body.items,
    ).toHaveLength((await storedCampaigns()).length);
  });

  it("answers 401 without a token, and without the session's own X-ID-Token", async () => {
    const path = campaignsPath({ filterBy: `workspaceId:${MARKETING}` });
    const session = await backend.issueSession(PERSONAS.owner.email);
    const other = await backend.issueSession(PERSONAS.owner.email);
    const withIdToken = (idToken: string | undefined) =>
      apiClient(backend, session.accessToken, idToken === undefined ? {} : { "X-ID-Token": idToken }).get(path);

    expect((await apiClient(backend).get(path)).status).toBe(401);
    expect(await withIdToken(undefined)).toEqual({
      status: 401,
      body: { error: "unauthorized", reason: "invalid_x_id_token" },
    });
    expect((await withIdToken(session.backendIdToken)).status).toBe(401);
    expect((await withIdToken("Bearer nonsense")).status).toBe(401);
    // Another session of the same user is not this session.
    expect((await withIdToken(`Bearer ${other.backendIdToken}`)).status).toBe(401);
    expect((await withIdToken(`Bearer ${session.backendIdToken}`)).status).toBe(200);
    for (const suffix of [`/${SENT_CAMPAIGNS.webinarFollowUp}`, `/${SENT_CAMPAIGNS.webinarFollowUp}/pollResults`]) {
      const answer = await apiClient(backend, session.accessToken).get(`/api/v2/users/me/campaigns${suffix}`);
      expect(answer.status).toBe(401);
    }
  });

  it("refuses the backend ID token that a refresh replaced", async () => {
    const session = await backend.issueSession(PERSONAS.owner.email);
    const refreshed = await apiClient(backend, session.accessToken).post("/v1/auth/refresh-token", {
      sessionId: session.sessionId,
    });
    const path = `/api/v2/users/me/campaigns/${SENT_CAMPAIGNS.webinarFollowUp}?workspaceId=${MARKETING}`;
    const call = (idToken: string) =>
      apiClient(backend, refreshed.body.accessToken, { "X-ID-Token": `Bearer ${idToken}` }).get(path);
    expect((await call(session.backendIdToken)).status).toBe(401);
    expect((await call(refreshed.body.backendIdToken)).status).toBe(200);
  });

  it("answers 403 for a space of which the caller is not an active member, 404 for an unknown one", async () => {
    const owner = await as(PERSONAS.owner.email);
    expect(await owner.get(campaignsPath({ filterBy: `workspaceId:${SPACES.bigco.id}` }))).toEqual({
      status: 403,
      body: { error: "forbidden" },
    });
    const disabled = await as(PERSONAS.disabled.email);
    expect((await disabled.get(campaignsPath({ filterBy: `workspaceId:${MARKETING}` }))).status).toBe(403);
    const newcomer = await as("newcomer@startup.test");
    expect((await newcomer.get(campaignsPath({ filterBy: `workspaceId:${MARKETING}` }))).status).toBe(403);
    expect(await owner.get(campaignsPath({ filterBy: "workspaceId:5199999999999999" }))).toEqual({
      status: 404,
      body: { error: "workspace_not_found" },
    });
  });

  it("answers an empty list to a member who never sent from the space", async () => {
    const solo = await as(PERSONAS.solo.email);
    expect(await solo.get(campaignsPath({ filterBy: `workspaceId:${SPACES.samsSpace.id}` }))).toEqual({
      status: 200,
      body: { items: [] },
    });
  });
});
