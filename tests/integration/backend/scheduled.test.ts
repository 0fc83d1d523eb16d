import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SCHEDULED_CAMPAIGNS } from "../../../backend/src/db/seed/mail-merges";
import { PERSONAS, SPACES } from "../../../backend/src/db/seed/personas";
import { startBackend, type RunningBackend } from "../support/backend";
import { apiClient, signedInClient } from "./support/api";

let backend: RunningBackend;
beforeAll(async () => {
  backend = await startBackend();
});
afterAll(() => backend?.close());

const MARKETING = SPACES.acmeMarketing.id;
const as = (email: string) => signedInClient(backend, email);

interface Item {
  campaignId: string;
  nextScheduledRunTimestamp: string | null;
  status: string;
}
const ids = (body: { items: Item[] }) => body.items.map((item) => item.campaignId);

function scheduledPath(params: Record<string, string | number>) {
  const query = new URLSearchParams(Object.entries(params).map(([key, value]) => [key, String(value)]));
  return `/api/v2/users/me/scheduled-campaigns?${query}`;
}

/** The owner's 14 merges in Acme Marketing, newest first (they were created an hour or a day apart, in id order). */
const OWNER_NEWEST_FIRST = [
  SCHEDULED_CAMPAIGNS.inProgress,
  SCHEDULED_CAMPAIGNS.inProgressLater,
  SCHEDULED_CAMPAIGNS.outOfQuota,
  SCHEDULED_CAMPAIGNS.tooComplexRegexp,
  SCHEDULED_CAMPAIGNS.spreadsheetDeleted,
  SCHEDULED_CAMPAIGNS.invalidDraft,
  SCHEDULED_CAMPAIGNS.unknownErrorRecoverable,
  SCHEDULED_CAMPAIGNS.unknownErrorFinal,
  SCHEDULED_CAMPAIGNS.draftNotFound,
  SCHEDULED_CAMPAIGNS.namedRangeDeletedRecoverable,
  SCHEDULED_CAMPAIGNS.namedRangeDeletedFinal,
  SCHEDULED_CAMPAIGNS.userPropertyNotFound,
  SCHEDULED_CAMPAIGNS.sheetDeletedRecoverable,
  SCHEDULED_CAMPAIGNS.sheetDeletedFinal,
];

function stored(campaignId: string) {
  return backend.db
    .selectFrom("scheduled_campaigns")
    .selectAll()
    .where("id", "=", campaignId)
    .executeTakeFirstOrThrow();
}

describe("GET /users/me/scheduled-campaigns", () => {
  it("lists the caller's scheduled merges in the space, newest first, one per status of 002 §4", async () => {
    const { status, body } = await (
      await as(PERSONAS.owner.email)
    ).get(scheduledPath({ filterBy: `workspaceId:${MARKETING}` }));
    expect(status).toBe(200);
    expect(ids(body)).toEqual(OWNER_NEWEST_FIRST);
    expect(new Set(body.items.map((item: Item) => item.status))).toEqual(
      new Set([
        "IN PROGRESS",
        "TOO COMPLEX REGEXP",
        "SPREADSHEET DELETED",
        "INVALID DRAFT",
        "UNKNOWN ERROR",
        "DRAFT NOT FOUND",
        "NAMED RANGE DELETED",
        "USER PROPERTY NOT FOUND",
        "SHEET DELETED",
      ]),
    );

    const row = await stored(SCHEDULED_CAMPAIGNS.inProgress);
    expect(body.items[0]).toEqual({
      campaignId: SCHEDULED_CAMPAIGNS.inProgress,
      mergeSourceSheetKey: `${row.spreadsheet_id}-${row.sheet_id}`,
      mergeSourceSpreadSheetName: "December newsletter",
      mergeSourceSheetName: "Subscribers",
      createTimestamp: String(row.create_timestamp),
      nextScheduledRunTimestamp: String(row.next_scheduled_run_timestamp),
      status: "IN PROGRESS",
      eventCounts: { toSendCount: 350, sentCount: 150 },
      errorDetails: null,
    });
    expect(Number(body.items[0].nextScheduledRunTimestamp)).toBeGreaterThan(Date.now());
  });

  it("tells out-of-quota, recoverable and final errors apart by next run, retries and last retry", async () => {
    const { body } = await (
      await as(PERSONAS.owner.email)
    ).get(scheduledPath({ filterBy: `workspaceId:${MARKETING}` }));
    const byId = (id: string) => body.items.find((item: Item) => item.campaignId === id);

    expect(byId(SCHEDULED_CAMPAIGNS.outOfQuota)).toMatchObject({
      status: "IN PROGRESS",
      nextScheduledRunTimestamp: null,
      errorDetails: null,
      eventCounts: { toSendCount: 800, sentCount: 1500 },
    });

    const recoverable = byId(SCHEDULED_CAMPAIGNS.unknownErrorRecoverable);
    expect(recoverable).toMatchObject({
      status: "UNKNOWN ERROR",
      errorDetails: { error: "Unexpected error", recoverableErrorRetries: 2 },
    });
    const lastRetry = Number(recoverable.errorDetails.recoverableErrorLastRetryTimestamp);
    // 002 §4: sending is attempted again one hour after the last retry.
    expect(Number(recoverable.nextScheduledRunTimestamp)).toBe(lastRetry + 3_600_000);

    expect(byId(SCHEDULED_CAMPAIGNS.unknownErrorFinal)).toMatchObject({
      status: "UNKNOWN ERROR",
      nextScheduledRunTimestamp: null,
      errorDetails: { recoverableErrorRetries: 5, recoverableErrorLastRetryTimestamp: expect.stringMatching(/^\d+$/) },
    });
    for (const [id, status, retries] of [
      [SCHEDULED_CAMPAIGNS.namedRangeDeletedRecoverable, "NAMED RANGE DELETED", 1],
      [SCHEDULED_CAMPAIGNS.namedRangeDeletedFinal, "NAMED RANGE DELETED", 5],
      [SCHEDULED_CAMPAIGNS.sheetDeletedRecoverable, "SHEET DELETED", 3],
      [SCHEDULED_CAMPAIGNS.sheetDeletedFinal, "SHEET DELETED", 5],
    ] as const) {
      expect(byId(id), id).toMatchObject({ status, errorDetails: { recoverableErrorRetries: retries } });
    }
    expect(byId(SCHEDULED_CAMPAIGNS.tooComplexRegexp)).toEqual(
      expect.objectContaining({
        status: "TOO COMPLEX REGEXP",
        nextScheduledRunTimestamp: null,
        errorDetails: {
          error: "The draft is too complex to be processed",
          errorDetails: expect.any(String),
          recoverableErrorRetries: 0,
          recoverableErrorLastRetryTimestamp: null,
        },
      }),
    );
  });

  it("sorts by next run (no run last when ascending), by title, and by creation date both ways", async () => {
    const client = await as(PERSONAS.owner.email);
    const byNextRun = await client.get(
      scheduledPath({ filterBy: `workspaceId:${MARKETING}`, sortBy: "nextScheduledRun" }),
    );
    const runs = byNextRun.body.items.map((item: Item) => item.nextScheduledRunTimestamp);
    const planned = runs.filter((run: string | null) => run !== null).map(Number);
    expect(planned).toHaveLength(5);
    expect(planned).toEqual([...planned].sort((a, b) => a - b));
    expect(runs.slice(planned.length).every((run: string | null) => run === null)).toBe(true);
    expect(ids(byNextRun.body)[0]).toBe(SCHEDULED_CAMPAIGNS.unknownErrorRecoverable);
    const descending = await client.get(
      scheduledPath({ filterBy: `workspaceId:${MARKETING}`, sortBy: "nextScheduledRun:desc" }),
    );
    expect(ids(descending.body)).toEqual([...ids(byNextRun.body)].reverse());

    const byTitle = await client.get(
      scheduledPath({ filterBy: `workspaceId:${MARKETING}`, sortBy: "mergeSourceSheetTitle" }),
    );
    const titles = byTitle.body.items.map(
      (item: { mergeSourceSpreadSheetName: string }) => item.mergeSourceSpreadSheetName,
    );
    expect(titles).toEqual([...titles].sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase())));
    expect(titles[0]).toBe("Account review");

    const oldest = await client.get(
      scheduledPath({ filterBy: `workspaceId:${MARKETING}`, sortBy: "createTimestamp:asc" }),
    );
    expect(ids(oldest.body)).toEqual([...OWNER_NEWEST_FIRST].reverse());
  });

  it("searches the spreadsheet and sheet names", async () => {
    const client = await as(PERSONAS.owner.email);
    const renewal = await client.get(scheduledPath({ filterBy: `workspaceId:${MARKETING},search:RENEWAL` }));
    expect(ids(renewal.body)).toEqual([SCHEDULED_CAMPAIGNS.unknownErrorRecoverable]);
    const sheet = await client.get(scheduledPath({ filterBy: `workspaceId:${MARKETING},search:key accounts` }));
    expect(ids(sheet.body)).toEqual([SCHEDULED_CAMPAIGNS.userPropertyNotFound]);
    expect((await client.get(scheduledPath({ filterBy: `workspaceId:${MARKETING},search:zzz` }))).body).toEqual({
      items: [],
    });
  });

  it("pages with limit and limitOffset", async () => {
    const client = await as(PERSONAS.owner.email);
    const first = await client.get(scheduledPath({ filterBy: `workspaceId:${MARKETING}`, limit: 6 }));
    const second = await client.get(scheduledPath({ filterBy: `workspaceId:${MARKETING}`, limit: 6, limitOffset: 5 }));
    const last = await client.get(scheduledPath({ filterBy: `workspaceId:${MARKETING}`, limit: 6, limitOffset: 10 }));
    expect(ids(first.body)).toEqual(OWNER_NEWEST_FIRST.slice(0, 6));
    expect(ids(second.body)).toEqual(OWNER_NEWEST_FIRST.slice(5, 11));
    expect(ids(last.body)).toEqual(OWNER_NEWEST_FIRST.slice(10));
  });

  it("lists each persona's own merges only; Free users have none", async () => {
    expect(
      ids((await (await as(PERSONAS.admin.email)).get(scheduledPath({ filterBy: `workspaceId:${MARKETING}` }))).body),
    ).toEqual([SCHEDULED_CAMPAIGNS.adminInProgress, SCHEDULED_CAMPAIGNS.adminSheetDeletedRecoverable]);
    expect(
      (await (await as(PERSONAS.member.email)).get(scheduledPath({ filterBy: `workspaceId:${MARKETING}` }))).body,
    ).toEqual({
      items: [],
    });
    expect(
      ids(
        (await (await as(PERSONAS.premium.email)).get(scheduledPath({ filterBy: `workspaceId:${SPACES.bigco.id}` })))
          .body,
      ),
    ).toEqual([SCHEDULED_CAMPAIGNS.premiumInProgress, SCHEDULED_CAMPAIGNS.premiumOutOfQuota]);
  });

  it.each([
    ["no filterBy", {}, /^filterBy: workspaceId is required$/],
    [
      "a date filter (not offered here)",
      { filterBy: `workspaceId:${MARKETING},lastUpdateTimestamp.gte:1` },
      /^filterBy: /,
    ],
    [
      "an unknown sort",
      { filterBy: `workspaceId:${MARKETING}`, sortBy: "lastUpdateTimestamp" },
      /^sortBy: expected one of/,
    ],
    ["limit 0", { filterBy: `workspaceId:${MARKETING}`, limit: 0 }, /^limit: /],
    ["a fractional offset", { filterBy: `workspaceId:${MARKETING}`, limitOffset: 1.5 }, /^limitOffset: /],
  ])("answers 400 to %s", async (_label, params, reason) => {
    const { status, body } = await (await as(PERSONAS.owner.email)).get(scheduledPath(params));
    expect(status).toBe(400);
    expect(body).toEqual({ error: "invalid_request", reason: expect.stringMatching(reason) });
  });

  it("answers 401 without a token, 403 outside the caller's spaces, 404 for an unknown space", async () => {
    expect((await apiClient(backend).get(scheduledPath({ filterBy: `workspaceId:${MARKETING}` }))).status).toBe(401);
    const owner = await as(PERSONAS.owner.email);
    expect((await owner.get(scheduledPath({ filterBy: `workspaceId:${SPACES.oldcoTeam.id}` }))).status).toBe(403);
    expect(
      (await (await as(PERSONAS.disabled.email)).get(scheduledPath({ filterBy: `workspaceId:${MARKETING}` }))).status,
    ).toBe(403);
    expect((await owner.get(scheduledPath({ filterBy: "workspaceId:5199999999999999" }))).status).toBe(404);
  });
});

describe("GET /users/me/scheduled-campaigns/{id}", () => {
  it("answers one of the caller's merges, as listed", async () => {
    const client = await as(PERSONAS.owner.email);
    const list = await client.get(scheduledPath({ filterBy: `workspaceId:${MARKETING}` }));
    const { status, body } = await client.get(
      `/api/v2/users/me/scheduled-campaigns/${SCHEDULED_CAMPAIGNS.sheetDeletedFinal}?workspaceId=${MARKETING}`,
    );
    expect(status).toBe(200);
    expect(body).toEqual(
      list.body.items.find((item: Item) => item.campaignId === SCHEDULED_CAMPAIGNS.sheetDeletedFinal),
    );
  });

  it("answers 404 for an unknown id and for someone else's merge, 401 without a token", async () => {
    const owner = await as(PERSONAS.owner.email);
    expect(await owner.get(`/api/v2/users/me/scheduled-campaigns/7299999999999999?workspaceId=${MARKETING}`)).toEqual({
      status: 404,
      body: { error: "campaign_not_found" },
    });
    expect(
      (
        await owner.get(
          `/api/v2/users/me/scheduled-campaigns/${SCHEDULED_CAMPAIGNS.adminInProgress}?workspaceId=${MARKETING}`,
        )
      ).status,
    ).toBe(404);
    expect(
      (
        await apiClient(backend).get(
          `/api/v2/users/me/scheduled-campaigns/${SCHEDULED_CAMPAIGNS.inProgress}?workspaceId=${MARKETING}`,
        )
      ).status,
    ).toBe(401);
  });
});

describe("GET /users/me/workspaces/{workspaceId}/campaigns/count", () => {
  const countPath = (workspaceId: string, isScheduled = "true") =>
    `/api/v2/users/me/workspaces/${workspaceId}/campaigns/count?isScheduled=${isScheduled}`;

  it("counts the caller's scheduled merges in the space", async () => {
    expect(await (await as(PERSONAS.owner.email)).get(countPath(MARKETING))).toEqual({
      status: 200,
      body: { campaignCount: 14 },
    });
    expect((await (await as(PERSONAS.admin.email)).get(countPath(MARKETING))).body).toEqual({ campaignCount: 2 });
    expect((await (await as(PERSONAS.member.email)).get(countPath(MARKETING))).body).toEqual({ campaignCount: 0 });
    expect((await (await as(PERSONAS.owner.email)).get(countPath(SPACES.acmeSales.id))).body).toEqual({
      campaignCount: 0,
    });
  });

  it("counts the sent merges with isScheduled=false", async () => {
    const sent = await backend.db
      .selectFrom("sent_campaigns")
      .select("id")
      .where("user_id", "=", PERSONAS.owner.id)
      .where("workspace_id", "=", MARKETING)
      .execute();
    expect((await (await as(PERSONAS.owner.email)).get(countPath(MARKETING, "false"))).body).toEqual({
      campaignCount: sent.length,
    });
  });

  it("answers 400 without isScheduled, 401 without a token, 403 outside the caller's spaces, 404 for an unknown one", async () => {
    const owner = await as(PERSONAS.owner.email);
    const missing = await owner.get(`/api/v2/users/me/workspaces/${MARKETING}/campaigns/count`);
    expect(missing).toEqual({
      status: 400,
      body: { error: "invalid_request", reason: expect.stringMatching(/^isScheduled/) },
    });
    expect((await owner.get(countPath(MARKETING, "yes"))).status).toBe(400);
    expect((await apiClient(backend).get(countPath(MARKETING))).status).toBe(401);
    expect((await owner.get(countPath(SPACES.bigco.id))).status).toBe(403);
    expect((await owner.get(countPath("5199999999999999"))).status).toBe(404);
  });
});

describe("one scheduled merge's calls are scoped to a space", () => {
  const SALES = SPACES.acmeSales.id;

  it("reads and cancels nothing of the caller's own merge through another space they belong to", async () => {
    const owner = await as(PERSONAS.owner.email);
    const id = SCHEDULED_CAMPAIGNS.inProgress;
    expect(await owner.get(`/api/v2/users/me/scheduled-campaigns/${id}?workspaceId=${SALES}`)).toEqual({
      status: 404,
      body: { error: "campaign_not_found" },
    });
    expect((await owner.delete(`/api/v2/users/me/scheduledCampaigns/${id}?workspaceId=${SALES}`)).status).toBe(404);
    expect(await stored(id)).toMatchObject({ id, workspace_id: MARKETING });
  });

  it("answers 400 without the space and 403 to a disabled member, cancelling nothing", async () => {
    const owner = await as(PERSONAS.owner.email);
    const id = SCHEDULED_CAMPAIGNS.inProgress;
    expect((await owner.get(`/api/v2/users/me/scheduled-campaigns/${id}`)).status).toBe(400);
    expect((await owner.delete(`/api/v2/users/me/scheduledCampaigns/${id}`)).status).toBe(400);

    // The seed gives the disabled member no scheduled merge: one of the owner's, made his.
    const own = { ...(await stored(id))!, id: "7299999999999998", user_id: PERSONAS.disabled.id };
    await backend.db.insertInto("scheduled_campaigns").values(own).execute();
    try {
      const disabled = await as(PERSONAS.disabled.email);
      const path = (base: string) => `/api/v2/users/me/${base}/${own.id}?workspaceId=${MARKETING}`;
      expect(await disabled.get(path("scheduled-campaigns"))).toEqual({
        status: 403,
        body: { error: "forbidden", reason: "membership is disabled" },
      });
      expect((await disabled.delete(path("scheduledCampaigns"))).status).toBe(403);
      expect(await stored(own.id)).toMatchObject({ id: own.id });
    } finally {
      await backend.db.deleteFrom("scheduled_campaigns").where("id", "=", own.id).execute();
    }
  });
});

describe("DELETE /users/me/scheduledCampaigns/{id}", () => {
  it("cancels the merge: it is gone from the database, the list, the count and its own URL", async () => {
    const client = await as(PERSONAS.owner.email);
    const id = SCHEDULED_CAMPAIGNS.inProgressLater;
    expect(await client.delete(`/api/v2/users/me/scheduledCampaigns/${id}?workspaceId=${MARKETING}`)).toEqual({
      status: 204,
      body: null,
    });

    expect(
      await backend.db.selectFrom("scheduled_campaigns").select("id").where("id", "=", id).executeTakeFirst(),
    ).toBeUndefined();
    expect(ids((await client.get(scheduledPath({ filterBy: `workspaceId:${MARKETING}` }))).body)).toEqual(
      OWNER_NEWEST_FIRST.filter((candidate) => candidate !== id),
    );
    expect(
      (await client.get(`/api/v2/users/me/workspaces/${MARKETING}/campaigns/count?isScheduled=true`)).body,
    ).toEqual({ campaignCount: 13 });
    expect((await client.get(`/api/v2/users/me/scheduled-campaigns/${id}?workspaceId=${MARKETING}`)).status).toBe(404);
    // Cancelling again: it no longer exists.
    expect(await client.delete(`/api/v2/users/me/scheduledCampaigns/${id}?workspaceId=${MARKETING}`)).toEqual({
      status: 404,
      body: { error: "campaign_not_found" },
    });
  });

  it("answers 404 for someone else's merge and leaves it alone; 401 without a token", async () => {
    const owner = await as(PERSONAS.owner.email);
    const id = SCHEDULED_CAMPAIGNS.premiumInProgress;
    expect((await owner.delete(`/api/v2/users/me/scheduledCampaigns/${id}?workspaceId=${MARKETING}`)).status).toBe(404);
    expect(await stored(id)).toMatchObject({ id, user_id: PERSONAS.premium.id });
    expect(
      (await apiClient(backend).delete(`/api/v2/users/me/scheduledCampaigns/${id}?workspaceId=${MARKETING}`)).status,
    ).toBe(401);
    expect(await stored(id)).toMatchObject({ id });
  });
});
