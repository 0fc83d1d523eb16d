import { Hono } from "hono";
import { z } from "zod";
import { isConsumerDomain, isPublicMailDomain, spaceDomainsFor } from "../domain/account-type";
import { mayAddMembers } from "../domain/member-rights";
import { personalSpaceName } from "../domain/workspace-name";
import {
  emailDomain,
  findUserByEmail,
  findUserById,
  insertUser,
  suggestUsers,
} from "../store/users";
import { newUserId, newWorkspaceId } from "../store/ids";
import { insertMember, insertWorkspace, listDomains } from "../store/workspaces";
import type { AppEnv, RouteDeps } from "./app-env";
import { callerUser, requireActiveMembership } from "./caller";
import { conflict, forbidden, userNotFound } from "./errors";
import { parseJsonBody, parseQuery, queryFlag } from "./validation";
import { userView } from "./views/user-view";

/** Every rollout step (1 to 6) is active for everyone in the reference backend. */
const LAST_ROLLOUT_STEP = 6;
const SUGGEST_MAX_LIMIT = 50;

const userQuery = z.object({ includeWorkspaces: queryFlag });
const createUserQuery = z.object({ checkPeopleApi: queryFlag });
const createUserBody = z.object({ createSource: z.literal("WEBAPP") });
const activationStatusQuery = z.object({
  checkIsRegistered: queryFlag,
  includeUserV1: queryFlag,
  includeUserV2: queryFlag,
  includeUserV2Workspace: queryFlag,
  includeFBData: queryFlag,
});
const suggestQuery = z.object({
  searchKeyword: z.string().trim().min(2, "searchKeyword needs at least 2 characters"),
  workspaceId: z.string({ required_error: "workspaceId is required" }).min(1),
  limit: z.coerce.number().int().min(1).max(SUGGEST_MAX_LIMIT).default(10),
});

/** v2 API: the signed-in user, sign-up, rollout status and colleague suggestions. */
export function usersRoutes({ db }: RouteDeps) {
  const routes = new Hono<AppEnv>();

  routes.get("/users/workspace-activation-status/me", async (c) => {
    const query = parseQuery(c, activationStatusQuery);
    const user = await callerUser(db, c);
    return c.json({
      isRegistered: user !== undefined,
      isEligible: true,
      // New accounts start in the per-seat mode.
      isPerSeat: user ? user.is_per_seat === 1 : true,
      userV2:
        user && query.includeUserV2
          ? await userView(db, user, { includeWorkspaces: query.includeUserV2Workspace })
          : null,
      lastActivatedStep: LAST_ROLLOUT_STEP,
    });
  });

  routes.get("/users/suggest", async (c) => {
    const query = parseQuery(c, suggestQuery);
    const { user, workspace, membership } = await requireActiveMembership(db, c, query.workspaceId);
    if (!mayAddMembers(membership.role, workspace.member_invite_user === 1)) throw forbidden("may not add members");
    const users = await suggestUsers(db, {
      callerId: user.id,
      keyword: query.searchKeyword,
      workspaceId: workspace.id,
      domains: (await listDomains(db, workspace.id)).filter((domain) => !isPublicMailDomain(domain)),
      limit: query.limit,
    });
    return c.json({ items: users.map((candidate) => ({ userEmail: candidate.email, userName: candidate.name })) });
  });

  routes.post("/users/workspace-activation-create-user", async (c) => {
    // checkPeopleApi is accepted for compatibility; there is no People API to consult locally.
    parseQuery(c, createUserQuery);
    await parseJsonBody(c, createUserBody);
    const identity = c.get("identity");
    const now = Date.now();
    const userId = newUserId();
    const workspaceId = newWorkspaceId();
    const domain = emailDomain(identity.email);
    const isPersonal = isConsumerDomain(domain);

    // One transaction holds SQLite's only connection, so the existence check and the insert cannot interleave.
    await db.transaction().execute(async (trx) => {
      if (await findUserByEmail(trx, identity.email)) {
        throw conflict("user_already_exists");
      }
      await insertWorkspace(trx, {
        id: workspaceId,
        name: personalSpaceName(identity.name, identity.email),
        plan: "FREE",
        isPerSeat: true,
        domains: spaceDomainsFor(domain),
        createdAt: now,
      });
      await insertUser(trx, {
        id: userId,
        email: identity.email,
        name: identity.name,
        picture: identity.picture,
        isPersonal,
        installationTimestamp: null,
        lastUpdateTimestamp: now,
        addonWorkspaceId: workspaceId,
        isPerSeat: true,
      });
      await insertMember(trx, {
        workspaceId,
        userId,
        role: "OWNER",
        userPlan: "FREE",
        status: "ACTIVE",
        createdAt: now,
      });
    });

    const user = await findUserByEmail(db, identity.email);
    return c.json(await userView(db, user!, { includeWorkspaces: true }), 201);
  });

  routes.get("/users/:userId", async (c) => {
    const { includeWorkspaces } = parseQuery(c, userQuery);
    const requested = c.req.param("userId");
    const caller = await callerUser(db, c);
    const user = requested === "me" ? caller : await findUserById(db, requested);
    if (!user) throw userNotFound();
    if (user.id !== caller?.id) throw forbidden();
    return c.json(await userView(db, user, { includeWorkspaces }));
  });

  return routes;
}
