import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PERSONAS, SPACES } from "../../../backend/src/db/seed/personas";
import { SEED_DRAFTS } from "../../../backend/src/db/seed/templates";
import { startBackend, type RunningBackend } from "../support/backend";
import { apiClient, signedInClient } from "./support/api";

let backend: RunningBackend;
beforeAll(async () => {
  backend = await startBackend();
});
afterAll(() => backend?.close());

const DAY_MS = 86_400_000;
const MARKETING = SPACES.acmeMarketing.id;
const as = (email: string) => signedInClient(backend, email);

interface ReportItem {
  userId: string;
  userName: string;
  userEmail: string;
  userProfilePictureUrl: string | null;
  lastEmailSentTimestamp: string | null;
  emailSentThisMonth: number;
  emailSentAllTime: number;
}
const names = (body: { items: ReportItem[] }) => body.items.map((item) => item.userName);

function reportPath(workspaceId: string, params: Record<string, string | number> = {}) {
  const query = new URLSearchParams(Object.entries(params).map(([key, value]) => [key, String(value)]));
  return `/api/v1/workspaces/${workspaceId}/team-report/members?${query}`;
}

/** What the report should say about each active member of a space, from the stored counters and campaigns. */
async function expectedReport(workspaceId: string) {
  const now = new Date();
  const members = await backend.db
    .selectFrom("workspace_members as m")
    .innerJoin("users as u", "u.id", "m.user_id")
    .select(["u.id", "u.name", "u.email", "u.picture", "m.status"])
    .where("m.workspace_id", "=", workspaceId)
    .execute();
  const counters = await backend.db
    .selectFrom("monthly_sent_mails")
    .selectAll()
    .where("workspace_id", "=", workspaceId)
    .execute();
  const campaigns = await backend.db
    .selectFrom("sent_campaigns")
    .select(["user_id", "last_email_sent_timestamp", "sent_count"])
    .where("workspace_id", "=", workspaceId)
    .execute();
  return members
    .filter((member) => member.status === "ACTIVE" || member.status === "FREE_TRIAL")
    .map((member) => {
      const own = counters.filter((row) => row.user_id === member.id);
      const sent = campaigns.filter((row) => row.user_id === member.id);
      const lastEmail = sent.length > 0 ? Math.max(...sent.map((row) => row.last_email_sent_timestamp)) : null;
      return {
        userId: member.id,
        userName: member.name,
        userEmail: member.email,
        userProfilePictureUrl: member.picture,
        lastEmailSentTimestamp: lastEmail === null ? null : String(lastEmail),
        emailSentThisMonth:
          own.find((row) => row.year === now.getUTCFullYear() && row.month === now.getUTCMonth() + 1)?.count ?? 0,
        emailSentAllTime: own.reduce((total, row) => total + row.count, 0),
        sentLast30Days: sent
          .filter((row) => row.last_email_sent_timestamp >= Date.now() - 30 * DAY_MS)
          .reduce((total, row) => total + row.sent_count, 0),
      };
    });
}

describe("GET /workspaces/{workspaceId}/team-report/members", () => {
  it("lists the space's active members with what they sent, most sent this month first", async () => {
    const { status, body } = await (await as(PERSONAS.owner.email)).get(reportPath(MARKETING));
    expect(status).toBe(200);
    const expected = (await expectedReport(MARKETING))
      .map(({ sentLast30Days: _sentLast30Days, ...item }) => item)
      .sort(
        (a, b) =>
          b.emailSentThisMonth - a.emailSentThisMonth ||
          a.userName.toLowerCase().localeCompare(b.userName.toLowerCase()),
      );
    expect(body.items).toEqual(expected);
    // Nine active members and two on a trial; the disabled one and the pending invitees are left out.
    expect(body.items).toHaveLength(11);
    expect(names(body)).not.toContain("Dan Disabled");
    const owner = body.items.find((item: ReportItem) => item.userId === PERSONAS.owner.id);
    expect(owner.emailSentAllTime).toBeGreaterThan(0);
    expect(Number(owner.lastEmailSentTimestamp)).toBeGreaterThan(Date.now() - 3 * DAY_MS);
  });

  it("sorts by name and by all-time count, both ways", async () => {
    const client = await as(PERSONAS.admin.email);
    const byName = await client.get(reportPath(MARKETING, { sortBy: "userName" }));
    expect(names(byName.body)).toEqual([
      "Adam Admin",
      "Ben Baker",
      "Carla Diaz",
      "Eli Fischer",
      "Grace Hall",
      "Gus Gmail",
      "Ivan Jones",
      "Mia Member",
      "Olivia Owner",
      "Tara Trial",
      "Uma Unlimited",
    ]);
    const byNameDesc = await client.get(reportPath(MARKETING, { sortBy: "userName:desc" }));
    expect(names(byNameDesc.body)).toEqual([...names(byName.body)].reverse());

    const allTime = await client.get(reportPath(MARKETING, { sortBy: "emailSentAllTime" }));
    const counts = allTime.body.items.map((item: ReportItem) => item.emailSentAllTime);
    expect(counts).toEqual([...counts].sort((a, b) => b - a));
    const allTimeAsc = await client.get(reportPath(MARKETING, { sortBy: "emailSentAllTime:asc" }));
    expect(allTimeAsc.body.items.map((item: ReportItem) => item.emailSentAllTime)).toEqual([...counts].reverse());
  });

  it("searches names and e-mails, filters by member status, and pages", async () => {
    const client = await as(PERSONAS.owner.email);
    expect(names((await client.get(reportPath(MARKETING, { filterBy: "search:BEN" }))).body)).toEqual(["Ben Baker"]);
    expect(
      names((await client.get(reportPath(MARKETING, { filterBy: "search:mia.m", sortBy: "userName" }))).body),
    ).toEqual([]);
    expect(
      names((await client.get(reportPath(MARKETING, { filterBy: "search:member@", sortBy: "userName" }))).body),
    ).toEqual(["Mia Member"]);
    expect((await client.get(reportPath(MARKETING, { filterBy: "memberStatus:ACTIVE" }))).body.items).toHaveLength(11);
    expect(
      (await client.get(reportPath(MARKETING, { filterBy: "memberStatus:ACTIVE|LEGACY" }))).body.items,
    ).toHaveLength(11);
    expect((await client.get(reportPath(MARKETING, { filterBy: "memberStatus:LEGACY" }))).body).toEqual({ items: [] });

    const all = names((await client.get(reportPath(MARKETING, { sortBy: "userName" }))).body);
    const page = await client.get(reportPath(MARKETING, { sortBy: "userName", limit: 3, limitOffset: 3 }));
    expect(names(page.body)).toEqual(all.slice(3, 6));
  });

  it("lists a legacy space's members as LEGACY", async () => {
    const client = await as(PERSONAS.legacy.email);
    const legacy = await client.get(
      reportPath(SPACES.oldcoTeam.id, { filterBy: "memberStatus:ACTIVE|LEGACY", sortBy: "userName" }),
    );
    expect(names(legacy.body)).toEqual(["Lee Legacy", "Olga Ortiz", "Pete Park"]);
    expect(
      (await client.get(reportPath(SPACES.oldcoTeam.id, { filterBy: "memberStatus:LEGACY" }))).body.items,
    ).toHaveLength(3);
    expect((await client.get(reportPath(SPACES.oldcoTeam.id, { filterBy: "memberStatus:ACTIVE" }))).body).toEqual({
      items: [],
    });
  });

  it.each([
    ["an unknown status", { filterBy: "memberStatus:DISABLED" }, /^filterBy: unknown memberStatus "DISABLED"/],
    ["an unknown sort", { sortBy: "lastEmailSentTimestamp" }, /^sortBy: expected one of/],
    ["limit 0", { limit: 0 }, /^limit: /],
  ])("answers 400 to %s", async (_label, params, reason) => {
    const { status, body } = await (await as(PERSONAS.owner.email)).get(reportPath(MARKETING, params));
    expect(status).toBe(400);
    expect(body.reason).toMatch(reason);
  });

  it("answers 403 without canAccessTeamReport, outside the caller's spaces and to a disabled member; 404 for an unknown space", async () => {
    // A MEMBER of a Pro space, a member of a Free space, a Free space's owner, a non-member, a disabled member.
    for (const [email, workspaceId] of [
      [PERSONAS.member.email, MARKETING],
      [PERSONAS.owner.email, SPACES.acmeSales.id],
      [PERSONAS.solo.email, SPACES.samsSpace.id],
      [PERSONAS.premium.email, MARKETING],
      [PERSONAS.disabled.email, MARKETING],
    ]) {
      const answer = await (await as(email)).get(reportPath(workspaceId));
      expect(answer.status, `${email} in ${workspaceId}`).toBe(403);
      expect((await (await as(email)).get(`/api/v1/workspaces/${workspaceId}/team-report/summary`)).status).toBe(403);
    }
    expect((await (await as(PERSONAS.premium.email)).get(reportPath(SPACES.bigco.id))).status).toBe(200);
    expect((await (await as(PERSONAS.owner.email)).get(reportPath("5199999999999999"))).status).toBe(404);
    expect((await apiClient(backend).get(reportPath(MARKETING))).status).toBe(401);
  });
});

describe("GET /workspaces/{workspaceId}/team-report/summary", () => {
  it("sums the report: active users, this month, all time, and the last 30 days of campaigns", async () => {
    const { status, body } = await (
      await as(PERSONAS.owner.email)
    ).get(`/api/v1/workspaces/${MARKETING}/team-report/summary`);
    expect(status).toBe(200);
    const report = await expectedReport(MARKETING);
    const sum = (pick: (item: (typeof report)[number]) => number) =>
      report.reduce((total, item) => total + pick(item), 0);
    expect(body).toEqual({
      activeUserCount: 11,
      emailSentLast30Days: sum((item) => item.sentLast30Days),
      emailSentThisMonth: sum((item) => item.emailSentThisMonth),
      emailSentAllTime: sum((item) => item.emailSentAllTime),
    });
    // The counters were made from the campaigns, so the last 30 days hold at least what this month does
    // (on the 31st, the first day of the month is more than 30 days ago).
    if (new Date().getUTCDate() <= 30) expect(body.emailSentLast30Days).toBeGreaterThanOrEqual(body.emailSentThisMonth);
  });
});

describe("GET /templates", () => {
  it("lists the twelve templates by their order, with the caller's draft", async () => {
    const { status, body } = await (await as(PERSONAS.owner.email)).get("/api/v1/templates");
    expect(status).toBe(200);
    expect(body.items.map((item: { id: string }) => item.id)).toEqual(
      Array.from({ length: 12 }, (_, index) => `tpl-${String(index + 1).padStart(2, "0")}`),
    );
    expect(body.items.map((item: { order: number }) => item.order)).toEqual(
      Array.from({ length: 12 }, (_, i) => i + 1),
    );
    expect(body.items[0]).toEqual({
      id: "tpl-01",
      subject: "Event invitation",
      thumbnail: "/images/templates/tpl-01.svg",
      preview: expect.stringContaining("{{First name}}"),
      order: 1,
      draftMessageId: null,
    });
    expect(body.items[2]).toMatchObject({
      id: "tpl-03",
      subject: "Monthly newsletter",
      draftMessageId: SEED_DRAFTS[0].messageId,
    });

    // Stored in a shuffled order: the answer's order comes from `order`, not from insertion.
    const stored = await backend.db
      .selectFrom("templates")
      .select("id")
      .orderBy(sql`rowid`)
      .execute();
    expect(stored.map((row) => row.id)).not.toEqual(body.items.map((item: { id: string }) => item.id));
  });

  it("has no drafts for another user, and answers a session with no user too", async () => {
    const admin = await (await as(PERSONAS.admin.email)).get("/api/v1/templates");
    expect(admin.body.items.every((item: { draftMessageId: string | null }) => item.draftMessageId === null)).toBe(
      true,
    );
    const newcomer = await (await as("newcomer@startup.test")).get("/api/v1/templates");
    expect(newcomer.status).toBe(200);
    expect(newcomer.body.items).toHaveLength(12);
    expect((await apiClient(backend).get("/api/v1/templates")).status).toBe(401);
  });
});

describe("POST /users/{userId}/drafts", () => {
  it("creates a draft from a template and remembers it per user and template", async () => {
    const client = await as(PERSONAS.member.email);
    const created = await client.post(`/api/v2/users/${PERSONAS.member.id}/drafts`, {
      fromTemplate: "tpl-05",
      source: "GALLERY",
    });
    expect(created).toEqual({ status: 201, body: { messageId: expect.stringMatching(/^r-\d{19}$/) } });

    const listed = await client.get("/api/v1/templates");
    const webinar = listed.body.items.find((item: { id: string }) => item.id === "tpl-05");
    expect(webinar.draftMessageId).toBe(created.body.messageId);
    expect(
      listed.body.items.filter((item: { draftMessageId: string | null }) => item.draftMessageId !== null),
    ).toHaveLength(1);

    // Another draft from the same template replaces the remembered one; "me" names the caller too.
    const again = await client.post("/api/v2/users/me/drafts", { fromTemplate: "tpl-05", source: "GALLERY" });
    expect(again.status).toBe(201);
    expect(again.body.messageId).not.toBe(created.body.messageId);
    const relisted = await client.get("/api/v1/templates");
    expect(relisted.body.items.find((item: { id: string }) => item.id === "tpl-05").draftMessageId).toBe(
      again.body.messageId,
    );
    // Someone else's gallery is unchanged.
    const owner = await (await as(PERSONAS.owner.email)).get("/api/v1/templates");
    expect(owner.body.items.find((item: { id: string }) => item.id === "tpl-05").draftMessageId).toBeNull();
  });

  it("answers 404 for an unknown template, 403 for another user's id, 400 for a bad body", async () => {
    const client = await as(PERSONAS.member.email);
    const path = `/api/v2/users/${PERSONAS.member.id}/drafts`;
    expect(await client.post(path, { fromTemplate: "tpl-99", source: "GALLERY" })).toEqual({
      status: 404,
      body: { error: "template_not_found" },
    });
    expect(
      (await client.post(`/api/v2/users/${PERSONAS.owner.id}/drafts`, { fromTemplate: "tpl-01", source: "GALLERY" }))
        .status,
    ).toBe(403);
    expect(
      (await client.post("/api/v2/users/6199999999999999/drafts", { fromTemplate: "tpl-01", source: "GALLERY" }))
        .status,
    ).toBe(403);
    expect((await client.post(path, { fromTemplate: "tpl-01", source: "EDITOR" })).status).toBe(400);
    expect((await client.post(path, { source: "GALLERY" })).body).toEqual({
      error: "invalid_request",
      reason: "fromTemplate: fromTemplate is required",
    });
  });

  it("answers 401 without a token and 404 to a session with no user", async () => {
    const body = { fromTemplate: "tpl-01", source: "GALLERY" };
    expect((await apiClient(backend).post("/api/v2/users/me/drafts", body)).status).toBe(401);
    expect(await (await as("newcomer@startup.test")).post("/api/v2/users/me/drafts", body)).toEqual({
      status: 404,
      body: { error: "user_not_found" },
    });
  });
});
