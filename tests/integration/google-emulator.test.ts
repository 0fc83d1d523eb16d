import { createHash } from "node:crypto";
import { createRemoteJWKSet, decodeProtectedHeader, jwtVerify } from "jose";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { defaultPersonas, subFor } from "../../backend/emulators/google/identity";
import { startGoogleEmulator } from "../../backend/emulators/google/server";
import { outwardAddress, reachable } from "./support/network";

const CLIENT_ID = "test-client";
const CLIENT_SECRET = "test-secret";
const REDIRECT_URI = "http://localhost:3000/auth/google/callback";

let emulator: Awaited<ReturnType<typeof startGoogleEmulator>>;

beforeAll(async () => {
  emulator = await startGoogleEmulator({
    clientId: CLIENT_ID,
    clientSecret: CLIENT_SECRET,
    redirectUris: [REDIRECT_URI],
  });
});
afterAll(() => emulator.close());

const authParams = (extra: Record<string, string> = {}) => ({
  client_id: CLIENT_ID,
  redirect_uri: REDIRECT_URI,
  response_type: "code",
  scope: "openid email profile",
  state: "state-123",
  ...extra,
});

function authorizeUrl(extra: Record<string, string> = {}) {
  return `${emulator.issuer}/o/oauth2/v2/auth?${new URLSearchParams(authParams(extra))}`;
}

function choose(fields: Record<string, string>, extra: Record<string, string> = {}) {
  return fetch(`${emulator.issuer}/o/oauth2/v2/auth`, {
    method: "POST",
    body: new URLSearchParams({ ...authParams(extra), ...fields }),
    redirect: "manual",
  });
}

/** The query of a redirect back to the app, after checking it goes to the registered redirect URI. */
function callbackParams(response: Response) {
  expect(response.status).toBe(302);
  const location = new URL(response.headers.get("location") ?? "");
  expect(`${location.origin}${location.pathname}`).toBe(REDIRECT_URI);
  return location.searchParams;
}

async function codeFor(email: string, extra: Record<string, string> = {}) {
  const code = callbackParams(await choose({ email }, extra)).get("code");
  expect(code).toBeTruthy();
  return code as string;
}

function exchange(fields: Record<string, string>, headers: Record<string, string> = {}) {
  return fetch(`${emulator.issuer}/token`, {
    method: "POST",
    headers,
    body: new URLSearchParams({ grant_type: "authorization_code", redirect_uri: REDIRECT_URI, ...fields }),
  });
}

async function tokensFor(email: string) {
  const code = await codeFor(email);
  const response = await exchange({ code, client_id: CLIENT_ID, client_secret: CLIENT_SECRET });
  expect(response.status).toBe(200);
  return (await response.json()) as {
    access_token: string;
    id_token: string;
    scope: string;
    expires_in: number;
    token_type: string;
  };
}

describe("account chooser", () => {
  it("lists every persona as a button with name and e-mail, and carries the OAuth parameters", async () => {
    const response = await fetch(authorizeUrl());
    expect(response.status).toBe(200);
    const page = await response.text();
    expect(page).toContain("<h1>Choose an account</h1>");
    for (const { email, name } of defaultPersonas) {
      expect(page).toMatch(
        new RegExp(`<button[^>]*value="${email}"[\\s\\S]*?${name}[\\s\\S]*?${email}[\\s\\S]*?</button>`),
      );
    }
    // Each of the three forms (personas, another account, cancel) carries every parameter.
    for (const [name, value] of Object.entries(authParams())) {
      expect(page.split(`<input type="hidden" name="${name}" value="${value}"`)).toHaveLength(4);
    }
    expect(page).not.toMatch(/<script/i);
    expect(response.headers.get("content-security-policy")).toContain("default-src 'none'");
  });

  it("answers 400 pages for an unknown client, a response type other than code and a non-http redirect", async () => {
    const invalidRequests: Record<string, string>[] = [
      { client_id: "someone-else" },
      { response_type: "token" },
      { redirect_uri: "javascript:alert(1)" },
    ];
    for (const extra of invalidRequests) {
      const response = await fetch(authorizeUrl(extra), { redirect: "manual" });
      expect(response.status).toBe(400);
      expect(await response.text()).toContain("Access blocked");
    }
  });

  it("refuses a redirect URI the client did not register, even on the same host, with no code", async () => {
    for (const redirect_uri of [
      "http://localhost:3000/auth/google/callback/",
      "http://localhost:3000/elsewhere",
      "http://evil.test/auth/google/callback",
      "http://127.0.0.1:3000/auth/google/callback",
    ]) {
      const response = await fetch(authorizeUrl({ redirect_uri }), { redirect: "manual" });
      expect(response.status).toBe(400);
      expect(response.headers.get("location")).toBeNull();
      expect(await response.text()).toContain("redirect_uri_mismatch");
      const posted = await choose({ email: "owner@acme.test" }, { redirect_uri });
      expect(posted.status).toBe(400);
      expect(posted.headers.get("location")).toBeNull();
    }
  });

  it("puts the login_hint persona first, and still waits for a click (a hint alone signs nobody in)", async () => {
    for (const prompt of ["select_account", ""]) {
      const response = await fetch(authorizeUrl({ login_hint: "premium@bigco.test", prompt }), { redirect: "manual" });
      expect(response.status).toBe(200);
      const firstAccount = /<button type="submit" name="email" value="([^"]+)"[^>]*>/.exec(await response.text());
      expect(firstAccount?.[1]).toBe("premium@bigco.test");
      expect(firstAccount?.[0]).toContain("hinted");
    }

    const params = callbackParams(await choose({ email: "premium@bigco.test" }, { login_hint: "premium@bigco.test" }));
    expect(params.get("state")).toBe("state-123");
    const code = params.get("code") ?? "";
    const tokens = await (await exchange({ code, client_id: CLIENT_ID, client_secret: CLIENT_SECRET })).json();
    const { payload } = await jwtVerify(
      tokens.id_token,
      createRemoteJWKSet(new URL(`${emulator.issuer}/oauth2/v3/certs`)),
    );
    expect(payload.email).toBe("premium@bigco.test");
  });

  it("Cancel redirects back with access_denied and the state, and no code", async () => {
    const params = callbackParams(await choose({ action: "deny" }));
    expect(params.get("error")).toBe("access_denied");
    expect(params.get("state")).toBe("state-123");
    expect(params.has("code")).toBe(false);
  });

  it("re-renders the chooser with an error and the typed values for an invalid e-mail", async () => {
    const response = await choose({ email: "not-an-address", name: "Typo <Tim>" });
    expect(response.status).toBe(400);
    const page = await response.text();
    expect(page).toContain("Enter a valid email address");
    expect(page).toContain('value="not-an-address"');
    expect(page).toContain('value="Typo &lt;Tim&gt;"');
    expect(page).toContain('aria-invalid="true"');
  });
});

describe("authorization code and token exchange", () => {
  it("redirects a chosen persona to redirect_uri with code, state and scope", async () => {
    const params = callbackParams(await choose({ email: "owner@acme.test" }));
    expect(params.get("code")).toMatch(/^4\/0A[\w-]{20,}$/);
    expect(params.get("state")).toBe("state-123");
    expect(params.get("scope")).toBe("openid email profile");
  });

  it("exchanges a code for tokens whose id_token verifies against the JWKS", async () => {
    const tokens = await tokensFor("owner@acme.test");
    expect(tokens).toMatchObject({ token_type: "Bearer", expires_in: 3600, scope: "openid email profile" });

    const certs = await (await fetch(`${emulator.issuer}/oauth2/v3/certs`)).json();
    expect(certs.keys).toHaveLength(1);
    expect(certs.keys[0]).toMatchObject({ kty: "RSA", alg: "RS256", use: "sig", kid: expect.any(String) });
    expect(decodeProtectedHeader(tokens.id_token)).toMatchObject({ alg: "RS256", kid: certs.keys[0].kid });

    const { payload } = await jwtVerify(
      tokens.id_token,
      createRemoteJWKSet(new URL(`${emulator.issuer}/oauth2/v3/certs`)),
      {
        issuer: emulator.issuer,
        audience: CLIENT_ID,
      },
    );
    expect(payload).toMatchObject({
      sub: subFor("owner@acme.test"),
      email: "owner@acme.test",
      email_verified: true,
      name: "Olivia Owner",
      given_name: "Olivia",
      family_name: "Owner",
      picture: `${emulator.issuer}/avatars/${subFor("owner@acme.test")}.svg`,
    });
    expect(payload.exp! - payload.iat!).toBe(3600);
  });

  it("accepts HTTP Basic client authentication", async () => {
    const code = await codeFor("member@acme.test");
    const basic = Buffer.from(`${CLIENT_ID}:${CLIENT_SECRET}`).toString("base64");
    const response = await exchange({ code }, { Authorization: `Basic ${basic}` });
    expect(response.status).toBe(200);
  });

  it("signs in any typed address, with the typed name or one derived from the address", async () => {
    const named = callbackParams(await choose({ email: "  Jo@Example.org ", name: "Jo Q. Public" })).get("code") ?? "";
    const unnamed = callbackParams(await choose({ email: "jane.doe@example.org" })).get("code") ?? "";
    const claims = async (code: string) => {
      const { id_token } = await (await exchange({ code, client_id: CLIENT_ID, client_secret: CLIENT_SECRET })).json();
      return (await jwtVerify(id_token, createRemoteJWKSet(new URL(`${emulator.issuer}/oauth2/v3/certs`)))).payload;
    };
    expect(await claims(named)).toMatchObject({
      email: "jo@example.org",
      name: "Jo Q. Public",
      family_name: "Q. Public",
    });
    expect(await claims(unnamed)).toMatchObject({ email: "jane.doe@example.org", name: "Jane Doe" });
  });

  it("refuses a used code, an unknown code and a redirect_uri mismatch with invalid_grant", async () => {
    const code = await codeFor("admin@acme.test");
    const credentials = { client_id: CLIENT_ID, client_secret: CLIENT_SECRET };
    expect((await exchange({ code, ...credentials })).status).toBe(200);

    const reused = await exchange({ code, ...credentials });
    expect(reused.status).toBe(400);
    expect(await reused.json()).toMatchObject({ error: "invalid_grant" });

    const unknown = await exchange({ code: "4/0Anonsense", ...credentials });
    expect(await unknown.json()).toMatchObject({ error: "invalid_grant" });

    const mismatched = await exchange({
      code: await codeFor("admin@acme.test"),
      ...credentials,
      redirect_uri: "http://localhost:3000/elsewhere",
    });
    expect(mismatched.status).toBe(400);
    expect(await mismatched.json()).toMatchObject({ error: "invalid_grant" });
  });

  it("checks PKCE: a code asked for with a challenge needs its verifier (S256)", async () => {
    const verifier = "v".repeat(20) + "-verifier-of-this-sign-in-only";
    const challenge = createHash("sha256").update(verifier).digest("base64url");
    const credentials = { client_id: CLIENT_ID, client_secret: CLIENT_SECRET };
    const pkce = { code_challenge: challenge, code_challenge_method: "S256" };

    const wrongVerifiers: Record<string, string>[] = [
      {},
      { code_verifier: `${verifier}x` },
      { code_verifier: challenge },
    ];
    for (const wrong of wrongVerifiers) {
      const refused = await exchange({ code: await codeFor("admin@acme.test", pkce), ...credentials, ...wrong });
      expect(refused.status).toBe(400);
      expect(await refused.json()).toMatchObject({ error: "invalid_grant" });
    }
    const accepted = await exchange({
      code: await codeFor("admin@acme.test", pkce),
      ...credentials,
      code_verifier: verifier,
    });
    expect(accepted.status).toBe(200);

    const unknownMethod = await fetch(authorizeUrl({ ...pkce, code_challenge_method: "S512" }), { redirect: "manual" });
    expect(unknownMethod.status).toBe(400);
  });

  it("refuses a code older than 60 seconds with invalid_grant", async () => {
    const code = await codeFor("admin@acme.test");
    // Only Date is faked: the emulator runs in this process and reads Date.now().
    vi.useFakeTimers({ toFake: ["Date"] });
    try {
      vi.setSystemTime(Date.now() + 61_000);
      const response = await exchange({ code, client_id: CLIENT_ID, client_secret: CLIENT_SECRET });
      expect(response.status).toBe(400);
      expect(await response.json()).toMatchObject({ error: "invalid_grant" });
    } finally {
      vi.useRealTimers();
    }
  });

  it("refuses a wrong or missing client secret with 401 invalid_client", async () => {
    const code = await codeFor("admin@acme.test");
    const badCredentials: Record<string, string>[] = [
      { client_id: CLIENT_ID, client_secret: "wrong" },
      { client_id: CLIENT_ID },
    ];
    for (const fields of badCredentials) {
      const response = await exchange({ code, ...fields });
      expect(response.status).toBe(401);
      expect(await response.json()).toMatchObject({ error: "invalid_client" });
    }
  });
});

describe("userinfo and tokeninfo", () => {
  it("answers the profile of a valid access token at both userinfo paths", async () => {
    const { access_token } = await tokensFor("solo@gmail.com");
    for (const path of ["/userinfo", "/oauth2/v3/userinfo"]) {
      const response = await fetch(`${emulator.issuer}${path}`, {
        headers: { Authorization: `Bearer ${access_token}` },
      });
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({
        sub: subFor("solo@gmail.com"),
        name: "Sam Solo",
        given_name: "Sam",
        family_name: "Solo",
        picture: `${emulator.issuer}/avatars/${subFor("solo@gmail.com")}.svg`,
        email: "solo@gmail.com",
        email_verified: true,
      });
    }
  });

  it("answers 401 to userinfo without a valid bearer token", async () => {
    expect((await fetch(`${emulator.issuer}/userinfo`)).status).toBe(401);
    const response = await fetch(`${emulator.issuer}/oauth2/v3/userinfo`, {
      headers: { Authorization: "Bearer ya29.forged" },
    });
    expect(response.status).toBe(401);
  });

  it("describes an access token at both tokeninfo paths, with Google's string values", async () => {
    const { access_token } = await tokensFor("legacy@oldco.test");
    for (const path of ["/tokeninfo", "/oauth2/v3/tokeninfo"]) {
      const info = await (
        await fetch(`${emulator.issuer}${path}?access_token=${encodeURIComponent(access_token)}`)
      ).json();
      expect(info).toMatchObject({
        azp: CLIENT_ID,
        aud: CLIENT_ID,
        sub: subFor("legacy@oldco.test"),
        scope: "openid email profile",
        email: "legacy@oldco.test",
        email_verified: "true",
      });
      expect(Number(info.expires_in)).toBeGreaterThan(3500);
      expect(Number(info.exp)).toBeGreaterThan(Date.now() / 1000);
    }
  });

  it("answers 400 invalid_token to tokeninfo for an unknown token", async () => {
    const response = await fetch(`${emulator.issuer}/tokeninfo?access_token=ya29.forged`);
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ error: "invalid_token" });
  });

  it("serves the profile picture as an SVG with the initials", async () => {
    const response = await fetch(`${emulator.issuer}/avatars/${subFor("newcomer@startup.test")}.svg`);
    expect(response.headers.get("content-type")).toContain("image/svg+xml");
    expect(await response.text()).toMatch(/>\s*NN\s*<\/text>/);
  });
});

describe("listening", () => {
  it("answers on loopback", async () => {
    expect(emulator.hostname).toBe("127.0.0.1");
    expect(await reachable("127.0.0.1", emulator.port)).toBe(true);
  });

  it.skipIf(!outwardAddress)("is not reachable from the network unless a host is given", async () => {
    expect(await reachable(outwardAddress!, emulator.port)).toBe(false);
    const open = await startGoogleEmulator({ hostname: "0.0.0.0", redirectUris: [REDIRECT_URI] });
    try {
      expect(await reachable(outwardAddress!, open.port)).toBe(true);
    } finally {
      await open.close();
    }
  });
});
