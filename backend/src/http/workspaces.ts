import { Hono } from "hono";
import { z } from "zod";
import { workspaceNameSchema } from "../domain/workspace-name";
import { newWorkspaceId } from "../store/ids";
import {
  countOwnedWorkspaces,
  findWorkspace,
  insertMember,
  insertWorkspace,
  updateWorkspace,
} from "../store/workspaces";
import type { AppEnv, RouteDeps } from "./app-env";
import { callerUser, requireMembership } from "./caller";
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
        domains: caller.is_personal === 1 ? [] : [caller.domain_name],
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

  return routes;
}
