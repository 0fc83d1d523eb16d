import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createBackendApp } from "../../../backend/src/app";
import { DEFAULT_CONFIG } from "../../../backend/src/config";
import { INVITATION_MAIL_LIMITS } from "../../../backend/src/domain/invitation-mail-limits";
import { PERSONAS, SPACES } from "../../../backend/src/db/seed/personas";
import { startBackend, type RunningBackend } from "../support/backend";
import { signedInClient } from "./support/api";
import { recordInvitationMails } from "../support/outbox";

/**
 * Invitation mail limits (issue 26; backend/README.md "Invitation mails"):
 * per recipient, per sender and per space, counted from the stored outbox,
 * so a restart keeps them.
 */

let backend: RunningBackend;
beforeAll(async () => {
  backend = await startBackend();
});
afterAll(() => backend?.close());

const MARKETING = SPACES.acmeMarketing.id;
const SALES = SPACES.acmeSales.id;
const as = (email: string) => signedInClient(backend, email);
const invitations = (workspaceId: string, rest = "") => `/api/v1/workspaces/${workspaceId}/invitations${rest}`;

const mailsTo = async (email: string) =>
  (await backend.db.selectFrom("outbox_mails").select("id").where("to_email", "=", email).execute()).length;
/** Moves every mail to the address back in time, as if they had been sent `ms` earlier. */
const ageMailsTo = (email: string, ms: number) =>
  backend.db
    .updateTable("outbox_mails")
    .set((eb) => ({ created_at: eb("created_at", "-", ms) }))
    .where("to_email", "=", email)
    .execute();
const resend = async (email: string, who = PERSONAS.owner.email) =>
  (await as(who)).put(invitations(MARKETING, "/resend"), { invitedUserEmails: [email] });

describe("per recipient", () => {
  it("sends an invitation and one resend, refuses a second resend for 5 minutes, then sends it", async () => {
    const email = "resent.often@acme.test";
    expect((await (await as(PERSONAS.owner.email)).post(invitations(MARKETING), { userEmails: [email] })).status).toBe(
      200,
    );
    expect((await resend(email)).status).toBe(204);
    const refused = await await fetch(`${backend.url}${invitations(MARKETING, "/resend")}`, {
      method: "PUT",
      headers: {
        Authorization: `Bearer ${(await backend.issueSession(PERSONAS.owner.email)).accessToken}`,
        "Content-Type": "application/json",
      },
      body: JSON.stringify({ invitedUserEmails: [email] }),
    });
    expect(refused.status).toBe(429);
    expect(await refused.json()).toEqual({ error: "too_many_requests", reason: "recipient_limit_reached" });
    const wait = Number(refused.headers.get("Retry-After"));
    expect(wait).toBeGreaterThan(250);
    expect(wait).toBeLessThanOrEqual(300);
    // 25 attempts in a row send nothing more (issue 26: they made 26 mails).
    for (let attempt = 0; attempt < 25; attempt += 1) expect((await resend(email)).status).toBe(429);
    expect(await mailsTo(email)).toBe(2);

    await ageMailsTo(email, INVITATION_MAIL_LIMITS.recipientInSpace.windowMs);
    expect((await resend(email)).status).toBe(204);
    expect(await mailsTo(email)).toBe(3);
  });

  it("refuses to invite again an address cancelled and invited in a loop, and says so per address", async () => {
    const email = "cancelled.loop@acme.test";
    const owner = await as(PERSONAS.owner.email);
    for (let round = 0; round < 2; round += 1) {
      expect((await owner.post(invitations(MARKETING), { userEmails: [email] })).body.success).toBe(true);
      expect((await owner.delete(invitations(MARKETING), { invitedUserEmails: [email] })).status).toBe(204);
    }
    const body = { userEmails: [email, "someone.else@acme.test"] };
    expect((await owner.post(invitations(MARKETING, "?onlyCheckValidity=true"), body)).body.items).toEqual([
      { email, errorMsg: "too_many_invitations" },
      { email: "someone.else@acme.test", errorMsg: null },
    ]);
    expect((await owner.post(invitations(MARKETING), body)).body).toEqual({
      success: false,
      results: [
        { userEmail: email, errorDetails: "too_many_invitations" },
        { userEmail: "someone.else@acme.test", errorDetails: null },
      ],
    });
    expect(await mailsTo(email)).toBe(2);
    // Adding members (per-seat) follows the same rule.
    const added = await owner.post(`/api/v1/workspaces/${MARKETING}/users/v1`, { userEmails: [email] });
    expect(added.body.results).toEqual([{ userEmail: email, errorDetails: "too_many_invitations" }]);
  });

  it("limits the mails to one address from every space together to 10 a day", async () => {
    const email = "wanted.everywhere@acme.test";
    await recordInvitationMails(backend.db, INVITATION_MAIL_LIMITS.recipient.limit, {
      to: () => email,
      workspaceId: SALES,
      sentBy: PERSONAS.salesLead.id,
    });
    await ageMailsTo(email, INVITATION_MAIL_LIMITS.recipientInSpace.windowMs);
    const answer = await (await as(PERSONAS.owner.email)).post(invitations(MARKETING), { userEmails: [email] });
    expect(answer.body.results).toEqual([{ userEmail: email, errorDetails: "too_many_invitations" }]);
  });
});

describe("per sender and per space", () => {
  it("refuses an invitation past the sender's hourly mails, in any space, as a whole", async () => {
    await recordInvitationMails(backend.db, INVITATION_MAIL_LIMITS.inviter.limit - 1, {
      to: (index) => `earlier${index}@acme.test`,
      workspaceId: SALES,
      sentBy: PERSONAS.admin.id,
    });
    const admin = await as(PERSONAS.admin.email);
    const two = { userEmails: ["one.more@acme.test", "two.more@acme.test"] };
    expect(await admin.post(invitations(MARKETING), two)).toEqual({
      status: 429,
      body: { error: "too_many_requests", reason: "sending_limit_reached" },
    });
    expect(await mailsTo("one.more@acme.test")).toBe(0);
    const pending = await backend.db
      .selectFrom("invitations")
      .select("invited_email")
      .where("invited_email", "in", two.userEmails)
      .execute();
    expect(pending).toEqual([]);
    // One still fits.
    expect((await admin.post(invitations(MARKETING), { userEmails: ["one.more@acme.test"] })).body.success).toBe(true);
  });

  it("refuses past the space's daily mails whoever sends them, and the limits outlive a restart", async () => {
    await recordInvitationMails(backend.db, INVITATION_MAIL_LIMITS.space.limit, {
      to: (index) => `bulk${index}@acme.test`,
      workspaceId: MARKETING,
      sentBy: PERSONAS.salesLead.id,
    });
    const member = await as(PERSONAS.member.email);
    const refused = await member.post(invitations(MARKETING), { userEmails: ["late.comer@acme.test"] });
    expect(refused).toEqual({ status: 429, body: { error: "too_many_requests", reason: "sending_limit_reached" } });

    // A new process over the same database: nothing was kept in memory.
    const restarted = createBackendApp({ db: backend.db, config: DEFAULT_CONFIG });
    const { accessToken } = await backend.issueSession(PERSONAS.member.email);
    const again = await restarted.request(`/api/v1/workspaces/${MARKETING}/invitations`, {
      method: "POST",
      headers: { Authorization: `Bearer ${accessToken}`, "Content-Type": "application/json" },
      body: JSON.stringify({ userEmails: ["late.comer@acme.test"] }),
    });
    expect(again.status).toBe(429);
    expect(Number(again.headers.get("Retry-After"))).toBeGreaterThan(23 * 3600);
  });
});
