import type { Context } from "hono";
import { z } from "zod";
import type { BackendDb } from "../db/connection";
import { findUserByEmail, type UserRow } from "../store/users";
import { deriveWorkspaceUserFeature, type WorkspaceUserFeature } from "../domain/features";
import { NO_PLAN_FEATURES } from "../domain/plan-features";
import { findMembership, findWorkspace, listPlanFeatures } from "../store/workspaces";
import type { CampaignScope } from "../domain/list-queries";
import type { AppEnv } from "./app-env";
import { forbidden, userNotFound, workspaceNotFound } from "./errors";
import { parseQuery } from "./validation";

/** The user row of the signed-in identity; a session may exist before its user does. */
export async function callerUser(db: BackendDb, c: Context<AppEnv>): Promise<UserRow | undefined> {
  return findUserByEmail(db, c.get("identity").email);
}

export async function requireCallerUser(db: BackendDb, c: Context<AppEnv>): Promise<UserRow> {
  const user = await callerUser(db, c);
  if (!user) throw userNotFound();
  return user;
}

/** 404 for an unknown space, 403 when the caller is not one of its members. */
export async function requireMembership(db: BackendDb, c: Context<AppEnv>, workspaceId: string) {
  const workspace = await findWorkspace(db, workspaceId);
  if (!workspace) throw workspaceNotFound();
  const user = await callerUser(db, c);
  const membership = user && (await findMembership(db, workspaceId, user.id));
  if (!user || !membership) throw forbidden();
  return { workspace, user, membership };
}

/**
 * requireMembership for the space's pages: a DISABLED member, or any member of
 * a DISABLED space, gets 403 too (they only see the disabled screen, 002 §6).
 */
export async function requireActiveMembership(db: BackendDb, c: Context<AppEnv>, workspaceId: string) {
  const result = await requireMembership(db, c, workspaceId);
  if (result.membership.status === "DISABLED" || result.workspace.status === "DISABLED") {
    throw forbidden("membership is disabled");
  }
  return result;
}

const campaignScopeQuery = z.object({
  workspaceId: z.string({ required_error: "workspaceId is required" }).regex(/^[\w-]{1,64}$/, "must be a space id"),
});

/**
 * The scope of one merge's call (detail, poll, cancel): the caller, as an
 * active member of the space in `?workspaceId=` (002 §6), and that space.
 */
export async function requireCampaignScope(db: BackendDb, c: Context<AppEnv>): Promise<CampaignScope> {
  const { workspaceId } = parseQuery(c, campaignScopeQuery);
  const { user, workspace } = await requireActiveMembership(db, c, workspaceId);
  return { userId: user.id, workspaceId: workspace.id };
}

type Membership = Awaited<ReturnType<typeof requireMembership>>;

/** The caller's features in the space, as `GET /users/me` sends them (domain/features.ts). */
export async function memberFeatures(
  db: BackendDb,
  { workspace, membership }: Pick<Membership, "workspace" | "membership">,
): Promise<WorkspaceUserFeature> {
  const planFeatures = (await listPlanFeatures(db, [workspace.id])).find(
    (row) => row.user_plan === membership.user_plan,
  );
  return deriveWorkspaceUserFeature({
    workspacePlan: workspace.plan,
    legacyType: workspace.legacy_type,
    userPlan: membership.user_plan,
    role: membership.role,
    memberStatus: membership.status,
    isPerSeat: workspace.is_per_seat === 1,
    planFeatures: planFeatures
      ? { hasMultiDomain: planFeatures.has_multi_domain === 1, allowedUserCount: planFeatures.allowed_user_count }
      : NO_PLAN_FEATURES,
  });
}
