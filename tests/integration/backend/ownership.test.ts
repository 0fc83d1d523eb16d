/**
 * PUT /workspaces/{id}/owner (issue 7; 002 §5, §6, §8): only an active owner
 * of a Pro or Premium space that does not restrict it may transfer, only to
 * an active member holding a YAMM seat who owns fewer than 5 spaces; the
 * former owner stays as a regular member; a refusal changes nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PERSONAS, SPACES } from "../../../backend/src/db/seed/personas";
import { insertMember, insertWorkspace } from "../../../backend/src/store/workspaces";
import { startBackend, type RunningBackend } from "../support/backend";
import { signedInClient } from "./support/api";

let backend: RunningBackend;
beforeAll(async () => {
  backend = await startBackend();
});
afterAll(() => backend?.close());

const transfer = async (email: string, workspaceId: string, userId: string) =>
  (await signedInClient(backend, email)).put(`/api/v1/workspaces/${workspaceId}/owner`, { userId });

const roles = async (workspaceId: string) =>
  Object.fromEntries(
    (await backend.db.selectFrom("workspace_members").select(["user_id", "role"]).where("workspace_id", "=", workspaceId).execute()).map(
      (row) => [row.user_id, row.role],
    ),
  );

describe("transferring ownership", () => {
  it.each([
    ["an admin", PERSONAS.admin.email, SPACES.acmeMarketing.id, PERSONAS.benBaker.id, 403, "not_owner"],
    ["the owner of a Free space", PERSONAS.solo.email, SPACES.samsSpace.id, PERSONAS.benBaker.id, 403, "transfer_not_available"],
    ["the owner of a Legacy space", PERSONAS.legacy.email, SPACES.oldcoTeam.id, PERSONAS.petePark.id, 403, "transfer_not_available"],
    ["to a disabled member", PERSONAS.owner.email, SPACES.acmeMarketing.id, PERSONAS.disabled.id, 409, "not_a_transfer_candidate"],
    ["to someone outside the space", PERSONAS.owner.email, SPACES.acmeMarketing.id, PERSONAS.solo.id, 409, "not_a_transfer_candidate"],
    ["to the owner", PERSONAS.owner.email, SPACES.acmeMarketing.id, PERSONAS.owner.id, 409, "not_a_transfer_candidate"],
  ])("refuses %s (%i %s), changing nothing", async (_label, email, workspaceId, userId, status, reason) => {
    const before = await roles(workspaceId);
    const answer = await transfer(email, workspaceId, userId);
    expect(answer).toMatchObject({ status, body: { reason } });
    expect(await roles(workspaceId)).toEqual(before);
  });

  it("refuses a space that restricts transfers", async () => {
    await backend.db
      .updateTable("workspaces")
      .set({ restrictions: JSON.stringify({ TRANSFER_WORKSPACE: true }) })
      .where("id", "=", SPACES.bigco.id)
      .execute();
    const answer = await transfer(PERSONAS.premium.email, SPACES.bigco.id, PERSONAS.noahNguyen.id);
    expect(answer).toMatchObject({ status: 403, body: { reason: "transfer_restricted" } });
  });

  it("refuses a new owner who already owns 5 spaces (409 user_owns_too_many_workspaces)", async () => {
    for (let index = 0; index < 5; index++) {
      const id = `59000000000000${String(index).padStart(2, "0")}`;
      await insertWorkspace(backend.db, { id, name: `Carla space ${index}`, plan: "FREE", isPerSeat: true, domains: [], createdAt: Date.now() });
      await insertMember(backend.db, { workspaceId: id, userId: PERSONAS.carlaDiaz.id, role: "OWNER", userPlan: "FREE", status: "ACTIVE", createdAt: Date.now() });
    }
    const answer = await transfer(PERSONAS.owner.email, SPACES.acmeMarketing.id, PERSONAS.carlaDiaz.id);
    expect(answer).toMatchObject({ status: 409, body: { reason: "user_owns_too_many_workspaces" } });
  });

  it("makes the candidate the owner and keeps the former owner as a regular member", async () => {
    const answer = await transfer(PERSONAS.owner.email, SPACES.acmeMarketing.id, PERSONAS.benBaker.id);
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ workspaceId: SPACES.acmeMarketing.id });
    const after = await roles(SPACES.acmeMarketing.id);
    expect(after[PERSONAS.benBaker.id]).toBe("OWNER");
    expect(after[PERSONAS.owner.id]).toBe("MEMBER");
    expect(Object.values(after).filter((role) => role === "OWNER")).toHaveLength(1);
    // The former owner may not transfer again.
    expect((await transfer(PERSONAS.owner.email, SPACES.acmeMarketing.id, PERSONAS.eliFischer.id)).status).toBe(403);
  });
});
