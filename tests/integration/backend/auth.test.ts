import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { REPLACED_TOKEN_GRACE_MS } from "../../../backend/src/auth/session-store";
import { hashToken } from "../../../backend/src/auth/tokens";
import { startBackend, type RunningBackend } from "../support/backend";
import { apiClient } from "./support/api";
import { startFakeGoogle, TEST_CLIENT_ID, type FakeGoogle } from "./support/fake-google";

let google: FakeGoogle;
let backend: RunningBackend;

beforeAll(async () => {
  google = await startFakeGoogle();
  backend = await startBackend({ googleIssuer: google.issuer, googleClientId: TEST_CLIENT_ID });
});
afterAll(async () => {
  await backend?.close();
  await google?.close();
});

const anonymous = () => apiClient(backend);
const as = (accessToken: string) => apiClient(backend, accessToken);

async function signIn(email: string) {
  const idToken = await google.signIdToken({ email });
  return anonymous().post("/v1/auth/token", { idToken });
}

describe("POST /v1/auth/token", () => {
  it("opens a session for a valid Google ID token", async () => {
    const idToken = await google.signIdToken({ email: "owner@acme.test", name: "Olivia Owner" });
    const { status, body } = await anonymous().post("/v1/auth/token", { idToken });

    expect(status).toBe(200);
    expect(body).toEqual({
      accessToken: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
      idToken,
      backendIdToken: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
      sessionId: expect.any(String),
      expiresAt: expect.stringMatching(/^\d+$/),
    });
    const ttl = Number(body.expiresAt) - Date.now();
    expect(ttl).toBeGreaterThan(3590_000);
    expect(ttl).toBeLessThanOrEqual(3600_000);

    const me = await as(body.accessToken).get("/api/v2/users/me");
    expect(me.status).toBe(200);
    expect(me.body.userEmail).toBe("owner@acme.test");
  });

  it("stores only hashes of the tokens it hands out", async () => {
    const { body } = await signIn("owner@acme.test");
    const session = await backend.db
      .selectFrom("sessions")
      .selectAll()
      .where("id", "=", body.sessionId)
      .executeTakeFirstOrThrow();
    const tokens = await backend.db
      .selectFrom("session_tokens")
      .selectAll()
      .where("session_id", "=", body.sessionId)
      .execute();

    expect(session.backend_id_token_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(session.backend_id_token_hash).not.toBe(body.backendIdToken);
    expect(tokens).toHaveLength(1);
    expect(tokens[0].token_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify([session, tokens])).not.toContain(body.accessToken);
  });

  it("opens a session for an address with no user; me is then 404", async () => {
    const { status, body } = await signIn("newcomer@startup.test");
    expect(status).toBe(200);
    const me = await as(body.accessToken).get("/api/v2/users/me");
    expect(me).toEqual({ status: 404, body: { error: "user_not_found" } });
  });

  it.each([
    ["signed by another key", { withForeignKey: true }],
    ["for another audience", { audience: "someone-else" }],
    ["from another issuer", { issuer: "https://accounts.example.test" }],
    ["expired", { expiresIn: Math.floor(Date.now() / 1000) - 60 }],
  ])("refuses an ID token %s with 401", async (_label, sign) => {
    const idToken = await google.signIdToken({ email: "owner@acme.test" }, sign);
    const { status, body } = await anonymous().post("/v1/auth/token", { idToken });
    expect(status).toBe(401);
    expect(body.error).toBe("unauthorized");
  });

  it("refuses an ID token whose e-mail Google has not verified", async () => {
    const idToken = await google.signIdToken({ email: "owner@acme.test", email_verified: false });
    expect((await anonymous().post("/v1/auth/token", { idToken })).status).toBe(401);
  });

  it("refuses a token that is not a JWT with 401", async () => {
    expect((await anonymous().post("/v1/auth/token", { idToken: "not-a-jwt" })).status).toBe(401);
  });

  it.each([
    ["no idToken", {}],
    ["an empty idToken", { idToken: "" }],
    ["a numeric idToken", { idToken: 42 }],
    ["a body that is not JSON", "idToken=abc"],
  ])("answers 400 for %s", async (_label, body) => {
    const answer = await anonymous().post("/v1/auth/token", body);
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({ error: "invalid_request", reason: expect.any(String) });
  });
});

describe("bearer tokens on the API", () => {
  it("answers 401 without a token, with an unknown token, or with a malformed header", async () => {
    expect(await anonymous().get("/api/v2/users/me")).toEqual({ status: 401, body: { error: "unauthorized" } });
    expect((await as("unknown-token").get("/api/v2/users/me")).status).toBe(401);
    const basic = await fetch(`${backend.url}/api/v1/cannon?project=webapp&placement=sidebar`, {
      headers: { Authorization: "Basic b3duZXI6cGFzcw==" },
    });
    expect(basic.status).toBe(401);
  });
});

describe("POST /v1/auth/refresh-token", () => {
  it("issues a new access token and leaves the previous one working for the grace period", async () => {
    const session = await backend.issueSession("admin@acme.test");
    const { status, body } = await as(session.accessToken).post("/v1/auth/refresh-token", {
      sessionId: session.sessionId,
    });

    expect(status).toBe(200);
    expect(body).toEqual({
      accessToken: expect.any(String),
      backendIdToken: expect.any(String),
      sessionId: session.sessionId,
      expiresAt: expect.stringMatching(/^\d+$/),
    });
    expect(body.accessToken).not.toBe(session.accessToken);
    expect(body.backendIdToken).not.toBe(session.backendIdToken);
    expect((await as(body.accessToken).get("/api/v2/users/me")).status).toBe(200);
    expect((await as(session.accessToken).get("/api/v2/users/me")).status).toBe(200);
  });

  it("answers 401 when the bearer token belongs to another session", async () => {
    const mine = await backend.issueSession("admin@acme.test");
    const theirs = await backend.issueSession("owner@acme.test");
    const answer = await as(theirs.accessToken).post("/v1/auth/refresh-token", { sessionId: mine.sessionId });
    expect(answer).toEqual({ status: 401, body: { error: "unauthorized" } });
  });

  it("answers 401 without a bearer token and 400 without a sessionId", async () => {
    const session = await backend.issueSession("admin@acme.test");
    expect((await anonymous().post("/v1/auth/refresh-token", { sessionId: session.sessionId })).status).toBe(401);
    expect((await as(session.accessToken).post("/v1/auth/refresh-token", {})).status).toBe(400);
  });
});

describe("refresh rotation", () => {
  const refresh = (accessToken: string, sessionId: string) =>
    as(accessToken).post("/v1/auth/refresh-token", { sessionId });
  /** Moves the token's replacement back in time, as if the grace period had passed. */
  const ageReplacement = (accessToken: string) =>
    backend.db
      .updateTable("session_tokens")
      .set({ replaced_at: Date.now() - REPLACED_TOKEN_GRACE_MS - 1, expires_at: Date.now() - 1 })
      .where("token_hash", "=", hashToken(accessToken))
      .execute();

  it("only the latest token refreshes: 22 refreshes from the first one give no live token after the grace period", async () => {
    const session = await backend.issueSession("admin@acme.test");
    const first = await refresh(session.accessToken, session.sessionId);
    expect(first.status).toBe(200);
    await ageReplacement(session.accessToken);

    const replays = await Promise.all(
      Array.from({ length: 22 }, () => refresh(session.accessToken, session.sessionId)),
    );
    expect(replays.map((answer) => answer.status)).toEqual(Array(22).fill(401));
    // The reuse revoked the session: the token the first refresh gave is dead too.
    expect((await as(first.body.accessToken).get("/api/v2/users/me")).status).toBe(401);
    expect((await refresh(first.body.accessToken, session.sessionId)).status).toBe(401);
    expect(
      await backend.db
        .selectFrom("sessions")
        .select("revoked_at")
        .where("id", "=", session.sessionId)
        .executeTakeFirst(),
    ).toEqual({ revoked_at: expect.any(Number) });
  });

  it("a chain of refreshes, each from the latest token, keeps the session alive", async () => {
    const session = await backend.issueSession("admin@acme.test");
    let token = session.accessToken;
    for (let step = 0; step < 5; step += 1) {
      const answer = await refresh(token, session.sessionId);
      expect(answer.status).toBe(200);
      await ageReplacement(token);
      token = answer.body.accessToken;
    }
    expect((await as(token).get("/api/v2/users/me")).status).toBe(200);
  });

  it("a replaced token works, and may refresh, only within the grace period (requests already under way)", async () => {
    const session = await backend.issueSession("admin@acme.test");
    const [one, two] = await Promise.all([
      refresh(session.accessToken, session.sessionId),
      refresh(session.accessToken, session.sessionId),
    ]);
    expect([one.status, two.status]).toEqual([200, 200]);
    expect((await as(session.accessToken).get("/api/v2/users/me")).status).toBe(200);
    const stored = await backend.db
      .selectFrom("session_tokens")
      .select(["expires_at", "replaced_at"])
      .where("token_hash", "=", hashToken(session.accessToken))
      .executeTakeFirstOrThrow();
    expect(stored.expires_at - stored.replaced_at!).toBeLessThanOrEqual(REPLACED_TOKEN_GRACE_MS);

    await ageReplacement(session.accessToken);
    expect((await as(session.accessToken).get("/api/v2/users/me")).status).toBe(401);
  });
});

describe("POST /v1/auth/revoke", () => {
  it("ends every token of the session, and the session cannot be refreshed", async () => {
    const session = await backend.issueSession("member@acme.test");
    const refreshed = await as(session.accessToken).post("/v1/auth/refresh-token", { sessionId: session.sessionId });
    const other = await backend.issueSession("member@acme.test");

    const revoked = await as(session.accessToken).post("/v1/auth/revoke", { sessionId: session.sessionId });
    expect(revoked.status).toBe(204);

    expect((await as(session.accessToken).get("/api/v2/users/me")).status).toBe(401);
    expect((await as(refreshed.body.accessToken).get("/api/v2/users/me")).status).toBe(401);
    expect(
      (await as(session.accessToken).post("/v1/auth/refresh-token", { sessionId: session.sessionId })).status,
    ).toBe(401);
    // Another session of the same person is untouched.
    expect((await as(other.accessToken).get("/api/v2/users/me")).status).toBe(200);
  });

  it("answers 401 for a session the token does not belong to", async () => {
    const mine = await backend.issueSession("member@acme.test");
    const theirs = await backend.issueSession("owner@acme.test");
    expect((await as(theirs.accessToken).post("/v1/auth/revoke", { sessionId: mine.sessionId })).status).toBe(401);
    expect((await as(mine.accessToken).get("/api/v2/users/me")).status).toBe(200);
  });
});

describe("access token expiry", () => {
  let shortLived: RunningBackend;
  beforeAll(async () => {
    shortLived = await startBackend({ accessTokenTtlSeconds: 1 });
  });
  afterAll(() => shortLived?.close());

  it("refuses an expired token with 401, and refreshing it gives a working one", async () => {
    const session = await shortLived.issueSession("owner@acme.test");
    const client = apiClient(shortLived, session.accessToken);
    expect((await client.get("/api/v2/users/me")).status).toBe(200);

    await new Promise((resolve) => setTimeout(resolve, 1100));
    expect(await client.get("/api/v2/users/me")).toEqual({ status: 401, body: { error: "unauthorized" } });

    const refreshed = await client.post("/v1/auth/refresh-token", { sessionId: session.sessionId });
    expect(refreshed.status).toBe(200);
    expect((await apiClient(shortLived, refreshed.body.accessToken).get("/api/v2/users/me")).status).toBe(200);
  });
});
