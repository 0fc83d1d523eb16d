import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { NEWCOMER_EMAIL, PERSONAS, SPACES } from "../../../backend/src/db/seed/personas";
import { whileMembersMayNotInvite } from "../support/space-settings";
import { startBackend, type RunningBackend } from "../support/backend";
import { signedInClient } from "./support/api";

let backend: RunningBackend;
beforeAll(async () => {
  backend = await startBackend();
});
afterAll(() => backend?.close());

const as = (email: string) => signedInClient(backend, email);

interface Month {
  year: number;
  month: number;
  count: number;
}
const sum = (months: Month[]) => months.reduce((total, month) => total + month.count, 0);

describe("GET /users/{id|me}", () => {
  it("answers the signed-in user with every space, ordered by name", async () => {
    const { status, body } = await (await as(PERSONAS.owner.email)).get("/api/v2/users/me");

    expect(status).toBe(200);
    expect(body).toMatchObject({
      userId: PERSONAS.owner.id,
      userEmail: "owner@acme.test",
      userName: "Olivia Owner",
      profilePictureUrl: null,
      isPersonal: false,
      installationTimestamp: expect.stringMatching(/^\d{13}$/),
      lastUpdateTimestamp: expect.stringMatching(/^\d{13}$/),
      domain: { domainName: "acme.test" },
      addonWorkspaceId: SPACES.acmeMarketing.id,
      freeUserQuota: 20,
      isPerSeat: true,
      license: null,
    });
    expect(body.userWorkspaces.map((space: { workspaceName: string }) => space.workspaceName)).toEqual([
      "Acme Marketing",
      "Acme Sales",
    ]);

    const [marketing, sales] = body.userWorkspaces;
    expect(marketing).toMatchObject({
      workspaceId: SPACES.acmeMarketing.id,
      workspacePlan: "PRO",
      userPlan: "PRO",
      userRole: "OWNER",
      status: "ACTIVE",
      urlPrefix: "/5100000000000001/acme-marketing",
      legacyPlanType: null,
      isPerSeat: true,
      workspaceUserFeature: {
        hasMultiDomain: true,
        allowedUserCount: 10,
        workspacePlan: "PRO",
        userPlan: "PRO",
        otherFeatures: {
          teamAnalyticsDashboard: true,
          manageUserRoles: true,
          transferOwnerShip: true,
          shareUnsubscribesAcrossWorkspace: true,
          shareBouncesAccrossWorkspace: true,
        },
        canAccessTeamReport: true,
        canAccessWorkspace: true,
        canAccessWorkspaceBilling: true,
      },
    });
    expect(sales).toMatchObject({
      workspaceId: SPACES.acmeSales.id,
      workspacePlan: "FREE",
      userPlan: "FREE",
      userRole: "MEMBER",
      urlPrefix: "/5100000000000002/acme-sales",
      workspaceUserFeature: {
        hasMultiDomain: false,
        allowedUserCount: 1,
        otherFeatures: {
          teamAnalyticsDashboard: false,
          manageUserRoles: false,
          transferOwnerShip: false,
          shareUnsubscribesAcrossWorkspace: false,
          shareBouncesAccrossWorkspace: false,
        },
        canAccessTeamReport: false,
        canAccessWorkspace: true,
        canAccessWorkspaceBilling: false,
      },
    });
  });

  it("counts 14 months up to the current one, per user and per space", async () => {
    const { body } = await (await as(PERSONAS.owner.email)).get("/api/v2/users/me");
    const months: Month[] = body.counters.monthlySentMails;
    const now = new Date();

    expect(months).toHaveLength(14);
    expect(months.at(-1)).toMatchObject({ year: now.getUTCFullYear(), month: now.getUTCMonth() + 1 });
    expect(months.some((month) => month.count > 0)).toBe(true);
    expect(body.counters.totalNumberOfMailsSent.count).toBeGreaterThanOrEqual(sum(months));

    const [marketing, sales] = body.userWorkspaces;
    expect(marketing.counters.monthlySentMails).toHaveLength(14);
    expect(marketing.counters.totalNumberOfMailsSent.count).toBe(sum(marketing.counters.monthlySentMails));
    // The user's months add up the months of both spaces.
    expect(sum(marketing.counters.monthlySentMails) + sum(sales.counters.monthlySentMails)).toBe(sum(months));
  });

  it("leaves userWorkspaces out when includeWorkspaces=false", async () => {
    const { status, body } = await (await as(PERSONAS.owner.email)).get("/api/v2/users/me?includeWorkspaces=false");
    expect(status).toBe(200);
    expect(body).not.toHaveProperty("userWorkspaces");
    expect(body.counters.monthlySentMails).toHaveLength(14);
  });

  it("answers the user's own id like me, 403 for another user's id, 404 for an unknown one", async () => {
    const client = await as(PERSONAS.owner.email);
    const own = await client.get(`/api/v2/users/${PERSONAS.owner.id}`);
    expect(own.status).toBe(200);
    expect(own.body.userEmail).toBe("owner@acme.test");

    expect(await client.get(`/api/v2/users/${PERSONAS.admin.id}`)).toEqual({
      status: 403,
      body: { error: "forbidden" },
    });
    expect(await client.get("/api/v2/users/6199999999999999")).toEqual({
      status: 404,
      body: { error: "user_not_found" },
    });
  });

  it("answers 404 user_not_found for a session with no user", async () => {
    expect(await (await as("stranger@nowhere.test")).get("/api/v2/users/me")).toEqual({
      status: 404,
      body: { error: "user_not_found" },
    });
  });

  it("answers 400 for a flag that is not true or false", async () => {
    const answer = await (await as(PERSONAS.owner.email)).get("/api/v2/users/me?includeWorkspaces=yes");
    expect(answer.status).toBe(400);
    expect(answer.body.error).toBe("invalid_request");
  });

  it("lists a disabled membership, with workspace access off", async () => {
    const { body } = await (await as(PERSONAS.disabled.email)).get("/api/v2/users/me");
    expect(body.userWorkspaces).toHaveLength(1);
    expect(body.userWorkspaces[0]).toMatchObject({
      workspaceId: SPACES.acmeMarketing.id,
      status: "DISABLED",
      userPlan: "FREE",
      workspaceUserFeature: { canAccessWorkspace: false },
    });
  });

  it("derives billing access from per-seat mode and role", async () => {
    const admin = (await (await as(PERSONAS.admin.email)).get("/api/v2/users/me")).body.userWorkspaces[0];
    const bigcoAdmin = (await (await as(PERSONAS.noahNguyen.email)).get("/api/v2/users/me")).body.userWorkspaces[0];
    // Acme Marketing is per-seat: billing is the owner's alone. Bigco is per-user: admins share it.
    expect(admin.workspaceUserFeature).toMatchObject({ canAccessWorkspaceBilling: false, canAccessTeamReport: true });
    expect(bigcoAdmin.workspaceUserFeature).toMatchObject({
      canAccessWorkspaceBilling: true,
      canAccessTeamReport: true,
    });
  });

  it("describes the free member of a Pro space", async () => {
    const { body } = await (await as(PERSONAS.member.email)).get("/api/v2/users/me");
    expect(body.userWorkspaces[0]).toMatchObject({
      userRole: "MEMBER",
      workspacePlan: "PRO",
      userPlan: "FREE",
      workspaceUserFeature: { allowedUserCount: 50, hasMultiDomain: false, canAccessTeamReport: false },
    });
  });

  it("gives the legacy owner its PayPal licence and a Team space", async () => {
    const { body } = await (await as(PERSONAS.legacy.email)).get("/api/v2/users/me");
    expect(body.license).toEqual({ subscriptionId: "I-7K2M9X4QHB3N", paymentSource: "PAYPAL", autoRenew: true });
    expect(body.userWorkspaces[0]).toMatchObject({
      workspacePlan: "LEGACY",
      legacyPlanType: "TEAM",
      isPerSeat: false,
      workspaceUserFeature: {
        otherFeatures: { teamAnalyticsDashboard: true, transferOwnerShip: false, manageUserRoles: true },
      },
    });
  });

  it("shows the Gmail user as personal, never installed, with nothing sent", async () => {
    const { body } = await (await as(PERSONAS.solo.email)).get("/api/v2/users/me");
    expect(body).toMatchObject({
      isPersonal: true,
      installationTimestamp: null,
      domain: { domainName: "gmail.com" },
      addonWorkspaceId: SPACES.samsSpace.id,
      counters: { totalNumberOfMailsSent: { count: 0 }, monthlySentMails: [] },
    });
    expect(body.userWorkspaces[0]).toMatchObject({
      workspaceName: "Sam's space",
      urlPrefix: "/5100000000000003/sams-space",
    });
  });
});

describe("POST /users/workspace-activation-create-user", () => {
  const path = "/api/v2/users/workspace-activation-create-user?checkPeopleApi=false";

  it("creates the user with a FREE space of their own, then answers 409", async () => {
    const client = await as(NEWCOMER_EMAIL);
    const { status, body } = await client.post(path, { createSource: "WEBAPP" });

    expect(status).toBe(201);
    expect(body).toMatchObject({
      userId: expect.stringMatching(/^6\d{15}$/),
      userEmail: NEWCOMER_EMAIL,
      userName: "newcomer",
      isPersonal: false,
      installationTimestamp: null,
      domain: { domainName: "startup.test" },
      counters: { totalNumberOfMailsSent: { count: 0 }, monthlySentMails: [] },
    });
    expect(body.userWorkspaces).toHaveLength(1);
    const [space] = body.userWorkspaces;
    expect(space).toMatchObject({
      workspaceId: body.addonWorkspaceId,
      workspaceName: "newcomer's space",
      workspacePlan: "FREE",
      userPlan: "FREE",
      userRole: "OWNER",
      status: "ACTIVE",
      urlPrefix: `/${body.addonWorkspaceId}/newcomers-space`,
    });

    expect((await client.get("/api/v2/users/me")).body.userId).toBe(body.userId);
    const space2 = await client.get(`/api/v1/workspaces/${body.addonWorkspaceId}`);
    expect(space2.body).toMatchObject({ memberCount: 1, workspaceDomains: [{ domainName: "startup.test" }] });

    expect(await client.post(path, { createSource: "WEBAPP" })).toEqual({
      status: 409,
      body: { error: "conflict", reason: "user_already_exists" },
    });
  });

  it("makes a Gmail address a personal user whose space has no domain", async () => {
    const client = await as("fresh.face@gmail.com");
    const { status, body } = await client.post(path, { createSource: "WEBAPP" });
    expect(status).toBe(201);
    expect(body.isPersonal).toBe(true);
    const space = await client.get(`/api/v1/workspaces/${body.addonWorkspaceId}`);
    expect(space.body.workspaceDomains).toEqual([]);
  });

  it("answers 409 for an existing persona", async () => {
    expect((await (await as(PERSONAS.owner.email)).post(path, { createSource: "WEBAPP" })).status).toBe(409);
  });

  it.each([[{}], [{ createSource: "ADDON" }], ["not json"]])("answers 400 for the body %j", async (body) => {
    const client = await as("body.checker@startup.test");
    const answer = await client.post(path, body);
    expect(answer.status).toBe(400);
    expect(answer.body.error).toBe("invalid_request");
    expect((await client.get("/api/v2/users/me")).status).toBe(404);
  });
});

describe("GET /users/workspace-activation-status/me", () => {
  const path =
    "/api/v2/users/workspace-activation-status/me?checkIsRegistered=true&includeUserV1=false&includeUserV2=true&includeUserV2Workspace=false&includeFBData=false";

  it("answers for a session with no user", async () => {
    expect(await (await as("stranger@nowhere.test")).get(path)).toEqual({
      status: 200,
      body: { isRegistered: false, isEligible: true, isPerSeat: true, userV2: null, lastActivatedStep: 6 },
    });
  });

  it("includes the user, without spaces unless asked", async () => {
    const client = await as(PERSONAS.premium.email);
    const { status, body } = await client.get(path);
    expect(status).toBe(200);
    expect(body).toMatchObject({ isRegistered: true, isEligible: true, isPerSeat: false });
    expect(body.userV2).toMatchObject({ userId: PERSONAS.premium.id });
    expect(body.userV2).not.toHaveProperty("userWorkspaces");

    const withSpaces = await client.get(path.replace("includeUserV2Workspace=false", "includeUserV2Workspace=true"));
    expect(
      withSpaces.body.userV2.userWorkspaces.map((space: { workspaceName: string }) => space.workspaceName),
    ).toEqual([SPACES.bigco.name, SPACES.bigcoWest.name]);
    const withoutUser = await client.get(path.replace("includeUserV2=true", "includeUserV2=false"));
    expect(withoutUser.body.userV2).toBeNull();
  });
});

describe("GET /users/suggest", () => {
  const suggest = async (email: string, query: string) => (await as(email)).get(`/api/v2/users/suggest?${query}`);
  const emails = (body: { items: Array<{ userEmail: string }> }) => body.items.map((item) => item.userEmail);
  const SALES = SPACES.acmeSales.id;
  const inSales = (keyword: string, extra = "") =>
    suggest(PERSONAS.salesLead.email, `searchKeyword=${keyword}&workspaceId=${SALES}${extra}`);

  it("matches the start of e-mails and of name words among the space's domain users", async () => {
    expect(await inSales("ca", "&limit=10")).toEqual({
      status: 200,
      body: { items: [{ userEmail: "carla.diaz@acme.test", userName: "Carla Diaz" }] },
    });
    expect(emails((await inSales("fisch")).body)).toEqual(["eli.fischer@acme.test"]);
  });

  it("suggests only users of the space's own domains who are not in it yet, never the caller", async () => {
    // "Sam Solo" (gmail.com) and "Olga Ortiz" (oldco.test) are of other domains; Olivia is already in Acme Sales.
    expect(emails((await inSales("sa")).body)).toEqual([]);
    expect(emails((await inSales("ol")).body)).toEqual([]);
    // In Acme Marketing, Carla is a member already, Sara is not.
    const marketing = (keyword: string) =>
      suggest(PERSONAS.owner.email, `searchKeyword=${keyword}&workspaceId=${SPACES.acmeMarketing.id}`);
    expect(emails((await marketing("ca")).body)).toEqual([]);
    expect(emails((await marketing("sa")).body)).toEqual(["sales.lead@acme.test"]);
    // A space without a domain (Sam's, on Gmail) suggests nobody.
    expect(
      emails((await suggest(PERSONAS.solo.email, `searchKeyword=sa&workspaceId=${SPACES.samsSpace.id}`)).body),
    ).toEqual([]);
  });

  it("never makes a public mail domain a space domain: two outlook.com users do not find each other", async () => {
    const [ana, bea] = [`ana.${Date.now()}@outlook.com`, `bea.${Date.now()}@outlook.com`];
    const spaces: string[] = [];
    for (const email of [ana, bea]) {
      const created = await (
        await as(email)
      ).post("/api/v2/users/workspace-activation-create-user?checkPeopleApi=false", { createSource: "WEBAPP" });
      expect(created.status).toBe(201);
      spaces.push(created.body.addonWorkspaceId);
    }
    const space = await (await as(ana)).get(`/api/v1/workspaces/${spaces[0]}?includeDomains=true`);
    expect(space.body.workspaceDomains).toEqual([]);
    expect(emails((await suggest(ana, `searchKeyword=be&workspaceId=${spaces[0]}`)).body)).toEqual([]);
    const newSpace = await (
      await as(bea)
    ).post("/api/v1/workspaces", {
      workspaceName: "Bea's second space",
      userId: (await (await as(bea)).get("/api/v2/users/me")).body.userId,
    });
    expect(newSpace.status).toBe(201);
    expect(newSpace.body.workspaceDomains).toEqual([]);
  });

  it("answers 403 to a member when the space does not let members invite, and to a disabled member", async () => {
    await whileMembersMayNotInvite(backend.db, SALES, async () => {
      expect((await suggest(PERSONAS.owner.email, `searchKeyword=ca&workspaceId=${SALES}`)).status).toBe(403);
      expect((await inSales("ca")).status).toBe(200);
    });
    expect((await suggest(PERSONAS.owner.email, `searchKeyword=ca&workspaceId=${SALES}`)).status).toBe(200);
    expect(
      (await suggest(PERSONAS.disabled.email, `searchKeyword=ca&workspaceId=${SPACES.acmeMarketing.id}`)).status,
    ).toBe(403);
  });

  it("treats LIKE wildcards in the keyword literally and honours limit", async () => {
    expect(emails((await inSales("%25_")).body)).toEqual([]);
    // "Carla Diaz" and "Dan Disabled" both match "di"; the first by e-mail comes first.
    expect(emails((await inSales("di")).body)).toEqual(["carla.diaz@acme.test", "disabled@acme.test"]);
    expect(emails((await inSales("di", "&limit=1")).body)).toEqual(["carla.diaz@acme.test"]);
  });

  it("needs the space, and checks it", async () => {
    expect((await suggest(PERSONAS.owner.email, "searchKeyword=no")).status).toBe(400);
    expect((await suggest(PERSONAS.owner.email, `searchKeyword=no&workspaceId=${SPACES.bigco.id}`)).status).toBe(403);
    expect((await suggest(PERSONAS.owner.email, "searchKeyword=no&workspaceId=5199999999999999")).status).toBe(404);
    const ok = await suggest(PERSONAS.premium.email, `searchKeyword=li&workspaceId=${SPACES.bigco.id}`);
    expect(ok.status).toBe(200);
  });

  it("answers 400 for a keyword under 2 characters or a bad limit", async () => {
    for (const query of [
      "searchKeyword=a",
      "",
      "searchKeyword=%20a%20",
      "searchKeyword=ab&limit=0",
      "searchKeyword=ab&limit=x",
    ].map((query) => `${query}&workspaceId=${SPACES.acmeMarketing.id}`)) {
      const answer = await suggest(PERSONAS.owner.email, query);
      expect(answer.status, query).toBe(400);
      expect(answer.body.error).toBe("invalid_request");
    }
  });
});
