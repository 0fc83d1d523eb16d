import type { Updateable } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { WorkspaceMembersTable } from "../../../backend/src/db/tables/workspaces";
import { PERSONAS, SPACES } from "../../../backend/src/db/seed/personas";
import { startBackend, type RunningBackend } from "../support/backend";
import { signedInClient } from "./support/api";

/**
 * Member changes (002 §4, §6, §7): remove (DELETE …/members by id, PATCH
 * …/users/v1 by e-mail), change role, activate, and marking members of a
 * legacy space kept or to be removed (001 §4). Each applies to every member
 * named or to none.
 */

let backend: RunningBackend;
beforeAll(async () => {
  backend = await startBackend();
});
afterAll(() => backend?.close());

const MARKETING = SPACES.acmeMarketing.id;
const SALES = SPACES.acmeSales.id;
const as = (email: string) => signedInClient(backend, email);
const conflictWith = (reason: string) => ({ status: 409, body: { error: "conflict", reason } });

function membership(workspaceId: string, userId: string) {
  return backend.db
    .selectFrom("workspace_members")
    .select(["role", "status", "user_plan"])
    .where("workspace_id", "=", workspaceId)
    .where("user_id", "=", userId)
    .executeTakeFirst();
}

function setMember(workspaceId: string, userId: string, values: Updateable<WorkspaceMembersTable>) {
  return backend.db
    .updateTable("workspace_members")
    .set(values)
    .where("workspace_id", "=", workspaceId)
    .where("user_id", "=", userId)
    .execute();
}

describe("PUT /workspaces/{id}/members/activate", () => {
  const activate = async (email: string, workspaceId: string, userIds: string[]) =>
    (await as(email)).put(`/api/v1/workspaces/${workspaceId}/members/activate`, { userIds });

  it("makes a disabled member active again", async () => {
    expect(await activate(PERSONAS.admin.email, MARKETING, [PERSONAS.disabled.id])).toEqual({
      status: 204,
      body: null,
    });
    expect(await membership(MARKETING, PERSONAS.disabled.id)).toMatchObject({ status: "ACTIVE" });
    await setMember(MARKETING, PERSONAS.disabled.id, { status: "DISABLED" });
  });

  it("refuses an active member, and a free member past the plan's free allowance, changing nothing", async () => {
    expect(await activate(PERSONAS.owner.email, MARKETING, [PERSONAS.disabled.id, PERSONAS.benBaker.id])).toEqual(
      conflictWith("member_not_disabled"),
    );
    expect(await membership(MARKETING, PERSONAS.disabled.id)).toMatchObject({ status: "DISABLED" });

    // Acme Sales (Free) allows one free member: its owner.
    await setMember(SALES, PERSONAS.owner.id, { status: "DISABLED" });
    try {
      expect(await activate(PERSONAS.salesLead.email, SALES, [PERSONAS.owner.id])).toEqual(
        conflictWith("free_user_limit_reached"),
      );
    } finally {
      await setMember(SALES, PERSONAS.owner.id, { status: "ACTIVE" });
    }
  });

  it("answers 403 to a member, 404 for someone not in the space, 400 without ids", async () => {
    expect((await activate(PERSONAS.member.email, MARKETING, [PERSONAS.disabled.id])).status).toBe(403);
    expect(await activate(PERSONAS.owner.email, MARKETING, [PERSONAS.solo.id])).toEqual({
      status: 404,
      body: { error: "member_not_found" },
    });
    expect((await activate(PERSONAS.owner.email, MARKETING, [])).status).toBe(400);
  });
});

describe("PUT /workspaces/{id}/members/change-role", () => {
  const changeRole = async (
    email: string,
    workspaceId: string,
    memberRoles: Array<{ userId: string; userRole: string }>,
  ) => (await as(email)).put(`/api/v1/workspaces/${workspaceId}/members/change-role`, { memberRoles });

  it("lets the owner make a member an admin and back", async () => {
    expect(
      await changeRole(PERSONAS.owner.email, MARKETING, [{ userId: PERSONAS.carlaDiaz.id, userRole: "ADMIN" }]),
    ).toEqual({
      status: 200,
      body: { items: [{ userId: PERSONAS.carlaDiaz.id, errorCode: null }] },
    });
    expect(await membership(MARKETING, PERSONAS.carlaDiaz.id)).toMatchObject({ role: "ADMIN" });
    await changeRole(PERSONAS.owner.email, MARKETING, [{ userId: PERSONAS.carlaDiaz.id, userRole: "MEMBER" }]);
    expect(await membership(MARKETING, PERSONAS.carlaDiaz.id)).toMatchObject({ role: "MEMBER" });
  });

  it("never changes the owner's role nor makes an owner, and applies nothing of a refused request", async () => {
    expect(
      await changeRole(PERSONAS.owner.email, MARKETING, [
        { userId: PERSONAS.benBaker.id, userRole: "ADMIN" },
        { userId: PERSONAS.owner.id, userRole: "MEMBER" },
      ]),
    ).toEqual(conflictWith("owner_role_cannot_change"));
    expect(await membership(MARKETING, PERSONAS.benBaker.id)).toMatchObject({ role: "MEMBER" });
    expect(
      await changeRole(PERSONAS.owner.email, MARKETING, [{ userId: PERSONAS.benBaker.id, userRole: "OWNER" }]),
    ).toEqual(conflictWith("owner_role_cannot_change"));
  });

  it("answers 403 to an admin, and to the owner of a Free space (no manageUserRoles)", async () => {
    expect(
      (await changeRole(PERSONAS.admin.email, MARKETING, [{ userId: PERSONAS.benBaker.id, userRole: "ADMIN" }])).status,
    ).toBe(403);
    expect(
      (await changeRole(PERSONAS.salesLead.email, SALES, [{ userId: PERSONAS.owner.id, userRole: "ADMIN" }])).status,
    ).toBe(403);
    expect(await membership(SALES, PERSONAS.owner.id)).toMatchObject({ role: "MEMBER" });
  });
});

describe("removing members", () => {
  const removeById = async (email: string, userIds: string[]) =>
    (await as(email)).delete(`/api/v1/workspaces/${MARKETING}/members`, { userIds });
  const removeByEmail = async (email: string, userEmails: string[]) =>
    (await as(email)).patch(`/api/v1/workspaces/${MARKETING}/users/v1`, { userEmails });

  it("refuses the owner, a free trial, oneself as admin, another admin by an admin, and paid users", async () => {
    expect(await removeById(PERSONAS.admin.email, [PERSONAS.owner.id])).toEqual(
      conflictWith("owner_cannot_be_removed"),
    );
    expect(await removeById(PERSONAS.admin.email, [PERSONAS.admin.id])).toEqual(conflictWith("cannot_remove_yourself"));
    expect(await removeById(PERSONAS.owner.email, [PERSONAS.benBaker.id])).toEqual(conflictWith("paid_user"));

    await setMember(MARKETING, PERSONAS.member.id, { role: "ADMIN" });
    try {
      expect(await removeById(PERSONAS.admin.email, [PERSONAS.member.id])).toEqual(
        conflictWith("admin_cannot_remove_admin"),
      );
    } finally {
      await setMember(MARKETING, PERSONAS.member.id, { role: "MEMBER" });
    }

    await setMember(MARKETING, PERSONAS.member.id, { free_trial_end_timestamp: -1 });
    try {
      expect(await removeById(PERSONAS.owner.email, [PERSONAS.member.id])).toEqual(conflictWith("free_trial_user"));
    } finally {
      await setMember(MARKETING, PERSONAS.member.id, { free_trial_end_timestamp: null });
    }
  });

  it("removes nobody when one of those named is refused", async () => {
    expect(await removeById(PERSONAS.owner.email, [PERSONAS.member.id, PERSONAS.benBaker.id])).toEqual(
      conflictWith("paid_user"),
    );
    expect(await membership(MARKETING, PERSONAS.member.id)).toBeDefined();
  });

  it("answers 403 to a member, 404 for someone not in the space, 400 without anyone", async () => {
    expect((await removeById(PERSONAS.member.email, [PERSONAS.disabled.id])).status).toBe(403);
    expect((await removeById(PERSONAS.owner.email, [PERSONAS.solo.id])).status).toBe(404);
    expect((await removeByEmail(PERSONAS.owner.email, [PERSONAS.solo.email])).status).toBe(404);
    expect((await removeByEmail(PERSONAS.member.email, [PERSONAS.solo.email])).status).toBe(403);
    expect(await removeByEmail(PERSONAS.owner.email, [])).toMatchObject({ status: 400 });
    expect(await membership(MARKETING, PERSONAS.disabled.id)).toBeDefined();
  });

  it("removes a free member by id, and another by e-mail (any case), answering success", async () => {
    expect(await removeById(PERSONAS.admin.email, [PERSONAS.member.id])).toEqual({
      status: 200,
      body: { success: true },
    });
    expect(await membership(MARKETING, PERSONAS.member.id)).toBeUndefined();
    expect(await removeByEmail(PERSONAS.owner.email, ["Disabled@Acme.test"])).toEqual({
      status: 200,
      body: { success: true },
    });
    expect(await membership(MARKETING, PERSONAS.disabled.id)).toBeUndefined();
  });
});

describe("PATCH /workspaces/{id}/members (the legacy users page, 001 §4)", () => {
  const OLDCO = SPACES.oldcoTeam.id;
  const mark = (members: Array<{ userId: string; toBeRemoved: boolean }>) =>
    as(PERSONAS.legacy.email).then((client) => client.patch(`/api/v1/workspaces/${OLDCO}/members`, { members }));
  const marked = async () =>
    (
      await backend.db
        .selectFrom("workspace_members")
        .select(["user_id", "to_be_removed"])
        .where("workspace_id", "=", OLDCO)
        .orderBy("user_id")
        .execute()
    ).map((row) => [row.user_id, row.to_be_removed]);

  it("marks members to be removed or kept, as the members list then shows", async () => {
    const removeOlga = [{ userId: PERSONAS.olgaOrtiz.id, toBeRemoved: true }];
    expect(await mark(removeOlga)).toEqual({ status: 200, body: { items: removeOlga } });
    const { body } = await (await as(PERSONAS.petePark.email)).get(`/api/v1/workspaces/${OLDCO}/members`);
    expect(
      body.items.map((item: { userEmail: string; toBeRemoved: boolean }) => [item.userEmail, item.toBeRemoved]),
    ).toEqual([
      ["legacy@oldco.test", false],
      ["olga.ortiz@oldco.test", true],
      ["pete.park@oldco.test", false],
    ]);
    expect((await mark([{ userId: PERSONAS.olgaOrtiz.id, toBeRemoved: false }])).status).toBe(200);
    expect(await marked()).toEqual([
      [PERSONAS.legacy.id, 0],
      [PERSONAS.olgaOrtiz.id, 0],
      [PERSONAS.petePark.id, 0],
    ]);
  });

  it("refuses the owner, a stranger, a space that is not legacy, a member, and a malformed body, marking nobody", async () => {
    const olga = { userId: PERSONAS.olgaOrtiz.id, toBeRemoved: true };
    expect(await mark([olga, { userId: PERSONAS.legacy.id, toBeRemoved: true }])).toEqual(
      conflictWith("owner_cannot_be_removed"),
    );
    expect(await mark([olga, { userId: PERSONAS.owner.id, toBeRemoved: true }])).toEqual({
      status: 404,
      body: { error: "member_not_found" },
    });
    expect(await mark([])).toMatchObject({ status: 400 });
    expect(await mark([olga, olga])).toMatchObject({ status: 400 });
    expect(await marked()).toEqual([
      [PERSONAS.legacy.id, 0],
      [PERSONAS.olgaOrtiz.id, 0],
      [PERSONAS.petePark.id, 0],
    ]);
    expect(
      await (
        await as(PERSONAS.owner.email)
      ).patch(`/api/v1/workspaces/${MARKETING}/members`, {
        members: [{ userId: PERSONAS.member.id, toBeRemoved: true }],
      }),
    ).toEqual(conflictWith("not_a_legacy_space"));
    expect(
      (
        await (
          await as(PERSONAS.olgaOrtiz.email)
        ).patch(`/api/v1/workspaces/${OLDCO}/members`, {
          members: [olga],
        })
      ).status,
    ).toBe(403);
  });
});
