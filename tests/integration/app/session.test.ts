import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listSentCampaigns } from "~/api/campaigns.server";
import { loader as indexLoader } from "~/routes/_index";
import { requireSession } from "~/utils/auth.server";
import { action as logoutAction } from "~/routes/logout";
import { loader as sentLoader } from "~/routes/$workspaceId.$workspaceSlug+/mail-merges+/sent";
import type { RunningBackend } from "../support/backend";
import { appRequest, redirectTarget, run, signIn, startAppBackend } from "../support/app";

const ACME = { workspaceId: "5100000000000001", workspaceSlug: "acme-marketing" };
const SENT = "/5100000000000001/acme-marketing/mail-merges/sent";

let backend: RunningBackend;
beforeAll(async () => {
  backend = await startAppBackend();
});
afterAll(() => backend.close());

describe("signed out", () => {
  it("sends a deep link to /login with continue holding the path and query", async () => {
    const outcome = await run(sentLoader, appRequest(`${SENT}?q=news&page=2`), ACME);
    expect(redirectTarget(outcome)).toBe(`/login?continue=${encodeURIComponent(`${SENT}?q=news&page=2`)}`);
  });
});

describe("token refresh", () => {
  it("renews a token within 2 s of expiry and comes back to the same URL with the new cookie", async () => {
    const { cookie } = await signIn(backend, "owner@acme.test", { expiresAt: Date.now() + 1_000 });
    const outcome = await run(sentLoader, appRequest(`${SENT}?q=x`, { cookie }), ACME);
    expect(redirectTarget(outcome)).toBe(`${SENT}?q=x`);
    expect(outcome.response!.headers.get("Set-Cookie")).toMatch(/^yamm_session=/);
  });

  it("signs out to session-expired when the refresh fails", async () => {
    const signedIn = await signIn(backend, "owner@acme.test", { expiresAt: Date.now() + 1_000 });
    await fetch(`${backend.url}/v1/auth/revoke`, {
      method: "POST",
      headers: { Authorization: `Bearer ${signedIn.session.accessToken}`, "Content-Type": "application/json" },
      body: JSON.stringify({ sessionId: signedIn.session.sessionId }),
    });
    const outcome = await run(sentLoader, appRequest(SENT, { cookie: signedIn.cookie }), ACME);
    expect(redirectTarget(outcome)).toBe(`/login?error=session-expired&continue=${encodeURIComponent(SENT)}`);
  });

  it("retries a 401 once with a refreshed token", async () => {
    const signedIn = await signIn(backend, "owner@acme.test");
    // The cookie still says valid, but the backend let the token expire early.
    await backend.db.updateTable("session_tokens").set({ expires_at: Date.now() - 1 }).execute();
    const outcome = await run(indexLoader, appRequest("/", { cookie: signedIn.cookie }));
    expect(redirectTarget(outcome)).toBe(SENT);
  });
});

describe("X-ID-Token after a refresh", () => {
  it("carries the renewed backend ID token on the retried call", async () => {
    const signedIn = await signIn(backend, "owner@acme.test");
    await backend.db.updateTable("session_tokens").set({ expires_at: Date.now() - 1 }).execute();
    const auth = await requireSession({ request: appRequest(SENT, { cookie: signedIn.cookie }) });
    const rows = await listSentCampaigns(auth, {
      workspaceId: ACME.workspaceId,
      search: "",
      sort: "date",
      dir: "desc",
      limit: 5,
      limitOffset: 0,
      gte: 0,
      lte: Date.now(),
    });
    expect(rows.length).toBeGreaterThan(0);
    expect(auth.session.backendIdToken).not.toBe(signedIn.session.backendIdToken);
  });
});

describe("me", () => {
  it("shows no-user, with the account's e-mail, when the user does not exist", async () => {
    const { cookie } = await signIn(backend, "newcomer@startup.test");
    const outcome = await run(indexLoader, appRequest("/", { cookie }));
    expect(redirectTarget(outcome)).toBe(`/login?error=no-user&email=${encodeURIComponent("newcomer@startup.test")}`);
  });
});

describe("/", () => {
  it("goes to the add-on space's sent mail merges, keeping banner parameters", async () => {
    const { cookie } = await signIn(backend, "owner@acme.test");
    const outcome = await run(indexLoader, appRequest("/?banner=error", { cookie }));
    expect(redirectTarget(outcome)).toBe(`${SENT}?banner=error`);
  });
});

describe("logout", () => {
  it("revokes the backend session and clears the cookie", async () => {
    const signedIn = await signIn(backend, "owner@acme.test");
    const outcome = await run(logoutAction, appRequest("/logout", { cookie: signedIn.cookie, method: "POST", form: {} }));
    expect(redirectTarget(outcome)).toBe("/login");
    const me = await fetch(`${backend.env.API_V2_URL}/users/me`, {
      headers: { Authorization: `Bearer ${signedIn.session.accessToken}` },
    });
    expect(me.status).toBe(401);
  });

  it("refuses a cross-site POST with 403 and keeps the session", async () => {
    const signedIn = await signIn(backend, "owner@acme.test");
    const outcome = await run(
      logoutAction,
      appRequest("/logout", { cookie: signedIn.cookie, method: "POST", form: {}, headers: { Origin: "https://evil.example" } }),
    );
    expect(outcome.response?.status).toBe(403);
    const me = await fetch(`${backend.env.API_V2_URL}/users/me`, {
      headers: { Authorization: `Bearer ${signedIn.session.accessToken}` },
    });
    expect(me.status).toBe(200);
  });

  it("refuses a POST that the browser marks cross-site", async () => {
    const signedIn = await signIn(backend, "owner@acme.test");
    const outcome = await run(
      logoutAction,
      appRequest("/logout", { cookie: signedIn.cookie, method: "POST", form: {}, headers: { "Sec-Fetch-Site": "cross-site" } }),
    );
    expect(outcome.response?.status).toBe(403);
  });
});
