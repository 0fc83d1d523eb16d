import type { LegacyType, MemberStatus, PaymentSource, Role, SeatType, UserPlan, WorkspacePlan } from "../domain/enums";
import { defaultPlanFeatures } from "../domain/plan-features";
import { unrestricted, type Restrictions } from "../domain/restrictions";
import { slugify } from "../domain/slug";
import type { BackendDb } from "../db/connection";

export interface NewWorkspace {
  id: string;
  name: string;
  plan: WorkspacePlan;
  legacyType?: LegacyType | null;
  paymentSource?: PaymentSource | null;
  isPerSeat: boolean;
  memberInviteUser?: boolean;
  domains: string[];
  restrictions?: Restrictions;
  createdAt: number;
}

/** A space with its domains and default per-plan features: the one way spaces are created. */
export async function insertWorkspace(db: BackendDb, workspace: NewWorkspace): Promise<void> {
  await db
    .insertInto("workspaces")
    .values({
      id: workspace.id,
      name: workspace.name,
      slug: slugify(workspace.name),
      plan: workspace.plan,
      status: "ACTIVE",
      member_invite_user: workspace.memberInviteUser === false ? 0 : 1,
      legacy_type: workspace.legacyType ?? null,
      payment_source: workspace.paymentSource ?? null,
      is_per_seat: workspace.isPerSeat ? 1 : 0,
      restrictions: JSON.stringify(workspace.restrictions ?? unrestricted()),
      created_at: workspace.createdAt,
    })
    .execute();
  if (workspace.domains.length > 0) {
    await db
      .insertInto("workspace_domains")
      .values(workspace.domains.map((domain_name) => ({ workspace_id: workspace.id, domain_name })))
      .execute();
  }
  await resetPlanFeatures(db, workspace.id, workspace.plan);
}

/** The space's per-plan features become its plan's defaults (a new space, or a plan bought or ended). */
export async function resetPlanFeatures(db: BackendDb, workspaceId: string, plan: WorkspacePlan): Promise<void> {
  await db.deleteFrom("workspace_plan_features").where("workspace_id", "=", workspaceId).execute();
  await db
    .insertInto("workspace_plan_features")
    .values(
      defaultPlanFeatures(plan).map((features) => ({
        workspace_id: workspaceId,
        user_plan: features.userPlan,
        has_multi_domain: features.hasMultiDomain ? 1 : 0,
        allowed_user_count: features.allowedUserCount,
      })),
    )
    .execute();
}

export interface NewMember {
  workspaceId: string;
  userId: string;
  role: Role;
  userPlan: UserPlan;
  status: MemberStatus;
  /** Default: PENDING_YAMM_USER for a PENDING member, ADDED_YAMM_USER otherwise. */
  seatType?: SeatType;
  createdAt: number;
  /** Default: createdAt for a paid user plan, null for FREE. */
  lastBecomePaidAt?: number | null;
  /** A FREE_TRIAL member's trial end, or -1 for none (NO_TRIAL_END); default null. */
  freeTrialEndTimestamp?: number | null;
  scheduledDowngrade?: boolean;
}

export async function insertMember(db: BackendDb, member: NewMember): Promise<void> {
  await db
    .insertInto("workspace_members")
    .values({
      workspace_id: member.workspaceId,
      user_id: member.userId,
      role: member.role,
      user_plan: member.userPlan,
      status: member.status,
      seat_type: member.seatType ?? (member.status === "PENDING" ? "PENDING_YAMM_USER" : "ADDED_YAMM_USER"),
      create_timestamp: member.createdAt,
      last_update_timestamp: member.createdAt,
      free_trial_end_timestamp: member.freeTrialEndTimestamp ?? null,
      scheduled_downgrade: member.scheduledDowngrade ? 1 : 0,
      last_become_paid_timestamp:
        member.lastBecomePaidAt !== undefined
          ? member.lastBecomePaidAt
          : member.userPlan === "FREE"
            ? null
            : member.createdAt,
    })
    .execute();
}

export function findWorkspace(db: BackendDb, workspaceId: string) {
  return db.selectFrom("workspaces").selectAll().where("id", "=", workspaceId).executeTakeFirst();
}

export function findMembership(db: BackendDb, workspaceId: string, userId: string) {
  return db
    .selectFrom("workspace_members")
    .selectAll()
    .where("workspace_id", "=", workspaceId)
    .where("user_id", "=", userId)
    .executeTakeFirst();
}

export async function countOwnedWorkspaces(db: BackendDb, userId: string): Promise<number> {
  const row = await db
    .selectFrom("workspace_members")
    .select((eb) => eb.fn.countAll<number>().as("count"))
    .where("user_id", "=", userId)
    .where("role", "=", "OWNER")
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

export async function countMembers(db: BackendDb, workspaceId: string): Promise<number> {
  const row = await db
    .selectFrom("workspace_members")
    .select((eb) => eb.fn.countAll<number>().as("count"))
    .where("workspace_id", "=", workspaceId)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

export async function listDomains(db: BackendDb, workspaceId: string): Promise<string[]> {
  const rows = await db
    .selectFrom("workspace_domains")
    .select("domain_name")
    .where("workspace_id", "=", workspaceId)
    .orderBy("domain_name")
    .execute();
  return rows.map((row) => row.domain_name);
}

export function listPlanFeatures(db: BackendDb, workspaceIds: string[]) {
  if (workspaceIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom("workspace_plan_features")
    .selectAll()
    .where("workspace_id", "in", workspaceIds)
    .orderBy("workspace_id")
    .orderBy("user_plan")
    .execute();
}

export async function updateWorkspace(
  db: BackendDb,
  workspaceId: string,
  changes: { name?: string; memberInviteUser?: boolean },
): Promise<void> {
  await db
    .updateTable("workspaces")
    .set({
      // The slug follows the name so urlPrefix always reads like the current name.
      ...(changes.name !== undefined && { name: changes.name, slug: slugify(changes.name) }),
      ...(changes.memberInviteUser !== undefined && { member_invite_user: changes.memberInviteUser ? 1 : 0 }),
    })
    .where("id", "=", workspaceId)
    .execute();
}

/** The owner becomes a regular member and the new owner takes the space, in one transaction (002 §2: "You are still part of it as a regular user"). */
export async function transferOwnership(
  db: BackendDb,
  workspaceId: string,
  { from, to }: { from: string; to: string },
) {
  const now = Date.now();
  await db.transaction().execute(async (trx) => {
    for (const [userId, role] of [
      [from, "MEMBER"],
      [to, "OWNER"],
    ] as const) {
      await trx
        .updateTable("workspace_members")
        .set({ role, last_update_timestamp: now })
        .where("workspace_id", "=", workspaceId)
        .where("user_id", "=", userId)
        .execute();
    }
  });
}
