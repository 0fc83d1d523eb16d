import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PERSONAS } from "../../../backend/src/db/seed/personas";
import { licenseAutoRenews } from "../../../backend/src/store/license-renewals";
import { startBackend, type RunningBackend } from "../support/backend";

const PATH = "/billing/_ah/api/subscriptions/v1/cancelAutoRenewal";
const LEGACY_SUBSCRIPTION_ID = "I-7K2M9X4QHB3N";

let backend: RunningBackend;

beforeAll(async () => {
  backend = await startBackend();
});
afterAll(() => backend?.close());

async function cancel(body: unknown, accessToken?: string) {
  const response = await fetch(`${backend.url}${PATH}`, {
    method: "POST",
    headers: {
      "Content-Type": "application/json",
      ...(accessToken && { Authorization: `Bearer ${accessToken}` }),
    },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
  return { status: response.status, body: await response.json() };
}

async function tokenOf(email: string) {
  return (await backend.issueSession(email)).accessToken;
}

describe("POST /billing/_ah/api/subscriptions/v1/cancelAutoRenewal", () => {
  it("answers 401 without a live token", async () => {
    expect(await cancel({ subscriptionId: LEGACY_SUBSCRIPTION_ID })).toEqual({
      status: 401,
      body: { error: "unauthorized" },
    });
    expect((await cancel({ subscriptionId: LEGACY_SUBSCRIPTION_ID }, "not-a-token")).status).toBe(401);
  });

  it("answers 400 without a subscriptionId, with the spec's message", async () => {
    const token = await tokenOf(PERSONAS.legacy.email);
    const missing = await cancel({}, token);
    expect(missing.status).toBe(400);
    expect(missing.body).toEqual({ error: "invalid_request", reason: "subscriptionId: Subscription Id is missing" });
    expect((await cancel({ subscriptionId: "  " }, token)).status).toBe(400);
    expect((await cancel("not json", token)).status).toBe(400);
  });

  it("answers 404 for a subscription that is not the caller's licence", async () => {
    // solo@gmail.com has no licence at all; legacy@oldco.test names a licence that is not theirs.
    expect(await cancel({ subscriptionId: LEGACY_SUBSCRIPTION_ID }, await tokenOf(PERSONAS.solo.email))).toEqual({
      status: 404,
      body: { error: "subscription_not_found" },
    });
    expect((await cancel({ subscriptionId: "I-UNKNOWN" }, await tokenOf(PERSONAS.legacy.email))).status).toBe(404);
    expect(await licenseAutoRenews(backend.db, LEGACY_SUBSCRIPTION_ID)).toBe(true);
  });

  it("answers 404 user_not_found for a session without a user", async () => {
    const answer = await cancel({ subscriptionId: LEGACY_SUBSCRIPTION_ID }, await tokenOf("newcomer@startup.test"));
    expect(answer).toEqual({ status: 404, body: { error: "user_not_found" } });
  });

  it("stops the renewal of the caller's licence and stores it; a second call is still a success", async () => {
    const token = await tokenOf(PERSONAS.legacy.email);
    expect(await cancel({ subscriptionId: LEGACY_SUBSCRIPTION_ID }, token)).toEqual({
      status: 200,
      body: { autoRenew: false },
    });
    expect(await licenseAutoRenews(backend.db, LEGACY_SUBSCRIPTION_ID)).toBe(false);
    // The user's licence says so (the stop-renewal page shows it stopped, never asks again).
    const me = await fetch(`${backend.url}/api/v2/users/me`, { headers: { Authorization: `Bearer ${token}` } });
    expect(((await me.json()) as { license: unknown }).license).toMatchObject({ autoRenew: false });

    const storedRows = () => backend.db.selectFrom("license_renewals").selectAll().execute();
    expect(await storedRows()).toEqual([
      expect.objectContaining({ subscription_id: LEGACY_SUBSCRIPTION_ID, user_id: PERSONAS.legacy.id, auto_renew: 0 }),
    ]);

    expect(await cancel({ subscriptionId: LEGACY_SUBSCRIPTION_ID }, token)).toEqual({
      status: 200,
      body: { autoRenew: false },
    });
    expect(await storedRows()).toHaveLength(1);
  });
});
