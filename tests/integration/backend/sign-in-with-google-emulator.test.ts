/**
 * The whole local sign-in chain: the Google emulator's code flow hands out an
 * ID token, and the backend's token service accepts it against the emulator's
 * JWKS, as in development.
 */
import { afterAll, beforeAll, expect, it } from "vitest";
import { startGoogleEmulator } from "../../../backend/emulators/google/server";
import { startBackend, type RunningBackend } from "../support/backend";
import { apiClient } from "./support/api";

const CLIENT_ID = "sign-in-test-client";
const CLIENT_SECRET = "sign-in-test-secret";
const REDIRECT_URI = "http://localhost:3000/auth/google/callback";

let emulator: Awaited<ReturnType<typeof startGoogleEmulator>>;
let backend: RunningBackend;

beforeAll(async () => {
  emulator = await startGoogleEmulator({
    clientId: CLIENT_ID,
    clientSecret: CLIENT_SECRET,
    redirectUris: [REDIRECT_URI],
  });
  backend = await startBackend({ googleIssuer: emulator.issuer, googleClientId: CLIENT_ID });
});
afterAll(async () => {
  await backend?.close();
  await emulator?.close();
});

async function googleIdTokenFor(email: string): Promise<string> {
  const chosen = await fetch(`${emulator.issuer}/o/oauth2/v2/auth`, {
    method: "POST",
    body: new URLSearchParams({
      client_id: CLIENT_ID,
      redirect_uri: REDIRECT_URI,
      response_type: "code",
      scope: "openid email profile",
      state: "state",
      email,
    }),
    redirect: "manual",
  });
  const code = new URL(chosen.headers.get("location") ?? "").searchParams.get("code") ?? "";
  const exchanged = await fetch(`${emulator.issuer}/token`, {
    method: "POST",
    body: new URLSearchParams({
      grant_type: "authorization_code",
      redirect_uri: REDIRECT_URI,
      code,
      client_id: CLIENT_ID,
      client_secret: CLIENT_SECRET,
    }),
  });
  const { id_token } = (await exchanged.json()) as { id_token: string };
  return id_token;
}

it("signs a persona in with an ID token from the Google emulator", async () => {
  const idToken = await googleIdTokenFor("premium@bigco.test");
  const session = await apiClient(backend).post("/v1/auth/token", { idToken });
  expect(session.status).toBe(200);

  const me = await apiClient(backend, session.body.accessToken).get("/api/v2/users/me");
  expect(me.status).toBe(200);
  expect(me.body).toMatchObject({ userEmail: "premium@bigco.test", userName: "Priya Premium" });
});

it("signs up a newcomer with the name Google gives", async () => {
  const idToken = await googleIdTokenFor("newcomer@startup.test");
  const session = await apiClient(backend).post("/v1/auth/token", { idToken });
  const client = apiClient(backend, session.body.accessToken);
  expect((await client.get("/api/v2/users/me")).status).toBe(404);

  const created = await client.post("/api/v2/users/workspace-activation-create-user?checkPeopleApi=false", {
    createSource: "WEBAPP",
  });
  expect(created.status).toBe(201);
  expect(created.body.userEmail).toBe("newcomer@startup.test");
  expect(created.body.userWorkspaces[0].workspaceName).toBe(`${created.body.userName}'s space`);
});
