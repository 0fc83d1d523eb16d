import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PERSONAS, SPACES } from "../../../backend/src/db/seed/personas";
import { startBackend, type RunningBackend } from "../support/backend";
import { signedInClient } from "./support/api";

let backend: RunningBackend;
beforeAll(async () => {
  backend = await startBackend();
});
afterAll(() => backend?.close());

const as = (email: string) => signedInClient(backend, email);
const key = () => ({ "Idempotency-Key": randomUUID() });

async function spacesNamed(name: string) {
  return backend.db.selectFrom("workspaces").select("id").where("name", "=", name).execute();
}

describe("Idempotency-Key on writes", () => {
  it("creates one space for the same key sent twice, and answers the second with the first answer", async () => {
    const client = await as(PERSONAS.solo.email);
    const headers = key();
    const body = { workspaceName: "Once Only Space", userId: PERSONAS.solo.id, memberInviteUser: true };
    const first = await client.post("/api/v1/workspaces", body, headers);
    const second = await client.post("/api/v1/workspaces", body, headers);
    expect(first.status).toBe(201);
    expect(second).toEqual(first);
    expect(await spacesNamed("Once Only Space")).toHaveLength(1);
  });

  it("creates one space for concurrent requests with one key", async () => {
    const client = await as(PERSONAS.solo.email);
    const headers = key();
    const body = { workspaceName: "Concurrent Space", userId: PERSONAS.solo.id, memberInviteUser: true };
    const answers = await Promise.all([1, 2, 3].map(() => client.post("/api/v1/workspaces", body, headers)));
    expect(answers.map((answer) => answer.status)).toEqual([201, 201, 201]);
    expect(new Set(answers.map((answer) => answer.body.workspaceId)).size).toBe(1);
    expect(await spacesNamed("Concurrent Space")).toHaveLength(1);
  });

  it("applies a write again under a different key", async () => {
    const client = await as(PERSONAS.legacy.email);
    const body = { workspaceName: "Twice Space", userId: PERSONAS.legacy.id, memberInviteUser: true };
    expect((await client.post("/api/v1/workspaces", body, key())).status).toBe(201);
    expect((await client.post("/api/v1/workspaces", body, key())).status).toBe(201);
    expect(await spacesNamed("Twice Space")).toHaveLength(2);
  });

  it("gives the key back after a refusal, so the corrected request runs", async () => {
    const client = await as(PERSONAS.premium.email);
    const headers = key();
    const refused = await client.post("/api/v1/workspaces", { workspaceName: "abc", userId: PERSONAS.premium.id }, headers);
    expect(refused.status).toBe(400);
    const corrected = await client.post(
      "/api/v1/workspaces",
      { workspaceName: "Corrected Space", userId: PERSONAS.premium.id, memberInviteUser: true },
      headers,
    );
    expect(corrected.status).toBe(201);
    expect(await spacesNamed("Corrected Space")).toHaveLength(1);
  });

  it("adds one batch of unsubscriptions for a repeated key, answering the first count", async () => {
    const client = await as(PERSONAS.owner.email);
    const headers = key();
    const body = { emailAddresses: ["idem-one@example.test", "idem-two@example.test"], workspaceId: SPACES.acmeMarketing.id };
    const path = "/api/v2/users/workspace-activation-add-unsubscriptions/me";
    const [first, second] = await Promise.all([client.post(path, body, headers), client.post(path, body, headers)]);
    expect(first.status).toBe(200);
    expect(second.body).toEqual(first.body);
    expect(first.body.updated).toBe(2);
  });

  it("refuses one key on another path (422) and a malformed key (400)", async () => {
    const client = await as(PERSONAS.owner.email);
    const headers = key();
    const body = { emailAddresses: ["idem-three@example.test"], workspaceId: SPACES.acmeMarketing.id };
    expect((await client.post("/api/v2/users/workspace-activation-add-unsubscriptions/me", body, headers)).status).toBe(200);
    const reused = await client.post("/api/v2/users/workspace-activation-add-bounces/me", body, headers);
    expect(reused).toMatchObject({ status: 422, body: { reason: "idempotency_key_reused" } });
    const malformed = await client.post("/api/v2/users/workspace-activation-add-unsubscriptions/me", body, { "Idempotency-Key": "short" });
    expect(malformed).toMatchObject({ status: 400, body: { reason: "invalid_idempotency_key" } });
  });

  it("refuses one key with another body or query (422), and invites nobody new under it (issue 26)", async () => {
    const client = await as(PERSONAS.owner.email);
    const headers = key();
    const path = `/api/v1/workspaces/${SPACES.acmeMarketing.id}/users/v1`;
    const first = await client.post(path, { userEmails: ["idem-first@acme.test", "not an address"] }, headers);
    expect(first).toMatchObject({ status: 200, body: { success: false } });
    const corrected = await client.post(path, { userEmails: ["idem-corrected@acme.test"] }, headers);
    expect(corrected).toMatchObject({ status: 422, body: { error: "invalid_request", reason: "idempotency_key_reused" } });
    const invited = await backend.db
      .selectFrom("invitations")
      .select("invited_email")
      .where("invited_email", "in", ["idem-first@acme.test", "idem-corrected@acme.test"])
      .execute();
    expect(invited.map((row) => row.invited_email)).toEqual(["idem-first@acme.test"]);
    // The same body again is still the first answer, replayed.
    const repeat = await client.post(path, { userEmails: ["idem-first@acme.test", "not an address"] }, headers);
    expect(repeat).toEqual(first);
    const withQuery = await client.post(`${path}?onlyCheckValidity=true`, { userEmails: ["idem-first@acme.test", "not an address"] }, headers);
    expect(withQuery).toMatchObject({ status: 422, body: { reason: "idempotency_key_reused" } });
  });

  it("keeps keys apart per caller", async () => {
    const headers = key();
    const body = { emailAddresses: ["idem-four@example.test"], workspaceId: SPACES.acmeMarketing.id };
    const owner = await (await as(PERSONAS.owner.email)).post("/api/v2/users/workspace-activation-add-unsubscriptions/me", body, headers);
    const admin = await (await as(PERSONAS.admin.email)).post("/api/v2/users/workspace-activation-add-unsubscriptions/me", body, headers);
    expect(owner.status).toBe(200);
    expect(admin.status).toBe(200);
  });
});
