import { sql, type Expression, type SqlBool } from "kysely";
import type { BackendDb } from "../db/connection";
import { ROLES, roleRank, type Role } from "../domain/enums";
import type { MemberFilter, MemberSort } from "../domain/member-query";
import { NO_PLAN_FEATURES } from "../domain/plan-features";
import { cancelInvitations } from "./invitations";
import { likeContains } from "./list-pages";
import { listPlanFeatures } from "./workspaces";

/** The members of a space joined with their users, narrowed by the filter. */
function membersMatching(db: BackendDb, workspaceId: string, filter: MemberFilter) {
  let query = db
    .selectFrom("workspace_members as m")
    .innerJoin("users as u", "u.id", "m.user_id")
    .where("m.workspace_id", "=", workspaceId);
  if (filter.roles) query = query.where("m.role", "in", filter.roles);
  if (filter.statuses) query = query.where("m.status", "in", filter.statuses);
  if (filter.search) {
    // SQLite's LIKE ignores ASCII case.
    const pattern = likeContains(filter.search);
    query = query.where((eb) =>
      eb.or([sql<SqlBool>`u.name like ${pattern} escape '\\'`, sql<SqlBool>`u.email like ${pattern} escape '\\'`]),
    );
  }
  return query;
}

/** MEMBER < ADMIN < OWNER, so an ascending role sort lists members first. */
const roleRankSql = sql<number>`case m.role ${sql.join(
  ROLES.map((role) => sql`when ${role} then ${roleRank(role)}`),
  sql` `,
)} else 0 end`;

const SORT_EXPRESSIONS: Record<MemberSort["field"], Expression<unknown>> = {
  userName: sql`u.name collate nocase`,
  userEmail: sql`u.email`,
  createTimestamp: sql`m.create_timestamp`,
  userRole: roleRankSql,
};

export interface MemberPage {
  limit: number;
  offset: number;
}

export type MemberRow = Awaited<ReturnType<typeof listMembers>>[number];

/** One page of a space's members; ties are broken by e-mail, then id, so pages never overlap. */
export function listMembers(
  db: BackendDb,
  workspaceId: string,
  filter: MemberFilter,
  sort: MemberSort,
  page: MemberPage,
) {
  return membersMatching(db, workspaceId, filter)
    .select([
      "m.workspace_id as workspaceId",
      "m.user_id as userId",
      "u.email as userEmail",
      "u.name as userName",
      "m.role as userRole",
      "m.user_plan as userPlan",
      "m.seat_type as seatType",
      "m.status",
      "m.create_timestamp as createTimestamp",
      "m.last_update_timestamp as lastUpdateTimestamp",
      "m.last_become_paid_timestamp as lastBecomePaidTimestamp",
      "u.is_personal as isPersonal",
      "m.free_trial_end_timestamp as freeTrialEndTimestamp",
    ])
    .orderBy(SORT_EXPRESSIONS[sort.field], sort.direction)
    .orderBy("u.email", sort.direction)
    .orderBy("m.user_id", sort.direction)
    .limit(page.limit)
    .offset(page.offset)
    .execute();
}

export async function countMembersMatching(db: BackendDb, workspaceId: string, filter: MemberFilter): Promise<number> {
  const row = await membersMatching(db, workspaceId, filter)
    .select((eb) => eb.fn.countAll<number>().as("count"))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** A PENDING member (invited, not joined) becomes an ACTIVE one holding an added seat. */
export async function activatePendingMember(
  db: BackendDb,
  workspaceId: string,
  userId: string,
  now: number,
): Promise<void> {
  await db
    .updateTable("workspace_members")
    .set({ status: "ACTIVE", seat_type: "ADDED_YAMM_USER", last_update_timestamp: now })
    .where("workspace_id", "=", workspaceId)
    .where("user_id", "=", userId)
    .where("status", "=", "PENDING")
    .execute();
}

/** The memberships of these users in the space, with what the member rules look at. */
export function findMembers(db: BackendDb, workspaceId: string, userIds: readonly string[]) {
  return db
    .selectFrom("workspace_members as m")
    .innerJoin("users as u", "u.id", "m.user_id")
    .select([
      "m.user_id as userId",
      "m.role",
      "m.user_plan as userPlan",
      "m.status",
      "m.free_trial_end_timestamp as freeTrialEndTimestamp",
      "u.email",
      "u.domain_name as domainName",
    ])
    .where("m.workspace_id", "=", workspaceId)
    .where("m.user_id", "in", userIds.length > 0 ? [...userIds] : [""])
    .execute();
}

/** The user ids of these e-mail addresses among the space's members (lower-cased). */
export async function memberIdsByEmail(db: BackendDb, workspaceId: string, emails: readonly string[]) {
  const rows = await db
    .selectFrom("workspace_members as m")
    .innerJoin("users as u", "u.id", "m.user_id")
    .select(["u.id", "u.email"])
    .where("m.workspace_id", "=", workspaceId)
    .where("u.email", "in", emails.length > 0 ? [...emails] : [""])
    .execute();
  return new Map(rows.map((row) => [row.email, row.id]));
}

/** Removes the memberships, and cancels the pending invitations of those addresses to the space. */
export async function removeMembers(
  db: BackendDb,
  workspaceId: string,
  members: ReadonlyArray<{ userId: string; email: string }>,
) {
  if (members.length === 0) return;
  await db
    .deleteFrom("workspace_members")
    .where("workspace_id", "=", workspaceId)
    .where(
      "user_id",
      "in",
      members.map((member) => member.userId),
    )
    .execute();
  await cancelInvitations(
    db,
    workspaceId,
    members.map((member) => member.email),
  );
}

export async function setMemberRole(db: BackendDb, workspaceId: string, userId: string, role: Role, now: number) {
  await db
    .updateTable("workspace_members")
    .set({ role, last_update_timestamp: now })
    .where("workspace_id", "=", workspaceId)
    .where("user_id", "=", userId)
    .where("role", "!=", "OWNER")
    .execute();
}

/** DISABLED members become ACTIVE again. */
export async function activateDisabledMembers(
  db: BackendDb,
  workspaceId: string,
  userIds: readonly string[],
  now: number,
) {
  if (userIds.length === 0) return;
  await db
    .updateTable("workspace_members")
    .set({ status: "ACTIVE", last_update_timestamp: now })
    .where("workspace_id", "=", workspaceId)
    .where("user_id", "in", [...userIds])
    .where("status", "=", "DISABLED")
    .execute();
}

/**
 * The free members a space may hold (the FREE `allowedUserCount` of its plan
 * features) and those it holds: everyone on the FREE user plan not disabled.
 */
export async function freeMemberAllowance(db: BackendDb, workspaceId: string) {
  const [features, row] = await Promise.all([
    listPlanFeatures(db, [workspaceId]),
    db
      .selectFrom("workspace_members")
      .select((eb) => eb.fn.countAll<number>().as("count"))
      .where("workspace_id", "=", workspaceId)
      .where("user_plan", "=", "FREE")
      .where("status", "!=", "DISABLED")
      .executeTakeFirstOrThrow(),
  ]);
  const free = features.find((feature) => feature.user_plan === "FREE");
  return { allowed: free?.allowed_user_count ?? NO_PLAN_FEATURES.allowedUserCount, counted: Number(row.count) };
}

/** 002 §3 Member counts of the whole space, whatever the list's filter. */
export interface MemberCounts {
  total: number;
  /** Not disabled, not on a trial, on a paid user plan. */
  paid: number;
  /** The paid ones with a personal (Gmail) account. */
  gmailPaid: number;
  /** Not disabled, on a free trial. */
  trial: number;
  /** Not disabled, not on a trial, on the FREE user plan. */
  free: number;
  disabled: number;
}

export async function countMembersByKind(db: BackendDb, workspaceId: string): Promise<MemberCounts> {
  const counted = sql`m.status != 'DISABLED' and m.free_trial_end_timestamp is null`;
  const row = await db
    .selectFrom("workspace_members as m")
    .innerJoin("users as u", "u.id", "m.user_id")
    .select([
      sql<number>`count(*)`.as("total"),
      sql<number>`coalesce(sum(${counted} and m.user_plan != 'FREE'), 0)`.as("paid"),
      sql<number>`coalesce(sum(${counted} and m.user_plan != 'FREE' and u.is_personal = 1), 0)`.as("gmailPaid"),
      sql<number>`coalesce(sum(m.status != 'DISABLED' and m.free_trial_end_timestamp is not null), 0)`.as("trial"),
      sql<number>`coalesce(sum(${counted} and m.user_plan = 'FREE'), 0)`.as("free"),
      sql<number>`coalesce(sum(m.status = 'DISABLED'), 0)`.as("disabled"),
    ])
    .where("m.workspace_id", "=", workspaceId)
    .executeTakeFirstOrThrow();
  return {
    total: Number(row.total),
    paid: Number(row.paid),
    gmailPaid: Number(row.gmailPaid),
    trial: Number(row.trial),
    free: Number(row.free),
    disabled: Number(row.disabled),
  };
}
