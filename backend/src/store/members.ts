import { sql, type Expression, type ExpressionBuilder, type SqlBool } from "kysely";
import type { BackendDb } from "../db/connection";
import { CONSUMER_DOMAINS } from "../domain/account-type";
import { ROLES, roleRank, type MemberStatus, type Role, type SeatType, type UserPlan } from "../domain/enums";
import type { Database, SqlBoolean } from "../db/schema";
import type { WorkspaceMembersTable } from "../db/tables/workspaces";
import type { CheckoutMember } from "../domain/paid-users";
import type { MemberFilter, MemberSort } from "../domain/member-query";
import { NO_PLAN_FEATURES } from "../domain/plan-features";
import { cancelInvitations } from "./invitations";
import { likeContains } from "./list-pages";
import { listPlanFeatures } from "./workspaces";

/**
 * Who a space's members list shows (002 §3): its memberships, and the
 * addresses with a live pending invitation who are not members yet (status
 * PENDING, seat PENDING_YAMM_USER). A pending row's id is the invitee's user
 * id, or, for an address with no user yet, `p` and the address in hex: stable
 * across resends, and unique.
 */
function memberRows(db: BackendDb, workspaceId: string, now: number) {
  const joined = db
    .selectFrom("workspace_members as m")
    .innerJoin("users as u", "u.id", "m.user_id")
    .select([
      "m.workspace_id",
      "m.user_id",
      "u.email",
      "u.name",
      "u.domain_name",
      "m.role",
      "m.user_plan",
      sql<SeatType>`m.seat_type`.as("seat_type"),
      "m.status",
      "m.create_timestamp",
      "m.last_update_timestamp",
      "m.last_become_paid_timestamp",
      "u.is_personal",
      "m.free_trial_end_timestamp",
      "m.scheduled_downgrade",
      "m.to_be_removed",
    ])
    .where("m.workspace_id", "=", workspaceId);
  const consumerDomains = sql.join([...CONSUMER_DOMAINS].map((domain) => sql.lit(domain)));
  const domainOf = sql<string>`substr(i.invited_email, instr(i.invited_email, '@') + 1)`;
  const invited = db
    .selectFrom("invitations as i")
    .leftJoin("users as u", "u.email", "i.invited_email")
    .select([
      "i.workspace_id",
      sql<string>`coalesce(u.id, 'p' || lower(hex(i.invited_email)))`.as("user_id"),
      "i.invited_email as email",
      sql<string>`coalesce(u.name, '')`.as("name"),
      sql<string>`coalesce(u.domain_name, ${domainOf})`.as("domain_name"),
      sql<Role>`'MEMBER'`.as("role"),
      "i.user_plan",
      sql<SeatType>`'PENDING_YAMM_USER'`.as("seat_type"),
      sql<MemberStatus>`'PENDING'`.as("status"),
      "i.created_at as create_timestamp",
      "i.created_at as last_update_timestamp",
      sql<number | null>`null`.as("last_become_paid_timestamp"),
      sql<SqlBoolean>`coalesce(u.is_personal, ${domainOf} in (${consumerDomains}))`.as("is_personal"),
      sql<number | null>`null`.as("free_trial_end_timestamp"),
      sql<SqlBoolean>`0`.as("scheduled_downgrade"),
      sql<SqlBoolean>`0`.as("to_be_removed"),
    ])
    .where("i.workspace_id", "=", workspaceId)
    .where("i.status", "=", "PENDING")
    .where("i.expires_at", ">", now)
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom("workspace_members as wm")
            .select("wm.user_id")
            .whereRef("wm.user_id", "=", "u.id")
            .where("wm.workspace_id", "=", workspaceId),
        ),
      ),
    );
  return db.selectFrom(joined.unionAll(invited).as("m"));
}

/** The space's members list rows, narrowed by the filter. */
function membersMatching(db: BackendDb, workspaceId: string, filter: MemberFilter, now: number) {
  let query = memberRows(db, workspaceId, now);
  if (filter.roles) query = query.where("m.role", "in", filter.roles);
  if (filter.statuses) query = query.where("m.status", "in", filter.statuses);
  if (filter.search) {
    // SQLite's LIKE ignores ASCII case.
    const pattern = likeContains(filter.search);
    query = query.where((eb) =>
      eb.or([sql<SqlBool>`m.name like ${pattern} escape '\\'`, sql<SqlBool>`m.email like ${pattern} escape '\\'`]),
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
  // An invitee without a name yet is listed under the address the row shows in its place.
  userName: sql`coalesce(nullif(m.name, ''), m.email) collate nocase`,
  userEmail: sql`m.email`,
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
  now: number,
) {
  return membersMatching(db, workspaceId, filter, now)
    .select([
      "m.workspace_id as workspaceId",
      "m.user_id as userId",
      "m.email as userEmail",
      "m.name as userName",
      "m.domain_name as domainName",
      "m.role as userRole",
      "m.user_plan as userPlan",
      "m.seat_type as seatType",
      "m.status",
      "m.create_timestamp as createTimestamp",
      "m.last_update_timestamp as lastUpdateTimestamp",
      "m.last_become_paid_timestamp as lastBecomePaidTimestamp",
      "m.is_personal as isPersonal",
      "m.free_trial_end_timestamp as freeTrialEndTimestamp",
      "m.scheduled_downgrade as scheduledDowngrade",
      "m.to_be_removed as toBeRemoved",
    ])
    .orderBy(SORT_EXPRESSIONS[sort.field], sort.direction)
    .orderBy("m.email", sort.direction)
    .orderBy("m.user_id", sort.direction)
    .limit(page.limit)
    .offset(page.offset)
    .execute();
}

export async function countMembersMatching(
  db: BackendDb,
  workspaceId: string,
  filter: MemberFilter,
  now: number,
): Promise<number> {
  const row = await membersMatching(db, workspaceId, filter, now)
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
 * features) and those it holds: everyone on the FREE user plan not disabled,
 * pending invitees included (they join on it).
 */
export async function freeMemberAllowance(db: BackendDb, workspaceId: string, now: number) {
  const [features, row] = await Promise.all([
    listPlanFeatures(db, [workspaceId]),
    memberRows(db, workspaceId, now)
      .select((eb) => eb.fn.countAll<number>().as("count"))
      .where("m.user_plan", "=", "FREE")
      .where("m.status", "!=", "DISABLED")
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

export async function countMembersByKind(db: BackendDb, workspaceId: string, now: number): Promise<MemberCounts> {
  const counted = sql`m.status != 'DISABLED' and m.free_trial_end_timestamp is null`;
  const row = await memberRows(db, workspaceId, now)
    .select([
      sql<number>`count(*)`.as("total"),
      sql<number>`coalesce(sum(${counted} and m.user_plan != 'FREE'), 0)`.as("paid"),
      sql<number>`coalesce(sum(${counted} and m.user_plan != 'FREE' and m.is_personal = 1), 0)`.as("gmailPaid"),
      sql<number>`coalesce(sum(m.status != 'DISABLED' and m.free_trial_end_timestamp is not null), 0)`.as("trial"),
      sql<number>`coalesce(sum(${counted} and m.user_plan = 'FREE'), 0)`.as("free"),
      sql<number>`coalesce(sum(m.status = 'DISABLED'), 0)`.as("disabled"),
    ])
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

/**
 * The paid seats the space's members hold, per user plan: members not
 * disabled and not on a trial, on a paid plan, pending invitees included
 * (an added member's seat is taken from the invitation on).
 */
export async function seatsTakenByPlan(db: BackendDb, workspaceId: string, now: number) {
  const rows = await memberRows(db, workspaceId, now)
    .select(["m.user_plan as userPlan", (eb) => eb.fn.countAll<number>().as("count")])
    .where("m.user_plan", "!=", "FREE")
    .where("m.status", "!=", "DISABLED")
    .where("m.free_trial_end_timestamp", "is", null)
    .groupBy("m.user_plan")
    .execute();
  return new Map<UserPlan, number>(rows.map((row) => [row.userPlan, Number(row.count)]));
}

/** Whether the member `m` holds a paid plan in another active space (002 §5: then not to be made paid here). */
function paidElsewhere(eb: ExpressionBuilder<Database & { m: WorkspaceMembersTable }, "m">, workspaceId: string) {
  return eb.exists(
    eb
      .selectFrom("workspace_members as other")
      .innerJoin("workspaces as w", "w.id", "other.workspace_id")
      .select("other.user_id")
      .whereRef("other.user_id", "=", "m.user_id")
      .where("other.workspace_id", "!=", workspaceId)
      .where("other.user_plan", "!=", "FREE")
      .where("other.status", "!=", "DISABLED")
      .where("w.status", "=", "ACTIVE"),
  );
}

/** The space's free members who hold a paid plan in another active space. */
export function membersPaidElsewhere(db: BackendDb, workspaceId: string) {
  return db
    .selectFrom("workspace_members as m")
    .innerJoin("users as u", "u.id", "m.user_id")
    .select(["m.user_id as userId", "u.email as userEmail"])
    .where("m.workspace_id", "=", workspaceId)
    .where("m.user_plan", "=", "FREE")
    .where((eb) => paidElsewhere(eb, workspaceId))
    .orderBy("u.email")
    .execute();
}

/** The space's members as the paid-user rules see them (domain/paid-users.ts), by e-mail. */
export async function loadCheckoutMembers(db: BackendDb, workspaceId: string): Promise<CheckoutMember[]> {
  const rows = await db
    .selectFrom("workspace_members as m")
    .innerJoin("users as u", "u.id", "m.user_id")
    .select((eb) => [
      "m.user_id as userId",
      "u.domain_name as domain",
      "u.is_personal as isPersonal",
      "m.user_plan as userPlan",
      "m.scheduled_downgrade as scheduledDowngrade",
      "m.status",
      "m.to_be_removed as toBeRemoved",
      paidElsewhere(eb, workspaceId).as("paidElsewhere"),
    ])
    .where("m.workspace_id", "=", workspaceId)
    .orderBy("u.email")
    .execute();
  return rows.map((row) => ({
    ...row,
    isPersonal: row.isPersonal === 1,
    scheduledDowngrade: row.scheduledDowngrade === 1,
    toBeRemoved: row.toBeRemoved === 1,
    paidElsewhere: Boolean(row.paidElsewhere),
  }));
}

/** Marks members kept or to be removed when the legacy licence is replaced (001 §4 Legacy users page). */
export async function markToBeRemoved(
  db: BackendDb,
  workspaceId: string,
  marks: ReadonlyArray<{ userId: string; toBeRemoved: boolean }>,
  now: number,
) {
  for (const mark of marks) {
    await db
      .updateTable("workspace_members")
      .set({ to_be_removed: mark.toBeRemoved ? 1 : 0, last_update_timestamp: now })
      .where("workspace_id", "=", workspaceId)
      .where("user_id", "=", mark.userId)
      .execute();
  }
}
