/**
 * The invitation mail limits as the members page shows them (issue 26): a
 * resend, an add and an invitation refused by the backend's limits say why
 * and keep what was typed.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { action } from "~/routes/$workspaceId.$workspaceSlug+/space+/users";
import { INVITATION_MAIL_LIMITS } from "../../../backend/src/domain/invitation-mail-limits";
import { PERSONAS, SPACES } from "../../../backend/src/db/seed/personas";
import type { RunningBackend } from "../support/backend";
import { appRequest, loaderData, run, signedTarget, signIn, startAppBackend } from "../support/app";
import { recordInvitationMails } from "../support/outbox";

type Space = (typeof SPACES)[keyof typeof SPACES];
const paramsOf = (space: Space) => ({ workspaceId: space.id, workspaceSlug: space.slug });
const pageOf = (space: Space) => `/${space.id}/${space.slug}/space/users`;

let backend: RunningBackend;
const cookies: Record<string, string> = {};
beforeAll(async () => {
  backend = await startAppBackend();
  for (const person of [PERSONAS.owner, PERSONAS.premium]) {
    cookies[person.email] = (await signIn(backend, person.email)).cookie;
  }
});
afterAll(() => backend?.close());

const post = (email: string, space: Space, form: Record<string, string>, search = "") =>
  run(
    action,
    appRequest(`${pageOf(space)}${search}`, { cookie: cookies[email], method: "POST", form }),
    paramsOf(space),
  );
const statusOf = (outcome: Awaited<ReturnType<typeof post>>) =>
  (outcome.result as { init?: { status?: number } } | null)?.init?.status;

interface AddAnswer {
  add: { text: string; refused: Array<{ email: string; reason: string }>; formError: string | null };
}

describe("resending", () => {
  it("says when an address has had its invitations for now", async () => {
    const resend = () =>
      post(PERSONAS.owner.email, SPACES.acmeMarketing, { intent: "resend", email: PERSONAS.solo.email });
    for (let time = 0; time < INVITATION_MAIL_LIMITS.recipientInSpace.limit; time += 1) {
      expect(signedTarget(await resend())).toMatch(/change=resent&members=1$/);
    }
    const refused = await resend();
    expect(statusOf(refused)).toBe(429);
    expect(loaderData<{ drawerError: string }>(refused).drawerError).toBe(
      "Too many invitations were sent to this address recently. Please try again later.",
    );
  });
});

describe("adding and inviting", () => {
  it("shows an address refused by the limits with its reason, and adds the others", async () => {
    const looped = "looped.guest@bigco.test";
    const premium = await backend.issueSession(PERSONAS.premium.email);
    const invitations = `${backend.url}/api/v1/workspaces/${SPACES.bigco.id}/invitations`;
    const call = (method: string, body: unknown) =>
      fetch(invitations, {
        method,
        headers: { Authorization: `Bearer ${premium.accessToken}`, "Content-Type": "application/json" },
        body: JSON.stringify(body),
      });
    for (let round = 0; round < 2; round += 1) {
      expect((await call("POST", { userEmails: [looped] })).status).toBe(200);
      expect((await call("DELETE", { invitedUserEmails: [looped] })).status).toBe(204);
    }
    const outcome = await post(
      PERSONAS.premium.email,
      SPACES.bigco,
      { intent: "add", emails: `${looped}, fresh.guest@bigco.test` },
      "?dialog=add",
    );
    const { add } = loaderData<AddAnswer>(outcome);
    expect(add.refused).toEqual([
      { email: looped, reason: "Too many invitations were sent to this address recently. Try again later." },
    ]);
    expect(add.text).toBe(looped);
  });

  it("says the limits refused a whole submission, keeping what was typed", async () => {
    await recordInvitationMails(backend.db, INVITATION_MAIL_LIMITS.inviter.limit, {
      to: (index) => `earlier${index}@acme.test`,
      workspaceId: SPACES.acmeSales.id,
      sentBy: PERSONAS.owner.id,
    });
    const typed = "one.more@acme.test, two.more@acme.test";
    const outcome = await post(
      PERSONAS.owner.email,
      SPACES.acmeMarketing,
      { intent: "add", emails: typed },
      "?dialog=add",
    );
    expect(statusOf(outcome)).toBe(429);
    const { add } = loaderData<AddAnswer>(outcome);
    expect(add.formError).toBe("Too many invitations have been sent recently. Please try again later.");
    expect(add.text).toBe(typed);
  });
});
