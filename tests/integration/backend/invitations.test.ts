import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hashToken } from "../../../backend/src/auth/tokens";
import { seedInvitationTokens, type SeededInvitationKey } from "../../../backend/src/db/seed/invitations";
import { NEWCOMER_EMAIL, PERSONAS, SPACES } from "../../../backend/src/db/seed/personas";
import { insertInvitation } from "../../../backend/src/store/invitations";
import { insertMember } from "../../../backend/src/store/workspaces";
import { ACCEPT_RATE_LIMIT } from "../../../backend/src/http/invitations";
import { startBackend, type RunningBackend } from "../support/backend";
import { apiClient, signedInClient } from "./support/api";

let backend: RunningBackend;
let INVITATION_TOKENS: Record<SeededInvitationKey, string>;
beforeAll(async () => {
  backend = await startBackend();
  INVITATION_TOKENS = await seedInvitationTokens(backend.db);
});
afterAll(() => backend?.close());

const as = (email: string) => signedInClient(backend, email);
const acceptPath = (token: string) => `/api/v1/invitations/${encodeURIComponent(token)}/accept`;
const accept = async (email: string, token: string) => (await as(email)).put(acceptPath(token));

const NOT_ACTIVE = { status: 409, body: { error: "conflict", reason: "invitation_is_not_active" } };
const ALREADY_MEMBER = { status: 409, body: { error: "conflict", reason: "user_already_exists" } };

async function invitationStatus(token: string) {
  const row = await backend.db
    .selectFrom("invitations")
    .select(["status", "accepted_at"])
    .where("token_hash", "=", hashToken(token))
    .executeTakeFirstOrThrow();
  return row.status;
}

async function membershipsOf(email: string) {
  const { status, body } = await (await as(email)).get("/api/v2/users/me");
  expect(status).toBe(200);
  return body.userWorkspaces as {
    workspaceId: string;
    workspaceName: string;
    userRole: string;
    userPlan: string;
    status: string;
  }[];
}

describe("GET /invitations/{token}", () => {
  const lookUp = async (email: string, token: string) =>
    (await as(email)).get(`/api/v1/invitations/${encodeURIComponent(token)}`);

  it("names the space that invites and who invited, to the invitee, changing nothing (issue 26)", async () => {
    expect(await lookUp(PERSONAS.admin.email, INVITATION_TOKENS.adminToBigco)).toEqual({
      status: 200,
      body: {
        workspaceId: SPACES.bigco.id,
        workspaceName: "Bigco",
        urlPrefix: `/${SPACES.bigco.id}/${SPACES.bigco.slug}`,
        invitedByName: "Priya Premium",
      },
    });
    expect(await invitationStatus(INVITATION_TOKENS.adminToBigco)).toBe("PENDING");
  });

  it("refuses as accepting does: unknown, another account's, no longer active, already a member", async () => {
    expect(await lookUp(PERSONAS.solo.email, "inv-does-not-exist")).toEqual({
      status: 404,
      body: { error: "invitation_not_found" },
    });
    expect((await lookUp(PERSONAS.owner.email, INVITATION_TOKENS.adminToBigco)).status).toBe(403);
    expect(await lookUp(PERSONAS.solo.email, INVITATION_TOKENS.soloCancelled)).toEqual(NOT_ACTIVE);
    expect(await lookUp(PERSONAS.owner.email, INVITATION_TOKENS.ownerToAcmeSales)).toEqual(ALREADY_MEMBER);
    expect((await apiClient(backend).get(`/api/v1/invitations/${INVITATION_TOKENS.adminToBigco}`)).status).toBe(401);
  });
});

describe("PUT /invitations/{token}/accept: success", () => {
  it("joins the space as an active FREE member, marks the invitation accepted, and refuses a second accept", async () => {
    expect((await membershipsOf(PERSONAS.solo.email)).map((space) => space.workspaceId)).not.toContain(
      SPACES.acmeMarketing.id,
    );
    const before = Date.now();

    expect(await accept(PERSONAS.solo.email, INVITATION_TOKENS.soloToAcmeMarketing)).toEqual({
      status: 200,
      body: { workspaceId: SPACES.acmeMarketing.id, workspaceName: "Acme Marketing" },
    });

    expect(
      (await membershipsOf(PERSONAS.solo.email)).find((space) => space.workspaceId === SPACES.acmeMarketing.id),
    ).toMatchObject({ workspaceName: "Acme Marketing", userRole: "MEMBER", userPlan: "FREE", status: "ACTIVE" });

    const member = await backend.db
      .selectFrom("workspace_members")
      .selectAll()
      .where("workspace_id", "=", SPACES.acmeMarketing.id)
      .where("user_id", "=", PERSONAS.solo.id)
      .executeTakeFirstOrThrow();
    expect(member).toMatchObject({
      role: "MEMBER",
      user_plan: "FREE",
      status: "ACTIVE",
      seat_type: "ADDED_YAMM_USER",
      free_trial_end_timestamp: null,
      last_become_paid_timestamp: null,
    });
    expect(member.create_timestamp).toBeGreaterThanOrEqual(before);
    expect(member.last_update_timestamp).toBe(member.create_timestamp);
    expect(await invitationStatus(INVITATION_TOKENS.soloToAcmeMarketing)).toBe("ACCEPTED");

    // The new member now sees the space's members list, and is in it.
    const list = await (
      await as(PERSONAS.solo.email)
    ).get(`/api/v1/workspaces/${SPACES.acmeMarketing.id}/members?filterBy=search:solo`);
    expect(list.body).toMatchObject({
      items: [expect.objectContaining({ userId: PERSONAS.solo.id, userRole: "MEMBER", seatType: "ADDED_YAMM_USER" })],
      total: 1,
    });
    expect(list.body.items).toHaveLength(1);

    expect(await accept(PERSONAS.solo.email, INVITATION_TOKENS.soloToAcmeMarketing)).toEqual(NOT_ACTIVE);
    const memberships = await backend.db
      .selectFrom("workspace_members")
      .select("user_id")
      .where("workspace_id", "=", SPACES.acmeMarketing.id)
      .where("user_id", "=", PERSONAS.solo.id)
      .execute();
    expect(memberships).toHaveLength(1);
  });

  it("lets the newcomer join once signed up (404 before)", async () => {
    expect(await accept(NEWCOMER_EMAIL, INVITATION_TOKENS.newcomerToAcmeSales)).toEqual({
      status: 404,
      body: { error: "user_not_found" },
    });
    expect(await invitationStatus(INVITATION_TOKENS.newcomerToAcmeSales)).toBe("PENDING");

    const client = await as(NEWCOMER_EMAIL);
    const signUp = await client.post("/api/v2/users/workspace-activation-create-user?checkPeopleApi=false", {
      createSource: "WEBAPP",
    });
    expect(signUp.status).toBe(201);
    expect(await client.put(acceptPath(INVITATION_TOKENS.newcomerToAcmeSales))).toEqual({
      status: 200,
      body: { workspaceId: SPACES.acmeSales.id, workspaceName: "Acme Sales" },
    });
    const spaces = await membershipsOf(NEWCOMER_EMAIL);
    expect(spaces.map((space) => space.workspaceName).sort()).toEqual(["Acme Sales", "newcomer's space"]);
  });

  it("turns a pending membership (invited, not joined) into an active one", async () => {
    const token = "inv-test-pending-member";
    await insertMember(backend.db, {
      workspaceId: SPACES.oldcoTeam.id,
      userId: PERSONAS.member.id,
      role: "MEMBER",
      userPlan: "FREE",
      status: "PENDING",
      createdAt: Date.now() - 1000,
    });
    await insertInvitation(backend.db, {
      token,
      workspaceId: SPACES.oldcoTeam.id,
      invitedEmail: PERSONAS.member.email,
      invitedByUserId: PERSONAS.legacy.id,
      createdAt: Date.now() - 1000,
    });

    expect((await accept(PERSONAS.member.email, token)).status).toBe(200);
    const member = await backend.db
      .selectFrom("workspace_members")
      .select(["status", "seat_type"])
      .where("workspace_id", "=", SPACES.oldcoTeam.id)
      .where("user_id", "=", PERSONAS.member.id)
      .executeTakeFirstOrThrow();
    expect(member).toEqual({ status: "ACTIVE", seat_type: "ADDED_YAMM_USER" });
  });
});

describe("PUT /invitations/{token}/accept: failures", () => {
  it("answers 401 without a token", async () => {
    expect(await apiClient(backend).put(acceptPath(INVITATION_TOKENS.adminToBigco))).toEqual({
      status: 401,
      body: { error: "unauthorized" },
    });
  });

  it("answers 404 for an unknown token", async () => {
    expect(await accept(PERSONAS.solo.email, "inv-does-not-exist")).toEqual({
      status: 404,
      body: { error: "invitation_not_found" },
    });
  });

  it("answers 403 to another account, and leaves the invitation for its invitee", async () => {
    const other = await accept(PERSONAS.owner.email, INVITATION_TOKENS.adminToBigco);
    expect(other.status).toBe(403);
    expect(other.body.error).toBe("forbidden");
    expect((await accept(NEWCOMER_EMAIL, INVITATION_TOKENS.adminToBigco)).status).toBe(403);
    expect(await invitationStatus(INVITATION_TOKENS.adminToBigco)).toBe("PENDING");
    expect((await membershipsOf(PERSONAS.owner.email)).map((space) => space.workspaceId)).not.toContain(
      SPACES.bigco.id,
    );

    expect(await accept(PERSONAS.admin.email, INVITATION_TOKENS.adminToBigco)).toEqual({
      status: 200,
      body: { workspaceId: SPACES.bigco.id, workspaceName: "Bigco" },
    });
  });

  it("answers 409 invitation_is_not_active for an expired or cancelled invitation", async () => {
    expect(await accept(PERSONAS.solo.email, INVITATION_TOKENS.soloExpired)).toEqual(NOT_ACTIVE);
    expect(await accept(PERSONAS.solo.email, INVITATION_TOKENS.soloCancelled)).toEqual(NOT_ACTIVE);
    const spaces = (await membershipsOf(PERSONAS.solo.email)).map((space) => space.workspaceId);
    expect(spaces).not.toContain(SPACES.oldcoTeam.id);
    expect(spaces).not.toContain(SPACES.bigco.id);
    expect(await invitationStatus(INVITATION_TOKENS.soloCancelled)).toBe("CANCELLED");
  });

  it("answers 409 invitation_is_not_active for a pending invitation past its expiry", async () => {
    const token = "inv-test-lapsed";
    await insertInvitation(backend.db, {
      token,
      workspaceId: SPACES.oldcoTeam.id,
      invitedEmail: PERSONAS.premium.email,
      invitedByUserId: PERSONAS.legacy.id,
      createdAt: Date.now() - 40 * 86_400_000,
      expiresAt: Date.now() - 1000,
    });
    expect(await accept(PERSONAS.premium.email, token)).toEqual(NOT_ACTIVE);
    expect((await membershipsOf(PERSONAS.premium.email)).map((space) => space.workspaceId)).not.toContain(
      SPACES.oldcoTeam.id,
    );
  });

  it("answers 409 user_already_exists to someone already in the space, and leaves the membership alone", async () => {
    const before = await membershipsOf(PERSONAS.owner.email);
    expect(await accept(PERSONAS.owner.email, INVITATION_TOKENS.ownerToAcmeSales)).toEqual(ALREADY_MEMBER);
    expect(await membershipsOf(PERSONAS.owner.email)).toEqual(before);
    expect(await invitationStatus(INVITATION_TOKENS.ownerToAcmeSales)).toBe("PENDING");
  });
});

describe("PUT /invitations/{token}/accept: guessing", () => {
  it("answers 429 with Retry-After once a caller has tried ACCEPT_RATE_LIMIT times; others are not slowed", async () => {
    // Ben has made no attempt in this file: his window is fresh.
    const ben = await as(PERSONAS.benBaker.email);
    const guesses = await Promise.all(Array.from({ length: 300 }, (_, index) => ben.put(acceptPath(`guess-${index}`))));
    const statuses = guesses.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 404)).toHaveLength(ACCEPT_RATE_LIMIT.limit);
    expect(statuses.filter((status) => status === 429)).toHaveLength(300 - ACCEPT_RATE_LIMIT.limit);
    expect(guesses.find((answer) => answer.status === 429)?.body).toEqual({ error: "too_many_requests" });

    const refused = await fetch(`${backend.url}${acceptPath(INVITATION_TOKENS.adminToBigco)}`, {
      method: "PUT",
      headers: { Authorization: `Bearer ${(await backend.issueSession(PERSONAS.benBaker.email)).accessToken}` },
    });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect((await accept(PERSONAS.carlaDiaz.email, "guess-x")).status).toBe(404);
  });
});
