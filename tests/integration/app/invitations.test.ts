import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  action as acceptAction,
  loader as invitationLoader,
} from "~/routes/$workspaceId.$workspaceSlug+/invitations.$invitationToken.($status)";
import { seedInvitationTokens, type SeededInvitationKey } from "../../../backend/src/db/seed/invitations";
import { SPACES } from "../../../backend/src/db/seed/personas";
import { ACCEPT_RATE_LIMIT } from "../../../backend/src/http/invitations";
import type { RunningBackend } from "../support/backend";
import { appRequest, loaderData, redirectTarget, run, signIn, startAppBackend } from "../support/app";

const SOLO_SPACE = { workspaceId: "5100000000000003", workspaceSlug: "sams-space" };
const SOLO_SENT = "/5100000000000003/sams-space/mail-merges/sent";

let backend: RunningBackend;
let tokens: Record<SeededInvitationKey, string>;
beforeAll(async () => {
  backend = await startAppBackend();
  tokens = await seedInvitationTokens(backend.db);
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
    const outcome = await run(
      invitationLoader,
      appRequest("/5100000000000003/sams-space/invitations/abc/accept", { cookie }),
      {
        ...SOLO_SPACE,
        invitationToken: "abc",
        status: "accept",
      },
    );
    expect(loaderData<{ canAccept: boolean }>(outcome).canAccept).toBe(true);
  });
});

describe("accepting an invitation", () => {
  it.each([
    ["soloExpired", "expired"],
    ["soloCancelled", "expired"],
    ["adminToBigco", "different-account"],
    ["no-such-token", "invalid"],
  ])("%s shows the %s banner on the current space", async (key, reason) => {
    const outcome = await accept("solo@gmail.com", tokens[key as SeededInvitationKey] ?? key);
    expect(redirectTarget(outcome)).toBe(`${SOLO_SENT}?banner=invitation-error&reason=${reason}`);
  });

  it("tells a member they already are one", async () => {
    const acme = { workspaceId: "5100000000000001", workspaceSlug: "acme-marketing" };
    const outcome = await accept("owner@acme.test", tokens.ownerToAcmeSales, acme);
    expect(redirectTarget(outcome)).toBe(
      "/5100000000000001/acme-marketing/mail-merges/sent?banner=invitation-error&reason=already-member",
    );
  });

  it("joins the space and lands there with the joined banner", async () => {
    const outcome = await accept("solo@gmail.com", tokens.soloToAcmeMarketing);
    // The banner names the space: signed by the redirect, so no one else can make such a link.
    expect(redirectTarget(outcome)).toMatch(
      /^\/5100000000000001\/space\/mail-merges\/sent\?banner=joined&name=Acme\+Marketing&switched=1&sig=[\w-]{32}$/,
    );
    const again = await accept("solo@gmail.com", tokens.soloToAcmeMarketing);
    expect(redirectTarget(again)).toBe(`${SOLO_SENT}?banner=invitation-error&reason=expired`);
  });
});

describe("an invite link under the inviting space", () => {
  it("moves a not-yet-member to the same link under their own space, token and status kept", async () => {
    const { cookie } = await signIn(backend, "solo@gmail.com");
    const bigco = { workspaceId: SPACES.bigco.id, workspaceSlug: SPACES.bigco.slug };
    const path = `/${bigco.workspaceId}/${bigco.workspaceSlug}/invitations/${tokens.adminToBigco}/accept`;
    const outcome = await run(invitationLoader, appRequest(path, { cookie }), {
      ...bigco,
      invitationToken: tokens.adminToBigco,
      status: "accept",
    });
    expect(redirectTarget(outcome)).toBe(`/5100000000000003/sams-space/invitations/${tokens.adminToBigco}/accept`);
  });

  it("sends any other page of a space the caller is not in to /", async () => {
    const { cookie } = await signIn(backend, "solo@gmail.com");
    const outcome = await run(
      invitationLoader,
      appRequest(`/${SPACES.bigco.id}/${SPACES.bigco.slug}/mail-merges/sent`, { cookie }),
      {
        workspaceId: SPACES.bigco.id,
        workspaceSlug: SPACES.bigco.slug,
      },
    );
    expect(redirectTarget(outcome)).toBe("/");
  });
});

describe("too many accept attempts", () => {
  it("shows the generic error banner on the 429 (nothing retried)", async () => {
    const acme = { workspaceId: "5100000000000001", workspaceSlug: "acme-marketing" };
    const targets: Array<string | null> = [];
    for (let attempt = 0; attempt <= ACCEPT_RATE_LIMIT.limit; attempt += 1) {
      targets.push(redirectTarget(await accept("eli.fischer@acme.test", `guess-${attempt}`, acme)));
    }
    const sent = "/5100000000000001/acme-marketing/mail-merges/sent";
    expect(targets.slice(0, -1)).toEqual(
      Array(ACCEPT_RATE_LIMIT.limit).fill(`${sent}?banner=invitation-error&reason=invalid`),
    );
    expect(targets.at(-1)).toBe(`${sent}?banner=error`);
  });
});
