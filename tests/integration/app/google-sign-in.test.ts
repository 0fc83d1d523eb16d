/**
 * The whole Google sign-in through the app's own routes and the local Google
 * (issue 13, items 7 and 8): PKCE (S256) and the nonce bind Google's answer to
 * the sign-in that asked for it, and a new sign-in ends the cookie's earlier
 * backend session (Switch account).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GOOGLE_DEFAULTS, startGoogleEmulator } from "../../../backend/emulators/google/server";
import { PERSONAS } from "../../../backend/src/db/seed/personas";
import { action as startAction } from "~/routes/auth.google";
import { loader as callbackLoader } from "~/routes/auth.google_.callback";
import { authFlowSessionStorage } from "~/utils/session.server";
import type { RunningBackend } from "../support/backend";
import { APP_ORIGIN, appRequest, run, signIn, startAppBackend } from "../support/app";

let google: Awaited<ReturnType<typeof startGoogleEmulator>>;
let backend: RunningBackend;

beforeAll(async () => {
  google = await startGoogleEmulator({ redirectUris: [`${APP_ORIGIN}/auth/google/callback`] });
  // Read by the app when it first needs its environment, after this.
  process.env.GOOGLE_OAUTH_URL = google.issuer;
  backend = await startAppBackend({ googleIssuer: google.issuer, googleClientId: GOOGLE_DEFAULTS.clientId });
});
afterAll(async () => {
  await backend?.close();
  await google?.close();
});

const cookieOf = (response: Response, name: string) =>
  response.headers
    .getSetCookie()
    .find((cookie) => cookie.startsWith(`${name}=`))
    ?.split(";")[0];

/** Presses a Google button: the app's redirect to Google and its auth-flow cookie. */
async function startSignIn(intent = "sign-in") {
  const { response } = await run(startAction, appRequest("/auth/google", { method: "POST", form: { intent } }));
  expect(response?.status).toBe(302);
  return { authorize: new URL(response!.headers.get("Location")!), flowCookie: cookieOf(response!, "yamm_auth_flow")! };
}

/** Picks an account on the chooser, with the request's parameters (some replaced); the callback URL it sends back to. */
async function choose(authorize: URL, email: string, replaced: Record<string, string> = {}) {
  const body = new URLSearchParams({ ...Object.fromEntries(authorize.searchParams), ...replaced, email });
  const answer = await fetch(`${google.issuer}/o/oauth2/v2/auth`, { method: "POST", body, redirect: "manual" });
  expect(answer.status).toBe(302);
  return new URL(answer.headers.get("Location")!);
}

/** Google's redirect back, arriving with the given cookies. */
async function callback(url: URL, cookies: string[]) {
  const { result, response } = await run(callbackLoader, new Request(url, { headers: { Cookie: cookies.join("; ") } }));
  return (response ?? result) as Response;
}

const refused = (response: Response) => {
  expect(response.headers.get("Location")).toMatch(/^\/login\?error=google/);
  expect(cookieOf(response, "yamm_session")).toBeUndefined();
};

describe("Google sign-in", () => {
  it("asks with a PKCE challenge (S256) and a nonce, and signs in", async () => {
    const { authorize, flowCookie } = await startSignIn();
    expect(authorize.searchParams.get("code_challenge_method")).toBe("S256");
    expect(authorize.searchParams.get("code_challenge")).toMatch(/^[\w-]{43}$/);
    expect(authorize.searchParams.get("nonce")).toMatch(/^[\w-]{22,}$/);
    // Neither the verifier nor the nonce can be read in the flow cookie.
    expect(decodeURIComponent(flowCookie)).not.toContain(authorize.searchParams.get("nonce"));

    const response = await callback(await choose(authorize, PERSONAS.owner.email), [flowCookie]);
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/");
    expect(cookieOf(response, "yamm_session")).toBeDefined();
  });

  it("refuses a code from another sign-in, even with a valid state of its own (PKCE)", async () => {
    const first = await startSignIn();
    const second = await startSignIn();
    const firstCallback = await choose(first.authorize, PERSONAS.owner.email);
    const mixed = new URL(firstCallback);
    mixed.searchParams.set("state", second.authorize.searchParams.get("state")!);
    refused(await callback(mixed, [second.flowCookie]));
  });

  it("refuses an ID token that carries another nonce", async () => {
    const { authorize, flowCookie } = await startSignIn();
    const url = await choose(authorize, PERSONAS.owner.email, { nonce: "a-nonce-of-someone-elses-choosing" });
    refused(await callback(url, [flowCookie]));
  });

  it("refuses a flow cookie without the sign-in's proof (an auth flow begun before PKCE)", async () => {
    const { authorize } = await startSignIn();
    const storage = authFlowSessionStorage();
    const flow = await storage.getSession();
    flow.set("oauth2:state", authorize.searchParams.get("state")!);
    flow.set("intent", "sign-in");
    const proofless = (await storage.commitSession(flow)).split(";")[0]!;
    refused(await callback(await choose(authorize, PERSONAS.owner.email), [proofless]));
  });

  it("Switch account ends the previous backend session; the new one is live", async () => {
    const previous = await signIn(backend, PERSONAS.owner.email);
    const { authorize, flowCookie } = await startSignIn("switch-account");
    expect(authorize.searchParams.get("prompt")).toBe("select_account");
    const response = await callback(await choose(authorize, PERSONAS.admin.email), [flowCookie, previous.cookie]);
    expect(cookieOf(response, "yamm_session")).toBeDefined();

    const sessions = await backend.db
      .selectFrom("sessions")
      .select(["id", "email", "revoked_at"])
      .where("email", "in", [PERSONAS.owner.email, PERSONAS.admin.email])
      .orderBy("created_at", "desc")
      .execute();
    expect(sessions.find((session) => session.id === previous.session.sessionId)?.revoked_at).toEqual(
      expect.any(Number),
    );
    expect(sessions.find((session) => session.email === PERSONAS.admin.email)?.revoked_at).toBeNull();
  });
});
