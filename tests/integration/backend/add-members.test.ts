import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { NINA_EMAIL, PERSONAS, SPACES } from "../../../backend/src/db/seed/personas";
import { whileMembersMayNotInvite } from "../support/space-settings";
import { startBackend, type RunningBackend } from "../support/backend";
import { signedInClient } from "./support/api";

let backend: RunningBackend;
beforeAll(async () => {
  backend = await startBackend();
});
afterAll(() => backend?.close());

const as = (email: string) => signedInClient(backend, email);
const addPath = (workspaceId: string) => `/api/v1/workspaces/${workspaceId}/users/v1`;
const checkPath = (workspaceId: string) => `/api/v1/workspaces/${workspaceId}/members?onlyCheckValidity=true`;

async function pendingOf(workspaceId: string) {
  return backend.db
    .selectFrom("invitations")
    .select(["invited_email", "user_plan"])
    .where("workspace_id", "=", workspaceId)
    .where("status", "=", "PENDING")
    .orderBy("invited_email")
    .execute();
}

async function acmeSeats() {
  const { body } = await (
    await as(PERSONAS.owner.email)
  ).get(`/billing/workspace-billing/workspaces/${SPACES.acmeMarketing.id}/subscriptions/v2?status=ACTIVE`);
  return body.items[0].subscriptionPaymentPlans.find((plan: { userPlanType: string }) => plan.userPlanType === "PRO");
}

describe("POST /workspaces/{id}/members?onlyCheckValidity=true", () => {
  it("says which addresses may be added, with the user id of those who have one, and stores nothing", async () => {
    const before = await pendingOf(SPACES.acmeMarketing.id);
    const { status, body } = await (
      await as(PERSONAS.admin.email)
    ).post(checkPath(SPACES.acmeMarketing.id), {
      userEmails: [
        " Sales.Lead@acme.test",
        "new.person@acme.test",
        "ben.baker@acme.test",
        NINA_EMAIL,
        "x@other.test",
        "nope",
      ],
    });
    expect(status).toBe(200);
    expect(body.items).toEqual([
      { userId: PERSONAS.salesLead.id, userEmail: "sales.lead@acme.test", errorMsg: null },
      { userId: null, userEmail: "new.person@acme.test", errorMsg: null },
      { userId: PERSONAS.benBaker.id, userEmail: "ben.baker@acme.test", errorMsg: "already_member" },
      { userId: null, userEmail: NINA_EMAIL, errorMsg: "already_invited" },
      { userId: null, userEmail: "x@other.test", errorMsg: "not_in_space_domain" },
      { userId: null, userEmail: "nope", errorMsg: "invalid_email" },
    ]);
    expect(await pendingOf(SPACES.acmeMarketing.id)).toEqual(before);
  });

  it("answers 400 without addresses", async () => {
    const client = await as(PERSONAS.owner.email);
    expect((await client.post(checkPath(SPACES.acmeMarketing.id), { userEmails: [] })).body).toEqual({
      error: "invalid_request",
      reason: "userEmails: user emails are required",
    });
  });
});

describe("POST /workspaces/{id}/users/v1 in a per-seat space", () => {
  it("adds members on the free seats, first come first served, and reports the others (002 §2 Add members)", async () => {
    expect(await acmeSeats()).toMatchObject({ totalSeats: 10, assignedSeats: 8, availableSeats: 2 });
    const { status, body } = await (
      await as(PERSONAS.owner.email)
    ).post(addPath(SPACES.acmeMarketing.id), {
      userEmails: ["first@acme.test", "first@acme.test", "second@acme.test", "third@acme.test", "far@other.test"],
    });
    expect(status).toBe(200);
    expect(body).toEqual({
      success: false,
      results: [
        { userEmail: "first@acme.test", errorDetails: null },
        { userEmail: "second@acme.test", errorDetails: null },
        { userEmail: "third@acme.test", errorDetails: "no_seat_available" },
        { userEmail: "far@other.test", errorDetails: "not_in_space_domain" },
      ],
    });
    const pending = await pendingOf(SPACES.acmeMarketing.id);
    expect(pending).toContainEqual({ invited_email: "first@acme.test", user_plan: "PRO" });
    expect(pending).toContainEqual({ invited_email: "second@acme.test", user_plan: "PRO" });
    expect(pending.map((row) => row.invited_email)).not.toContain("third@acme.test");
    expect(await acmeSeats()).toMatchObject({ assignedSeats: 10, availableSeats: 0 });

    // The new pending members are listed, and every invitee got a link.
    const list = await (
      await as(PERSONAS.owner.email)
    ).get(`/api/v1/workspaces/${SPACES.acmeMarketing.id}/members?filterBy=status:PENDING`);
    expect(list.body.items.map((item: { userEmail: string }) => item.userEmail)).toEqual(
      expect.arrayContaining(["first@acme.test", "second@acme.test"]),
    );
    const outbox = await backend.db.selectFrom("outbox_mails").select("to_email").execute();
    expect(outbox.map((mail) => mail.to_email)).toEqual(
      expect.arrayContaining(["first@acme.test", "second@acme.test"]),
    );
  });

  it("answers success when every address was added, and refuses the next one once the seats are taken", async () => {
    const client = await as(PERSONAS.owner.email);
    const cancelled = await client.delete(`/api/v1/workspaces/${SPACES.acmeMarketing.id}/invitations`, {
      invitedUserEmails: ["second@acme.test"],
    });
    expect(cancelled.status).toBe(204);
    expect(await client.post(addPath(SPACES.acmeMarketing.id), { userEmails: ["third@acme.test"] })).toEqual({
      status: 200,
      body: { success: true, results: [{ userEmail: "third@acme.test", errorDetails: null }] },
    });
    expect((await client.post(addPath(SPACES.acmeMarketing.id), { userEmails: ["fourth@acme.test"] })).body).toEqual({
      success: false,
      results: [{ userEmail: "fourth@acme.test", errorDetails: "no_seat_available" }],
    });
  });

  it("lets the added member join on the paid seat they held", async () => {
    const client = await as(PERSONAS.owner.email);
    // sales.lead@acme.test has a user: add them in place of first@acme.test, then accept the link they got.
    await client.delete(`/api/v1/workspaces/${SPACES.acmeMarketing.id}/invitations`, {
      invitedUserEmails: ["first@acme.test"],
    });
    expect(
      (await client.post(addPath(SPACES.acmeMarketing.id), { userEmails: ["sales.lead@acme.test"] })).body.success,
    ).toBe(true);
    const mail = await backend.db
      .selectFrom("outbox_mails")
      .select("link_path")
      .where("to_email", "=", "sales.lead@acme.test")
      .orderBy("id", "desc")
      .executeTakeFirstOrThrow();
    const token = mail.link_path.split("/invitations/")[1]!.replace("/accept", "");
    expect((await (await as(PERSONAS.salesLead.email)).put(`/api/v1/invitations/${token}/accept`)).status).toBe(200);
    const member = await backend.db
      .selectFrom("workspace_members")
      .select(["user_plan", "status", "seat_type"])
      .where("workspace_id", "=", SPACES.acmeMarketing.id)
      .where("user_id", "=", PERSONAS.salesLead.id)
      .executeTakeFirstOrThrow();
    expect(member).toEqual({ user_plan: "PRO", status: "ACTIVE", seat_type: "ADDED_YAMM_USER" });
    expect(await acmeSeats()).toMatchObject({ assignedSeats: 10, availableSeats: 0 });
  });
});

describe("POST /workspaces/{id}/users/v1 elsewhere", () => {
  it("keeps a legacy team within its paid user limit (5 on Oldco Team, 3 taken)", async () => {
    const { body } = await (
      await as(PERSONAS.legacy.email)
    ).post(addPath(SPACES.oldcoTeam.id), {
      userEmails: ["a@oldco.test", "b@oldco.test", "c@oldco.test"],
    });
    expect(body.results).toEqual([
      { userEmail: "a@oldco.test", errorDetails: null },
      { userEmail: "b@oldco.test", errorDetails: null },
      { userEmail: "c@oldco.test", errorDetails: "user_limit_reached" },
    ]);
    expect(await pendingOf(SPACES.oldcoTeam.id)).toEqual([
      { invited_email: "a@oldco.test", user_plan: "PRO" },
      { invited_email: "b@oldco.test", user_plan: "PRO" },
    ]);
  });

  it("adds free members to a space without a subscription, within its free allowance", async () => {
    const { body } = await (
      await as(PERSONAS.solo.email)
    ).post(addPath(SPACES.samsSpace.id), {
      userEmails: ["friend@gmail.com"],
    });
    // Sam's space is Free: one member, and Sam is it.
    expect(body.results).toEqual([{ userEmail: "friend@gmail.com", errorDetails: "user_limit_reached" }]);
  });

  it("refuses a member who may not invite, a disabled member and a non-member", async () => {
    const body = { userEmails: ["someone@acme.test"] };
    await whileMembersMayNotInvite(backend.db, SPACES.acmeMarketing.id, async () => {
      expect((await (await as(PERSONAS.member.email)).post(addPath(SPACES.acmeMarketing.id), body)).status).toBe(403);
    });
    expect((await (await as(PERSONAS.disabled.email)).post(addPath(SPACES.acmeMarketing.id), body)).status).toBe(403);
    expect((await (await as(PERSONAS.premium.email)).post(addPath(SPACES.acmeMarketing.id), body)).status).toBe(403);
  });
});

describe("GET /workspaces/{id}/members/promote-validity", () => {
  it("lists the free members already paid in another space (already_paid_user)", async () => {
    // owner@acme.test is a free MEMBER of Acme Sales and a paid OWNER of Acme Marketing; sales.lead@acme.test
    // took a paid seat in Acme Marketing above.
    const { status, body } = await (
      await as(PERSONAS.salesLead.email)
    ).get(`/api/v1/workspaces/${SPACES.acmeSales.id}/members/promote-validity`);
    expect(status).toBe(200);
    expect(body.items).toEqual([
      { userId: PERSONAS.owner.id, userEmail: PERSONAS.owner.email, errorCode: "already_paid_user" },
      { userId: PERSONAS.salesLead.id, userEmail: PERSONAS.salesLead.email, errorCode: "already_paid_user" },
    ]);
    const acme = await (
      await as(PERSONAS.owner.email)
    ).get(`/api/v1/workspaces/${SPACES.acmeMarketing.id}/members/promote-validity`);
    expect(acme.body).toEqual({ items: [] });
  });

  it("answers 403 to a MEMBER", async () => {
    const { status } = await (
      await as(PERSONAS.owner.email)
    ).get(`/api/v1/workspaces/${SPACES.acmeSales.id}/members/promote-validity`);
    expect(status).toBe(403);
  });
});
