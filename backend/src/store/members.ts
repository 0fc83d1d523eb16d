import { sql, type Expression, type SqlBool } from "kysely";
import type { BackendDb } from "../db/connection";
import { ROLES, roleRank } from "../domain/enums";
import type { MemberFilter, MemberSort } from "../domain/member-query";
import { likeContains } from "./list-pages";

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
