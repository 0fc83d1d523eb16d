import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { action as acceptAction, loader as invitationLoader } from "~/routes/$workspaceId.$workspaceSlug+/invitations.$invitationToken.($status)";
import type { RunningBackend } from "../support/backend";
import { appRequest, loaderData, redirectTarget, run, signIn, startAppBackend } from "../support/app";

const SOLO_SPACE = { workspaceId: "5100000000000003", workspaceSlug: "sams-space" };
const SOLO_SENT = "/5100000000000003/sams-space/mail-merges/sent";

let backend: RunningBackend;
beforeAll(async () => {
  backend = await startAppBackend();
});
afterAll(() => backend.close());

async function accept(email: string, token: string, space = SOLO_SPACE) {
  const { cookie } = await signIn(backend, email);
  const path = `/${space.workspaceId}/${space.workspaceSlug}/invitations/${token}/accept`;
  return run(acceptAction, appRequest(path, { cookie, method: "POST", form: { invitationToken: token } }), {
    ...space,
    invitationToken: token,
    status: "accept",
  });
}

describe("invitation page", () => {
  it("offers to accept when the status is accept", async () => {
    const { cookie } = await signIn(backend, "solo@gmail.com");
    const outcome = await run(invitationLoader, appRequest("/5100000000000003/sams-space/invitations/abc/accept", { cookie }), {
      ...SOLO_SPACE,
      invitationToken: "abc",
      status: "accept",
    });
    expect(loaderData<{ canAccept: boolean }>(outcome).canAccept).toBe(true);
  });
});

describe("accepting an invitation", () => {
  it.each([
    ["inv-solo-expired", "expired"],
    ["inv-solo-cancelled", "expired"],
    ["inv-admin-to-bigco", "different-account"],
    ["no-such-token", "invalid"],
  ])("%s shows the %s banner on the current space", async (token, reason) => {
    const outcome = await accept("solo@gmail.com", token);
    expect(redirectTarget(outcome)).toBe(`${SOLO_SENT}?banner=invitation-error&reason=${reason}`);
  });

  it("tells a member they already are one", async () => {
    const acme = { workspaceId: "5100000000000001", workspaceSlug: "acme-marketing" };
    const outcome = await accept("owner@acme.test", "inv-owner-to-acme-sales", acme);
    expect(redirectTarget(outcome)).toBe(
      "/5100000000000001/acme-marketing/mail-merges/sent?banner=invitation-error&reason=already-member",
    );
  });

  it("joins the space and lands there with the joined banner", async () => {
    const outcome = await accept("solo@gmail.com", "inv-solo-to-acme-marketing");
    // The banner names the space: signed by the redirect, so no one else can make such a link.
    expect(redirectTarget(outcome)).toMatch(
      /^\/5100000000000001\/space\/mail-merges\/sent\?banner=joined&name=Acme\+Marketing&switched=1&sig=[\w-]{32}$/,
    );
    const again = await accept("solo@gmail.com", "inv-solo-to-acme-marketing");
    expect(redirectTarget(again)).toBe(`${SOLO_SENT}?banner=invitation-error&reason=expired`);
  });
});
