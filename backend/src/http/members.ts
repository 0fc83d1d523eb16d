import { Hono, type Context } from "hono";
import { z } from "zod";
import type { BackendDb } from "../db/connection";
import { ROLES } from "../domain/enums";
import { parseMemberFilter, parseMemberSort, type MemberFilter, type MemberSort } from "../domain/member-query";
import {
  activationRefusal,
  mayManageMembers,
  removalRefusal,
  roleChangeRefusal,
  type MemberFacts,
} from "../domain/member-rights";
import {
  activateDisabledMembers,
  countMembersByKind,
  countMembersMatching,
  findMembers,
  freeMemberAllowance,
  listMembers,
  markToBeRemoved,
  memberIdsByEmail,
  membersPaidElsewhere,
  removeMembers,
  setMemberRole,
} from "../store/members";
import { userIdsByEmail } from "../store/users";
import { listDomains } from "../store/workspaces";
import type { AppEnv, RouteDeps } from "./app-env";
import { memberFeatures, requireActiveMembership } from "./caller";
import { conflict, forbidden, HttpError } from "./errors";
import {
  additionPlacement,
  addressList,
  checkNewcomers,
  inviteNewcomers,
  requireInviter,
  validityQuery,
} from "./newcomers";
import { pageQuery, parsedBy, parseJsonBody, parseQuery } from "./validation";
import { memberView } from "./views/member-view";

export const MEMBERS_DEFAULT_LIMIT = 25;
export const MEMBERS_MAX_LIMIT = 100;

const membersQuery = z.object({
  filterBy: parsedBy<MemberFilter>(parseMemberFilter),
  sortBy: parsedBy<MemberSort>(parseMemberSort),
  ...pageQuery(MEMBERS_DEFAULT_LIMIT, MEMBERS_MAX_LIMIT),
});

const MAX_MEMBERS_PER_CHANGE = 100;
const userIds = z.array(z.string().min(1).max(64)).min(1, "userIds are required").max(MAX_MEMBERS_PER_CHANGE);
const removeByIdBody = z.object({ userIds });
const removeByEmailBody = z.object({
  userEmails: z
    .array(z.string().trim().toLowerCase().email())
    .min(1, "user emails are required")
    .max(MAX_MEMBERS_PER_CHANGE),
});
const changeRoleBody = z.object({
  memberRoles: z
    .array(z.object({ userId: z.string().min(1).max(64), userRole: z.enum(ROLES) }))
    .min(1, "memberRoles are required")
    .max(MAX_MEMBERS_PER_CHANGE),
});
const activateBody = z.object({ userIds });
const toBeRemovedBody = z.object({
  members: z
    .array(z.object({ userId: z.string().min(1).max(64), toBeRemoved: z.boolean() }))
    .min(1, "members are required")
    .max(MAX_MEMBERS_PER_CHANGE)
    .refine((marks) => new Set(marks.map((mark) => mark.userId)).size === marks.length, "members: one entry per user"),
});
const addBody = z.object({ userEmails: addressList("user emails") });

const memberNotFound = () => new HttpError(404, "member_not_found");

/** The caller as an active OWNER or ADMIN of the space (403 otherwise), with the space. */
async function requireMemberManager(db: BackendDb, c: Context<AppEnv>) {
  const membership = await requireActiveMembership(db, c, c.req.param("workspaceId") ?? "");
  if (!mayManageMembers(membership.membership.role)) throw forbidden("may not manage members");
  return membership;
}

/** Every one of the ids as a member of the space: 404 when one is not. */
async function requireMembers(db: BackendDb, workspaceId: string, ids: readonly string[]) {
  const unique = [...new Set(ids)];
  const members = await findMembers(db, workspaceId, unique);
  if (members.length !== unique.length) throw memberNotFound();
  return members;
}

/**
 * v1 API: a space's members list (002 §7), for any active member of the
 * space, and the member changes of its owners and admins (remove, change
 * role, activate, mark for removal with a legacy licence). A change applies to every member named or to none: the
 * first refusal answers 409 with its `reason` (domain/member-rights.ts).
 */
export function membersRoutes({ db }: RouteDeps) {
  const routes = new Hono<AppEnv>();

  /** Removes the members `pick` names (002 §6 refusals), in one transaction. */
  async function remove(
    c: Context<AppEnv>,
    pick: (db: BackendDb, workspaceId: string) => ReturnType<typeof requireMembers>,
  ) {
    const { workspace, user, membership } = await requireMemberManager(db, c);
    const actor: MemberFacts = {
      userId: user.id,
      role: membership.role,
      userPlan: membership.user_plan,
      status: membership.status,
      freeTrialEndTimestamp: membership.free_trial_end_timestamp,
    };
    await db.transaction().execute(async (trx) => {
      const targets = await pick(trx, workspace.id);
      for (const target of targets) {
        const refusal = removalRefusal(actor, target);
        if (refusal) throw conflict(refusal);
      }
      await removeMembers(trx, workspace.id, targets);
    });
    return c.json({ success: true });
  }

  routes.delete("/workspaces/:workspaceId/members", async (c) => {
    const body = await parseJsonBody(c, removeByIdBody);
    return remove(c, (trx, workspaceId) => requireMembers(trx, workspaceId, body.userIds));
  });

  routes.patch("/workspaces/:workspaceId/users/v1", async (c) => {
    const body = await parseJsonBody(c, removeByEmailBody);
    return remove(c, async (trx, workspaceId) => {
      const emails = new Set(body.userEmails);
      const ids = await memberIdsByEmail(trx, workspaceId, [...emails]);
      if (ids.size !== emails.size) throw memberNotFound();
      return requireMembers(trx, workspaceId, [...ids.values()]);
    });
  });

  routes.put("/workspaces/:workspaceId/members/change-role", async (c) => {
    const body = await parseJsonBody(c, changeRoleBody);
    const caller = await requireMemberManager(db, c);
    const { manageUserRoles } = (await memberFeatures(db, caller)).otherFeatures;
    const now = Date.now();
    await db.transaction().execute(async (trx) => {
      const targets = await requireMembers(
        trx,
        caller.workspace.id,
        body.memberRoles.map((change) => change.userId),
      );
      const roleOf = new Map(targets.map((target) => [target.userId, target.role]));
      for (const change of body.memberRoles) {
        const refusal = roleChangeRefusal(
          { role: caller.membership.role, manageUserRoles },
          { role: roleOf.get(change.userId)! },
          change.userRole,
        );
        if (refusal === "may_not_change_roles") throw forbidden(refusal);
        if (refusal) throw conflict(refusal);
      }
      for (const change of body.memberRoles) {
        if (roleOf.get(change.userId) !== change.userRole) {
          await setMemberRole(trx, caller.workspace.id, change.userId, change.userRole, now);
        }
      }
    });
    return c.json({ items: body.memberRoles.map((change) => ({ userId: change.userId, errorCode: null })) });
  });

  routes.put("/workspaces/:workspaceId/members/activate", async (c) => {
    const body = await parseJsonBody(c, activateBody);
    const { workspace } = await requireMemberManager(db, c);
    const now = Date.now();
    await db.transaction().execute(async (trx) => {
      const targets = await requireMembers(trx, workspace.id, body.userIds);
      const [domains, free] = await Promise.all([
        listDomains(trx, workspace.id),
        freeMemberAllowance(trx, workspace.id, now),
      ]);
      let freeMembersCounted = free.counted;
      for (const target of targets) {
        const refusal = activationRefusal(target, { domains, freeMembersAllowed: free.allowed, freeMembersCounted });
        if (refusal) throw conflict(refusal);
        if (target.userPlan === "FREE") freeMembersCounted += 1;
      }
      await activateDisabledMembers(trx, workspace.id, body.userIds, now);
    });
    return c.body(null, 204);
  });

  /**
   * The legacy users page (001 §4): members kept, or to be removed when the
   * legacy licence is replaced (Billing, per-user and legacy). The owner stays.
   */
  routes.patch("/workspaces/:workspaceId/members", async (c) => {
    const body = await parseJsonBody(c, toBeRemovedBody);
    const { workspace } = await requireMemberManager(db, c);
    if (workspace.plan !== "LEGACY") throw conflict("not_a_legacy_space");
    await db.transaction().execute(async (trx) => {
      const targets = await requireMembers(
        trx,
        workspace.id,
        body.members.map((mark) => mark.userId),
      );
      const removed = new Set(body.members.filter((mark) => mark.toBeRemoved).map((mark) => mark.userId));
      if (targets.some((target) => target.role === "OWNER" && removed.has(target.userId))) {
        throw conflict("owner_cannot_be_removed");
      }
      await markToBeRemoved(trx, workspace.id, body.members, Date.now());
    });
    return c.json({ items: body.members });
  });

  routes.get("/workspaces/:workspaceId/members", async (c) => {
    const query = parseQuery(c, membersQuery);
    const { workspace } = await requireActiveMembership(db, c, c.req.param("workspaceId"));
    const now = Date.now();
    const page = { limit: query.limit, offset: query.limitOffset };
    const [rows, total, counts, domains] = await Promise.all([
      listMembers(db, workspace.id, query.filterBy, query.sortBy, page, now),
      countMembersMatching(db, workspace.id, query.filterBy, now),
      countMembersByKind(db, workspace.id, now),
      listDomains(db, workspace.id),
    ]);
    return c.json({ items: rows.map((row) => memberView(row, domains)), total, counts });
  });

  /**
   * Adds members (002 §2 Add members): each address that may join gets a
   * pending membership on its seat (or plan) and an invite link; the others
   * are reported with their reason. `POST …/members?onlyCheckValidity=true`
   * only says which may, with the user id of those who have one.
   */
  async function add(c: Context<AppEnv>) {
    const { onlyCheckValidity } = parseQuery(c, validityQuery);
    const body = await parseJsonBody(c, addBody);
    const { workspace, user } = await requireInviter(db, c);
    const now = Date.now();
    if (onlyCheckValidity) {
      const placement = await additionPlacement(db, workspace, now);
      const [checked, users] = await Promise.all([
        checkNewcomers(db, workspace.id, body.userEmails, placement, now),
        userIdsByEmail(db, body.userEmails),
      ]);
      return c.json({
        items: checked.map(({ email, refusal }) => ({
          userId: users.get(email) ?? null,
          userEmail: email,
          errorMsg: refusal,
        })),
      });
    }
    return c.json(await inviteNewcomers(db, workspace, body.userEmails, additionPlacement, user.id, now));
  }
  routes.post("/workspaces/:workspaceId/users/v1", add);
  routes.post("/workspaces/:workspaceId/members", add);

  /**
   * The members who cannot be made paid here (002 §5 type change): those
   * already paid in another space (errorCode already_paid_user).
   */
  routes.get("/workspaces/:workspaceId/members/promote-validity", async (c) => {
    const { workspace } = await requireMemberManager(db, c);
    const restricted = await membersPaidElsewhere(db, workspace.id);
    return c.json({
      items: restricted.map((member) => ({
        userId: member.userId,
        userEmail: member.userEmail,
        errorCode: "already_paid_user",
      })),
    });
  });

  return routes;
}
