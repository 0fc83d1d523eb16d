import { Hono } from "hono";
import { z } from "zod";
import { spaceDomainsFor } from "../domain/account-type";
import { isTransferCandidate, transferRefusal } from "../domain/ownership";
import { parseRestrictions } from "../domain/restrictions";
import { workspaceNameSchema } from "../domain/workspace-name";
import { newWorkspaceId } from "../store/ids";
import {
  countOwnedWorkspaces,
  findMembership,
  findWorkspace,
  insertMember,
  insertWorkspace,
  transferOwnership,
  updateWorkspace,
} from "../store/workspaces";
import type { AppEnv, RouteDeps } from "./app-env";
import { callerUser, memberFeatures, requireMembership } from "./caller";
import { conflict, forbidden } from "./errors";
import { parseJsonBody, parseQuery, queryFlag } from "./validation";
import { INCLUDE_EVERYTHING, workspaceView } from "./views/workspace-view";

/** Spec §9: a user owns at most 5 spaces. */
export const MAX_OWNED_WORKSPACES = 5;

const workspaceQuery = z.object({
  includeDomains: queryFlag,
  includeFeatures: queryFlag,
  includeMembersCount: queryFlag,
});

const createBody = z.object({
  workspaceName: workspaceNameSchema,
  userId: z.string({ required_error: "UserId is required" }).min(1, "UserId is required"),
  memberInviteUser: z.boolean().default(true),
});

const transferBody = z.object({ userId: z.string().min(1) });

const updateBody = z
  .object({
    workspaceName: workspaceNameSchema.optional(),
    memberInviteUser: z.boolean().optional(),
  })
  .refine((body) => body.workspaceName !== undefined || body.memberInviteUser !== undefined, {
    message: "nothing to update: send workspaceName or memberInviteUser",
  });

/** v1 API: a space's details, creating a space, renaming it or changing its invite setting. */
export function workspacesRoutes({ db }: RouteDeps) {
  const routes = new Hono<AppEnv>();

  routes.get("/workspaces/:workspaceId", async (c) => {
    const include = parseQuery(c, workspaceQuery);
    const { workspace, membership } = await requireMembership(db, c, c.req.param("workspaceId"));
    return c.json(await workspaceView(db, workspace, membership.status, include));
  });

  routes.post("/workspaces", async (c) => {
    const body = await parseJsonBody(c, createBody);
    const caller = await callerUser(db, c);
    if (!caller || caller.id !== body.userId) throw forbidden("userId is not the signed-in user");
    const workspaceId = newWorkspaceId();

    // Inside one transaction, two concurrent creations cannot both pass the limit.
    await db.transaction().execute(async (trx) => {
      if ((await countOwnedWorkspaces(trx, caller.id)) >= MAX_OWNED_WORKSPACES) throw conflict("too_many_workspaces");
      const now = Date.now();
      await insertWorkspace(trx, {
        id: workspaceId,
        name: body.workspaceName,
        plan: "FREE",
        isPerSeat: caller.is_per_seat === 1,
        memberInviteUser: body.memberInviteUser,
        domains: spaceDomainsFor(caller.domain_name),
        createdAt: now,
      });
      await insertMember(trx, {
        workspaceId,
        userId: caller.id,
        role: "OWNER",
        userPlan: "FREE",
        status: "ACTIVE",
        createdAt: now,
      });
    });

    const workspace = await findWorkspace(db, workspaceId);
    return c.json(await workspaceView(db, workspace!, "ACTIVE", INCLUDE_EVERYTHING), 201);
  });

  routes.put("/workspaces/:workspaceId", async (c) => {
    const body = await parseJsonBody(c, updateBody);
    const { workspace, membership } = await requireMembership(db, c, c.req.param("workspaceId"));
    if (membership.role !== "OWNER" || membership.status === "DISABLED")
      throw forbidden("only the owner may change the space");
    await updateWorkspace(db, workspace.id, { name: body.workspaceName, memberInviteUser: body.memberInviteUser });
    const updated = await findWorkspace(db, workspace.id);
    return c.json(await workspaceView(db, updated!, membership.status, INCLUDE_EVERYTHING));
  });

  routes.put("/workspaces/:workspaceId/owner", async (c) => {
    const { userId } = await parseJsonBody(c, transferBody);
    const caller = await requireMembership(db, c, c.req.param("workspaceId"));
    const refusal = transferRefusal({
      workspacePlan: caller.workspace.plan,
      restrictions: parseRestrictions(caller.workspace.restrictions),
      transferOwnerShip: (await memberFeatures(db, caller)).otherFeatures.transferOwnerShip,
      callerRole: caller.membership.role,
      callerStatus: caller.membership.status,
    });
    if (refusal) throw forbidden(refusal);
    const candidate = await findMembership(db, caller.workspace.id, userId);
    if (
      !candidate ||
      !isTransferCandidate({ role: candidate.role, status: candidate.status, seatType: candidate.seat_type })
    )
      throw conflict("not_a_transfer_candidate");
    if ((await countOwnedWorkspaces(db, userId)) >= MAX_OWNED_WORKSPACES)
      throw conflict("user_owns_too_many_workspaces");
    // One transaction: the space never has two owners or none.
    await transferOwnership(db, caller.workspace.id, { from: caller.user.id, to: userId });
    const workspace = await findWorkspace(db, caller.workspace.id);
    return c.json(await workspaceView(db, workspace!, caller.membership.status, INCLUDE_EVERYTHING));
  });

  return routes;
}
