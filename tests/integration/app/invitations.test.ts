import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  action as acceptAction,
  loader as invitationLoader,
} from "~/routes/$workspaceId.$workspaceSlug+/invitations.$invitationToken.($status)";
import { loader as shellLoader } from "~/routes/$workspaceId.$workspaceSlug+/_layout";
import { seedInvitationTokens, type SeededInvitationKey } from "../../../backend/src/db/seed/invitations";
import { SPACES } from "../../../backend/src/db/seed/personas";
import { ACCEPT_RATE_LIMIT } from "../../../backend/src/http/invitations";
import type { RunningBackend } from "../support/backend";
import { appRequest, loaderData, redirectTarget, signedTarget, run, signIn, startAppBackend } from "../support/app";

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

type PageData = { invitation: { workspaceName: string; invitedByName: string | null } | null; refusal: string | null };

/** The invitation page's loader, and the shell's around it, for a link under `space`'s address. */
async function openLink(
  email: string,
  token: string,
  space: { workspaceId: string; workspaceSlug: string },
  status = "accept",
) {
  const { cookie } = await signIn(backend, email);
  const path = `/${space.workspaceId}/${space.workspaceSlug}/invitations/${token}/${status}`;
  const params = { ...space, invitationToken: token, status };
  return {
    page: await run(invitationLoader, appRequest(path, { cookie }), params),
    shell: await run(shellLoader, appRequest(path, { cookie }), params),
  };
}
const ACME_MARKETING = { workspaceId: SPACES.acmeMarketing.id, workspaceSlug: SPACES.acmeMarketing.slug };

describe("invitation page", () => {
  it("names the space that invites and who invited, at the link's own address, in the invitee's own space (issue 26)", async () => {
    const { page, shell } = await openLink("solo@gmail.com", tokens.soloToAcmeMarketing, ACME_MARKETING);
    expect(redirectTarget(page)).toBeNull();
    expect(loaderData<PageData>(page)).toMatchObject({
      invitation: { workspaceName: "Acme Marketing", invitedByName: "Olivia Owner" },
      refusal: null,
    });
    // Not a member of Acme Marketing yet: the page is drawn in Sam's own space, the link left as it was.
    expect(redirectTarget(shell)).toBeNull();
    expect(loaderData<{ urlPrefix: string }>(shell).urlPrefix).toBe("/5100000000000003/sams-space");
  });

  it("moves a link under another space's address to its own: the address always names the space that invites", async () => {
    for (const elsewhere of [SOLO_SPACE, { ...ACME_MARKETING, workspaceSlug: "not-its-slug" }]) {
      const { page } = await openLink("solo@gmail.com", tokens.soloToAcmeMarketing, elsewhere);
      expect(redirectTarget(page)).toBe(
        `/5100000000000001/acme-marketing/invitations/${tokens.soloToAcmeMarketing}/accept`,
      );
    }
  });

  it.each([
    ["no-such-token", "solo@gmail.com", "Sorry, this invitation link is no longer valid."],
    ["soloCancelled", "solo@gmail.com", "Sorry, this invitation link is no longer valid."],
    ["soloExpired", "solo@gmail.com", "Sorry, this invitation link is no longer valid."],
    ["adminToBigco", "solo@gmail.com", "You are logged into a different account than the one invited."],
    ["ownerToAcmeSales", "owner@acme.test", "You are already a member of this space."],
  ])("says why %s cannot be accepted by %s, offering nothing to accept", async (key, email, refusal) => {
    const { page } = await openLink(email, tokens[key as SeededInvitationKey] ?? key, SOLO_SPACE);
    expect(redirectTarget(page)).toBeNull();
    expect(loaderData<PageData>(page)).toMatchObject({ invitation: null, refusal });
  });

  it("is no longer valid without its accept status", async () => {
    const { page } = await openLink("solo@gmail.com", tokens.soloToAcmeMarketing, ACME_MARKETING, "open");
    expect(loaderData<PageData>(page)).toMatchObject({
      invitation: null,
      refusal: "Sorry, this invitation link is no longer valid.",
    });
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
    expect(signedTarget(outcome)).toBe(`${SOLO_SENT}?banner=invitation-error&reason=${reason}`);
  });

  it("tells a member they already are one", async () => {
    const acme = { workspaceId: "5100000000000001", workspaceSlug: "acme-marketing" };
    const outcome = await accept("owner@acme.test", tokens.ownerToAcmeSales, acme);
    expect(signedTarget(outcome)).toBe(
      "/5100000000000001/acme-marketing/mail-merges/sent?banner=invitation-error&reason=already-member",
    );
  });

  it("joins the space and lands there with the joined banner", async () => {
    // Accepted at the link's own address, which the invitee was not in.
    const outcome = await accept("solo@gmail.com", tokens.soloToAcmeMarketing, ACME_MARKETING);
    // The banner names the space: signed by the redirect, so no one else can make such a link.
    expect(redirectTarget(outcome)).toMatch(/[?&]sig=[\w-]{32}$/);
    expect(signedTarget(outcome)).toBe(
      "/5100000000000001/space/mail-merges/sent?banner=joined&name=Acme+Marketing&switched=1",
    );
    const again = await accept("solo@gmail.com", tokens.soloToAcmeMarketing);
    expect(signedTarget(again)).toBe(`${SOLO_SENT}?banner=invitation-error&reason=expired`);
  });
});

describe("a space the caller is not in", () => {
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
      targets.push(signedTarget(await accept("eli.fischer@acme.test", `guess-${attempt}`, acme)));
    }
    const sent = "/5100000000000001/acme-marketing/mail-merges/sent";
    expect(targets.slice(0, -1)).toEqual(
      Array(ACCEPT_RATE_LIMIT.limit).fill(`${sent}?banner=invitation-error&reason=invalid`),
    );
    expect(targets.at(-1)).toBe(`${sent}?banner=error`);
  });
});
