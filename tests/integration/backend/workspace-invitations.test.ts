import type { Updateable } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { WorkspacesTable } from "../../../backend/src/db/tables/workspaces";
import { PERSONAS, SPACES } from "../../../backend/src/db/seed/personas";
import { whileMembersMayNotInvite } from "../support/space-settings";
import { startBackend, type RunningBackend } from "../support/backend";
import { signedInClient } from "./support/api";

/**
 * Inviting to a space (002 §7 Members and invitations): the validity check,
 * invite, resend and cancel; invite links land in the reference backend's
 * outbox, and accepting one joins the space.
 */

let backend: RunningBackend;
beforeAll(async () => {
  backend = await startBackend();
});
afterAll(() => backend?.close());

const MARKETING = SPACES.acmeMarketing.id;
const as = (email: string) => signedInClient(backend, email);
const invitationsPath = (workspaceId: string, rest = "") => `/api/v1/workspaces/${workspaceId}/invitations${rest}`;
const invite = async (email: string, userEmails: string[], workspaceId: string = MARKETING) =>
  (await as(email)).post(invitationsPath(workspaceId), { userEmails });

/** The newest invite link sent to the address, as a path under the app. */
async function lastLinkTo(email: string) {
  const mail = await backend.db
    .selectFrom("outbox_mails")
    .selectAll()
    .where("to_email", "=", email)
    .orderBy("id", "desc")
    .executeTakeFirst();
  return mail?.link_path;
}
const tokenOf = (link: string | undefined) => /\/invitations\/([\w-]+)\/accept$/.exec(link ?? "")?.[1] ?? "";
const accept = async (email: string, token: string) => (await as(email)).put(`/api/v1/invitations/${token}/accept`);

function invitationsOf(email: string) {
  return backend.db
    .selectFrom("invitations")
    .select(["status", "expires_at"])
    .where("workspace_id", "=", MARKETING)
    .where("invited_email", "=", email)
    .execute();
}

describe("POST /workspaces/{id}/invitations?onlyCheckValidity=true", () => {
  it("says which addresses can be invited, lower-cased and once each, and stores nothing", async () => {
    const answer = await (
      await as(PERSONAS.owner.email)
    ).post(invitationsPath(MARKETING, "?onlyCheckValidity=true"), {
      userEmails: ["New.Person@Acme.test", "owner@acme.test", "x@other.test", "not-an-address", "new.person@acme.test"],
    });
    expect(answer).toEqual({
      status: 200,
      body: {
        items: [
          { email: "new.person@acme.test", errorMsg: null },
          { email: "owner@acme.test", errorMsg: "already_member" },
          { email: "x@other.test", errorMsg: "not_in_space_domain" },
          { email: "not-an-address", errorMsg: "invalid_email" },
        ],
      },
    });
    expect(await invitationsOf("new.person@acme.test")).toEqual([]);
  });
});

describe("POST /workspaces/{id}/invitations", () => {
  it("invites the valid addresses, reports the others, and the link in the outbox joins the space", async () => {
    const answer = await invite(PERSONAS.owner.email, [PERSONAS.salesLead.email, PERSONAS.owner.email]);
    expect(answer).toEqual({
      status: 200,
      body: {
        success: false,
        results: [
          { userEmail: PERSONAS.salesLead.email, errorDetails: null },
          { userEmail: PERSONAS.owner.email, errorDetails: "already_member" },
        ],
      },
    });
    expect(await invitationsOf(PERSONAS.salesLead.email)).toEqual([
      { status: "PENDING", expires_at: expect.any(Number) },
    ]);
    const link = await lastLinkTo(PERSONAS.salesLead.email);
    expect(link).toMatch(new RegExp(`^/${MARKETING}/acme-marketing/invitations/[\\w-]{32}/accept$`));
    expect(await lastLinkTo(PERSONAS.owner.email)).toBeUndefined();

    // Invited once only.
    expect((await invite(PERSONAS.admin.email, [PERSONAS.salesLead.email])).body.results).toEqual([
      { userEmail: PERSONAS.salesLead.email, errorDetails: "already_invited" },
    ]);

    // Resending makes a new link; the old one no longer works.
    const resent = await (
      await as(PERSONAS.admin.email)
    ).put(invitationsPath(MARKETING, "/resend"), {
      invitedUserEmails: [PERSONAS.salesLead.email],
    });
    expect(resent.status).toBe(204);
    const newLink = await lastLinkTo(PERSONAS.salesLead.email);
    expect(newLink).not.toBe(link);
    expect((await accept(PERSONAS.salesLead.email, tokenOf(link))).body).toEqual({
      error: "conflict",
      reason: "invitation_is_not_active",
    });
    expect(await accept(PERSONAS.salesLead.email, tokenOf(newLink))).toEqual({
      status: 200,
      body: { workspaceId: MARKETING, workspaceName: "Acme Marketing" },
    });
  });

  it("cancels a pending invitation; cancelling or resending what is not pending is a 404", async () => {
    const email = "leaving.soon@acme.test";
    expect((await invite(PERSONAS.owner.email, [email])).body.success).toBe(true);
    const client = await as(PERSONAS.owner.email);
    expect((await client.delete(invitationsPath(MARKETING), { invitedUserEmails: [email] })).status).toBe(204);
    expect(await invitationsOf(email)).toEqual([{ status: "CANCELLED", expires_at: expect.any(Number) }]);
    expect(await client.delete(invitationsPath(MARKETING), { invitedUserEmails: [email] })).toEqual({
      status: 404,
      body: { error: "invitation_not_found" },
    });
    expect((await client.put(invitationsPath(MARKETING, "/resend"), { invitedUserEmails: [email] })).status).toBe(404);
    expect((await client.delete(invitationsPath(MARKETING), { invitedUserEmails: [] })).status).toBe(400);
  });

  it("lets a member resend and cancel only the invitations they sent (000 §6; issue 26)", async () => {
    const owners = "owners.guest@acme.test";
    const members = "members.guest@acme.test";
    expect((await invite(PERSONAS.owner.email, [owners])).body.success).toBe(true);
    expect((await invite(PERSONAS.member.email, [members])).body.success).toBe(true);
    const member = await as(PERSONAS.member.email);
    const refused = { status: 403, body: { error: "forbidden", reason: "not_your_invitation" } };

    expect(await member.put(invitationsPath(MARKETING, "/resend"), { invitedUserEmails: [owners] })).toEqual(refused);
    expect(await member.delete(invitationsPath(MARKETING), { invitedUserEmails: [owners] })).toEqual(refused);
    // All or nothing: one of someone else's among their own refuses the whole call.
    expect(await member.delete(invitationsPath(MARKETING), { invitedUserEmails: [members, owners] })).toEqual(refused);
    expect(await invitationsOf(owners)).toEqual([{ status: "PENDING", expires_at: expect.any(Number) }]);
    expect(await invitationsOf(members)).toEqual([{ status: "PENDING", expires_at: expect.any(Number) }]);

    expect((await member.put(invitationsPath(MARKETING, "/resend"), { invitedUserEmails: [members] })).status).toBe(204);
    // Resent, it stays the member's own: the new invitation keeps its inviter.
    expect((await member.delete(invitationsPath(MARKETING), { invitedUserEmails: [members] })).status).toBe(204);
    expect(await invitationsOf(members)).toEqual(
      expect.arrayContaining([{ status: "CANCELLED", expires_at: expect.any(Number) }]),
    );
    const inviters = await backend.db
      .selectFrom("invitations")
      .select("invited_by_user_id")
      .where("invited_email", "=", members)
      .execute();
    expect(inviters.map((row) => row.invited_by_user_id)).toEqual([PERSONAS.member.id, PERSONAS.member.id]);

    // The owner and the admin handle anyone's.
    const admin = await as(PERSONAS.admin.email);
    expect((await admin.delete(invitationsPath(MARKETING), { invitedUserEmails: [owners] })).status).toBe(204);
  });

  it("refuses past the space's free allowance (Acme Sales, Free, already holds its member)", async () => {
    const answer = await invite(PERSONAS.salesLead.email, [PERSONAS.admin.email], SPACES.acmeSales.id);
    expect(answer.body.results).toEqual([{ userEmail: PERSONAS.admin.email, errorDetails: "user_limit_reached" }]);
  });

  it("answers 403 to a member when the space does not let members invite, and when invitations are restricted", async () => {
    const setSpace = (values: Updateable<WorkspacesTable>) =>
      backend.db.updateTable("workspaces").set(values).where("id", "=", MARKETING).execute();
    await whileMembersMayNotInvite(backend.db, MARKETING, async () => {
      expect((await invite(PERSONAS.member.email, ["someone.new@acme.test"])).status).toBe(403);
    });
    expect((await invite(PERSONAS.member.email, ["someone.new@acme.test"])).status).toBe(200);

    const { restrictions } = await backend.db
      .selectFrom("workspaces")
      .select("restrictions")
      .where("id", "=", MARKETING)
      .executeTakeFirstOrThrow();
    await setSpace({ restrictions: JSON.stringify({ INVITATION: true }) });
    try {
      expect(await invite(PERSONAS.owner.email, ["another.new@acme.test"])).toEqual({
        status: 403,
        body: { error: "forbidden", reason: "invitation_restricted" },
      });
    } finally {
      await setSpace({ restrictions });
    }
    expect((await invite(PERSONAS.disabled.email, ["x.y@acme.test"])).status).toBe(403);
  });
});
