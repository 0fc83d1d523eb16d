/**
 * A page whose backend token ran out mid-way renews it (retry after a 401)
 * and sends the renewed session cookie with its own answer, document and data
 * alike: the backend rotates tokens, so a browser left holding the replaced
 * one would be signed out once the short grace is over.
 */
import path from "node:path";
import { pathToFileURL } from "node:url";
import { createRequestHandler, type ServerBuild } from "@remix-run/node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PERSONAS } from "../../../backend/src/db/seed/personas";
import { readSessionData } from "~/utils/session.server";
import type { RunningBackend } from "../support/backend";
import { appRequest, signIn, startAppBackend } from "../support/app";

const SENT_PAGE = "/5100000000000001/acme-marketing/mail-merges/sent";

let backend: RunningBackend;
let handle: (request: Request) => Promise<Response>;
beforeAll(async () => {
  backend = await startAppBackend();
  const build = (await import(pathToFileURL(path.resolve("build/index.js")).href)) as ServerBuild;
  handle = createRequestHandler(build, "production");
});
afterAll(() => backend?.close());

/** A signed-in cookie whose access token the backend already considers expired (the cookie does not know). */
async function cookieWithExpiredToken() {
  const signedIn = await signIn(backend, PERSONAS.owner.email, { expiresAt: Date.now() + 3_600_000 });
  await backend.db
    .updateTable("session_tokens")
    .set({ expires_at: Date.now() - 1 })
    .where("session_id", "=", signedIn.session.sessionId)
    .execute();
  return signedIn;
}

async function renewedTokenOf(response: Response) {
  const cookie = response.headers.getSetCookie().find((value) => value.startsWith("yamm_session="));
  expect(cookie).toBeDefined();
  return (await readSessionData(new Request("http://app.test", { headers: { Cookie: cookie!.split(";")[0]! } })))
    ?.accessToken;
}

describe("a token renewed during a request", () => {
  it.each([
    ["document", SENT_PAGE],
    ["data", `${SENT_PAGE}.data`],
  ])("reaches the browser with the %s answer", async (_, path) => {
    const { cookie, session } = await cookieWithExpiredToken();
    const response = await handle(appRequest(path, { cookie }));
    expect(response.status).toBe(200);
    const token = await renewedTokenOf(response);
    expect(token).toBeTruthy();
    expect(token).not.toBe(session.accessToken);
  });

  it("wins over the cookie's other write of the request (the last space visited), which holds the old token", async () => {
    const { cookie } = await cookieWithExpiredToken();
    const response = await handle(appRequest(SENT_PAGE, { cookie }));
    expect(response.headers.getSetCookie().filter((value) => value.startsWith("yamm_session="))).toHaveLength(1);
  });

  it("leaves the cookie as it is when nothing was renewed", async () => {
    const { cookie, session } = await signIn(backend, PERSONAS.owner.email);
    const response = await handle(appRequest(SENT_PAGE, { cookie }));
    expect(response.status).toBe(200);
    // The shell still records the last space visited, with the same token.
    expect(await renewedTokenOf(response)).toBe(session.accessToken);
  });
});
