import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PERSONAS, SPACES } from "../../../backend/src/db/seed/personas";
import { startBackend, type RunningBackend } from "../support/backend";
import { signedInClient } from "./support/api";

let backend: RunningBackend;
beforeAll(async () => {
  backend = await startBackend();
});
afterAll(() => backend?.close());

const as = (email: string) => signedInClient(backend, email);

const NO_RESTRICTIONS = {
  USERS_PAGE: false,
  TRANSFER_WORKSPACE: false,
  PREMIUM_PLAN: false,
  INVITATION: false,
  SHARED_UNSUBS: false,
  SHARED_BOUNCES: false,
  MULTIPLE_PAYMENT: false,
  MONTHLY_BILLING: false,
  WORKSPACE_DASHBOARD: false,
};

async function ownedSpaceCount(userId: string) {
  const rows = await backend.db
    .selectFrom("workspace_members")
    .select("workspace_id")
    .where("user_id", "=", userId)
    .where("role", "=", "OWNER")
    .execute();
  return rows.length;
}

describe("GET /workspaces/{id}", () => {
  it("answers the space's details to a member", async () => {
    const { status, body } = await (
      await as(PERSONAS.admin.email)
    ).get(
      `/api/v1/workspaces/${SPACES.acmeMarketing.id}?includeDomains=true&includeFeatures=true&includeMembersCount=true`,
    );
    expect(status).toBe(200);
    expect(body).toEqual({
      workspaceId: SPACES.acmeMarketing.id,
      workspaceName: "Acme Marketing",
      memberCount: 12,
      workspacePlan: "PRO",
      status: "ACTIVE",
      memberInviteUser: true,
      workspaceDomains: [{ domainName: "acme.test" }],
      workspaceFeatures: [
        { userPlan: "FREE", hasMultiDomain: false, allowedUserCount: 50 },
        { userPlan: "PRO", hasMultiDomain: true, allowedUserCount: 10 },
      ],
      legacyType: null,
      paymentSource: "STRIPE",
      urlPrefix: "/5100000000000001/acme-marketing",
      isPerSeat: true,
      restrictions: NO_RESTRICTIONS,
      legacyLicense: null,
    });
  });

  it("includes domains, features and the member count by default, and leaves out what is switched off", async () => {
    const client = await as(PERSONAS.owner.email);
    const full = await client.get(`/api/v1/workspaces/${SPACES.acmeMarketing.id}`);
    expect(full.body).toHaveProperty("memberCount", 12);
    expect(full.body).toHaveProperty("workspaceDomains");
    expect(full.body).toHaveProperty("workspaceFeatures");

    const bare = await client.get(
      `/api/v1/workspaces/${SPACES.acmeMarketing.id}?includeDomains=false&includeFeatures=false&includeMembersCount=false`,
    );
    expect(bare.status).toBe(200);
    expect(bare.body).not.toHaveProperty("memberCount");
    expect(bare.body).not.toHaveProperty("workspaceDomains");
    expect(bare.body).not.toHaveProperty("workspaceFeatures");
    expect(bare.body.restrictions).toEqual(NO_RESTRICTIONS);
  });

  it("shows the legacy space's restriction and PayPal source", async () => {
    const { body } = await (await as(PERSONAS.legacy.email)).get(`/api/v1/workspaces/${SPACES.oldcoTeam.id}`);
    expect(body).toMatchObject({
      workspacePlan: "LEGACY",
      legacyType: "TEAM",
      paymentSource: "PAYPAL",
      isPerSeat: false,
      restrictions: { ...NO_RESTRICTIONS, SHARED_BOUNCES: true },
    });
  });

  it("answers a disabled member only the name, plan, legacy type and status", async () => {
    const answer = await (await as(PERSONAS.disabled.email)).get(`/api/v1/workspaces/${SPACES.acmeMarketing.id}`);
    expect(answer).toEqual({
      status: 200,
      body: {
        workspaceId: SPACES.acmeMarketing.id,
        workspaceName: "Acme Marketing",
        workspacePlan: "PRO",
        legacyType: null,
        status: "DISABLED",
      },
    });
  });

  it("answers a disabled space the reduced view too", async () => {
    await backend.db.updateTable("workspaces").set({ status: "DISABLED" }).where("id", "=", SPACES.bigco.id).execute();
    try {
      const { body } = await (await as(PERSONAS.premium.email)).get(`/api/v1/workspaces/${SPACES.bigco.id}`);
      expect(body).toEqual({
        workspaceId: SPACES.bigco.id,
        workspaceName: "Bigco",
        workspacePlan: "PREMIUM",
        legacyType: null,
        status: "DISABLED",
      });
    } finally {
      await backend.db.updateTable("workspaces").set({ status: "ACTIVE" }).where("id", "=", SPACES.bigco.id).execute();
    }
  });

  it("answers 403 to a non-member, 404 for an unknown space, 400 for a bad flag", async () => {
    const client = await as(PERSONAS.owner.email);
    expect(await client.get(`/api/v1/workspaces/${SPACES.bigco.id}`)).toEqual({
      status: 403,
      body: { error: "forbidden" },
    });
    expect(await client.get("/api/v1/workspaces/5199999999999999")).toEqual({
      status: 404,
      body: { error: "workspace_not_found" },
    });
    expect((await client.get(`/api/v1/workspaces/${SPACES.acmeMarketing.id}?includeDomains=1`)).status).toBe(400);
    // A session with no user is a member of nothing.
    expect(
      (await (await as("stranger@nowhere.test")).get(`/api/v1/workspaces/${SPACES.acmeMarketing.id}`)).status,
    ).toBe(403);
  });
});

describe("POST /workspaces", () => {
  const create = async (email: string, body: unknown) => (await as(email)).post("/api/v1/workspaces", body);

  it("creates a FREE space owned by the caller, with a trimmed name and its slug", async () => {
    const { status, body } = await create(PERSONAS.owner.email, {
      workspaceName: "  Acme Research & Développement  ",
      userId: PERSONAS.owner.id,
      memberInviteUser: false,
    });
    expect(status).toBe(201);
    expect(body).toMatchObject({
      workspaceId: expect.stringMatching(/^5\d{15}$/),
      // 000 §5's sanitiser strips the "&".
      workspaceName: "Acme Research  Développement",
      memberCount: 1,
      workspacePlan: "FREE",
      status: "ACTIVE",
      memberInviteUser: false,
      workspaceDomains: [{ domainName: "acme.test" }],
      urlPrefix: `/${body.workspaceId}/acme-research-developpement`,
      isPerSeat: true,
      restrictions: NO_RESTRICTIONS,
    });

    const me = await (await as(PERSONAS.owner.email)).get("/api/v2/users/me");
    expect(
      me.body.userWorkspaces.find((space: { workspaceId: string }) => space.workspaceId === body.workspaceId),
    ).toMatchObject({
      // 000 §5's sanitiser strips the "&".
      workspaceName: "Acme Research  Développement",
      userRole: "OWNER",
      userPlan: "FREE",
      workspacePlan: "FREE",
    });
  });

  it.each([
    ["a missing name", undefined, "REQUIRED"],
    ["a blank name", "     ", "REQUIRED"],
    ["4 characters after trimming", "  abcd  ", "TOO_SHORT"],
    ["256 characters", "x".repeat(256), "TOO_LONG"],
    ["a right-to-left override", "\u202Eexe.Acme Marketing", "INVALID_CHARACTERS"],
    ["five zero-width spaces", "\u200B\u200B\u200B\u200B\u200B", "INVALID_CHARACTERS"],
    ["a zero-width space inside", "Acme\u200BMarketing", "INVALID_CHARACTERS"],
    ["a word joiner", "Acme\u2060Marketing", "INVALID_CHARACTERS"],
    ["only sanitised characters", "<|&;$%@>", "REQUIRED"],
  ])("refuses %s with 400 %s", async (_label, workspaceName, reason) => {
    const before = await ownedSpaceCount(PERSONAS.admin.id);
    const answer = await create(PERSONAS.admin.email, {
      workspaceName,
      userId: PERSONAS.admin.id,
      memberInviteUser: true,
    });
    expect(answer).toEqual({ status: 400, body: { error: "invalid_request", reason } });
    expect(await ownedSpaceCount(PERSONAS.admin.id)).toBe(before);
  });

  it("accepts exactly 5 and exactly 255 characters, counted after trimming", async () => {
    const five = await create(PERSONAS.premium.email, {
      workspaceName: " abcde ",
      userId: PERSONAS.premium.id,
      memberInviteUser: true,
    });
    expect(five.status).toBe(201);
    expect(five.body.workspaceName).toBe("abcde");

    const longest = " " + "y".repeat(255) + " ";
    const long = await create(PERSONAS.premium.email, {
      workspaceName: longest,
      userId: PERSONAS.premium.id,
      memberInviteUser: true,
    });
    expect(long.status).toBe(201);
    expect(long.body.workspaceName).toHaveLength(255);
    expect(long.body.urlPrefix).toBe(`/${long.body.workspaceId}/${"y".repeat(60)}`);
  });

  it("falls back to the slug 'space' for a name with no ASCII letters", async () => {
    const { body } = await create(PERSONAS.noahNguyen.email, {
      workspaceName: "日本のチーム",
      userId: PERSONAS.noahNguyen.id,
    });
    expect(body.urlPrefix).toBe(`/${body.workspaceId}/space`);
    expect(body.memberInviteUser).toBe(true);
  });

  it("answers 403 when userId is not the caller, 400 when it is missing", async () => {
    const other = await create(PERSONAS.admin.email, { workspaceName: "Hijacked space", userId: PERSONAS.owner.id });
    expect(other.status).toBe(403);
    const missing = await create(PERSONAS.admin.email, { workspaceName: "Nobody's space" });
    expect(missing.status).toBe(400);
    expect(missing.body.error).toBe("invalid_request");
    const notJson = await create(PERSONAS.admin.email, "workspaceName=abc");
    expect(notJson.status).toBe(400);
  });

  it("answers 409 too_many_workspaces to a caller who already owns 5 spaces", async () => {
    expect(await ownedSpaceCount(PERSONAS.solo.id)).toBe(1);
    for (let index = 2; index <= 5; index++) {
      const answer = await create(PERSONAS.solo.email, {
        workspaceName: `Solo project ${index}`,
        userId: PERSONAS.solo.id,
      });
      expect(answer.status).toBe(201);
      expect(answer.body.workspaceDomains).toEqual([]);
    }
    const sixth = await create(PERSONAS.solo.email, { workspaceName: "Solo project 6", userId: PERSONAS.solo.id });
    expect(sixth).toEqual({ status: 409, body: { error: "conflict", reason: "too_many_workspaces" } });
    expect(await ownedSpaceCount(PERSONAS.solo.id)).toBe(5);
  });
});

describe("PUT /workspaces/{id}", () => {
  async function ownedSpace(email: string, userId: string, workspaceName: string) {
    const { body } = await (
      await as(email)
    ).post("/api/v1/workspaces", { workspaceName, userId, memberInviteUser: true });
    return body.workspaceId as string;
  }

  it("renames the space for its owner and moves its urlPrefix with the name", async () => {
    const workspaceId = await ownedSpace(PERSONAS.legacy.email, PERSONAS.legacy.id, "Oldco Archive");
    const client = await as(PERSONAS.legacy.email);

    const { status, body } = await client.put(`/api/v1/workspaces/${workspaceId}`, {
      workspaceName: "  Oldco Archive 2024 ",
    });
    expect(status).toBe(200);
    expect(body).toMatchObject({
      workspaceName: "Oldco Archive 2024",
      urlPrefix: `/${workspaceId}/oldco-archive-2024`,
      memberCount: 1,
      memberInviteUser: true,
    });
    const me = await client.get("/api/v2/users/me");
    expect(me.body.userWorkspaces.map((space: { urlPrefix: string }) => space.urlPrefix)).toContain(
      `/${workspaceId}/oldco-archive-2024`,
    );

    const invite = await client.put(`/api/v1/workspaces/${workspaceId}`, { memberInviteUser: false });
    expect(invite.body).toMatchObject({ workspaceName: "Oldco Archive 2024", memberInviteUser: false });
  });

  it("applies the name rules", async () => {
    const workspaceId = await ownedSpace(PERSONAS.legacy.email, PERSONAS.legacy.id, "Oldco Drafts");
    const client = await as(PERSONAS.legacy.email);
    for (const [workspaceName, reason] of [
      ["", "REQUIRED"],
      [" abc ", "TOO_SHORT"],
      ["z".repeat(256), "TOO_LONG"],
      ["\u200B\u200B\u200B\u200B\u200B", "INVALID_CHARACTERS"],
      ["Oldco\u00ADDrafts", "INVALID_CHARACTERS"],
    ]) {
      expect(await client.put(`/api/v1/workspaces/${workspaceId}`, { workspaceName })).toEqual({
        status: 400,
        body: { error: "invalid_request", reason },
      });
    }
    expect((await client.put(`/api/v1/workspaces/${workspaceId}`, { workspaceName: "z".repeat(255) })).status).toBe(
      200,
    );
  });

  it("answers 400 for an empty or malformed body", async () => {
    const client = await as(PERSONAS.owner.email);
    expect((await client.put(`/api/v1/workspaces/${SPACES.acmeMarketing.id}`, {})).status).toBe(400);
    expect((await client.put(`/api/v1/workspaces/${SPACES.acmeMarketing.id}`, { memberInviteUser: "no" })).status).toBe(
      400,
    );
  });

  it("answers 403 to members who are not the owner, and to non-members; 404 for an unknown space", async () => {
    const rename = { workspaceName: "Taken over" };
    expect(
      (await (await as(PERSONAS.admin.email)).put(`/api/v1/workspaces/${SPACES.acmeMarketing.id}`, rename)).status,
    ).toBe(403);
    expect(
      (await (await as(PERSONAS.owner.email)).put(`/api/v1/workspaces/${SPACES.acmeSales.id}`, rename)).status,
    ).toBe(403);
    expect((await (await as(PERSONAS.owner.email)).put(`/api/v1/workspaces/${SPACES.bigco.id}`, rename)).status).toBe(
      403,
    );
    expect((await (await as(PERSONAS.owner.email)).put("/api/v1/workspaces/5199999999999999", rename)).status).toBe(
      404,
    );

    const unchanged = await (await as(PERSONAS.owner.email)).get(`/api/v1/workspaces/${SPACES.acmeMarketing.id}`);
    expect(unchanged.body.workspaceName).toBe("Acme Marketing");
  });
});
