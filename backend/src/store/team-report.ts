import { sql, type Expression, type SqlBool } from "kysely";
import type { BackendDb } from "../db/connection";
import type { TeamReportFilter, TeamReportSort } from "../domain/list-queries";
import { likeContains, type Page } from "./list-pages";

/**
 * The team report of a space (002 §2 Team report): its active members (ACTIVE
 * or FREE_TRIAL; pending and disabled ones are left out) with what each sent.
 *
 * - emailSentThisMonth: the member's monthly_sent_mails row of the current
 *   calendar month (UTC) in this space;
 * - emailSentAllTime: the sum of the member's monthly rows in this space;
 * - lastEmailSentTimestamp: the latest last e-mail of the member's sent
 *   campaigns in this space (null when none);
 * - the summary's emailSentLast30Days: the sent counts of the space's
 *   campaigns by these members whose last e-mail left in the last 30 days.
 */

const DAY_MS = 86_400_000;

export interface ReportMonth {
  year: number;
  month: number;
}

/** The calendar month (UTC) of a moment, as the counters store it. */
export function monthOf(now: number): ReportMonth {
  const date = new Date(now);
  return { year: date.getUTCFullYear(), month: date.getUTCMonth() + 1 };
}

function activeMembers(db: BackendDb, workspaceId: string, search: string | undefined) {
  let query = db
    .selectFrom("workspace_members as m")
    .innerJoin("users as u", "u.id", "m.user_id")
    .where("m.workspace_id", "=", workspaceId)
    .where("m.status", "in", ["ACTIVE", "FREE_TRIAL"]);
  if (search) {
    const pattern = likeContains(search);
    query = query.where((eb) =>
      eb.or([sql<SqlBool>`u.name like ${pattern} escape '\\'`, sql<SqlBool>`u.email like ${pattern} escape '\\'`]),
    );
  }
  return query;
}

const thisMonthSql = (month: ReportMonth) => sql<number>`coalesce((select s.count from monthly_sent_mails s
  where s.user_id = m.user_id and s.workspace_id = m.workspace_id and s.year = ${month.year} and s.month = ${month.month}), 0)`;
const allTimeSql = sql<number>`coalesce((select sum(s.count) from monthly_sent_mails s
  where s.user_id = m.user_id and s.workspace_id = m.workspace_id), 0)`;
const lastEmailSql = sql<number | null>`(select max(c.last_email_sent_timestamp) from sent_campaigns c
  where c.workspace_id = m.workspace_id and c.user_id = m.user_id)`;

export type TeamReportRow = Awaited<ReturnType<typeof listTeamReportMembers>>[number];

/** One page of the report's members. Ties are broken by name (A to Z), then e-mail, then id. */
export function listTeamReportMembers(
  db: BackendDb,
  workspaceId: string,
  filter: TeamReportFilter,
  sort: TeamReportSort,
  page: Page & { month: ReportMonth },
) {
  const sortExpression: Record<TeamReportSort["field"], Expression<unknown>> = {
    userName: sql`u.name collate nocase`,
    emailSentThisMonth: sql.ref("emailSentThisMonth"),
    emailSentAllTime: sql.ref("emailSentAllTime"),
  };
  const tieDirection = sort.field === "userName" ? sort.direction : "asc";
  return activeMembers(db, workspaceId, filter.search)
    .select([
      "u.id as userId",
      "u.name as userName",
      "u.email as userEmail",
      "u.picture as userProfilePictureUrl",
      lastEmailSql.as("lastEmailSentTimestamp"),
      thisMonthSql(page.month).as("emailSentThisMonth"),
      allTimeSql.as("emailSentAllTime"),
    ])
    .orderBy(sortExpression[sort.field], sort.direction)
    .orderBy(sql`u.name collate nocase`, tieDirection)
    .orderBy("u.email", tieDirection)
    .orderBy("u.id", tieDirection)
    .limit(page.limit)
    .offset(page.offset)
    .execute();
}

export interface TeamReportSummary {
  activeUserCount: number;
  emailSentLast30Days: number;
  emailSentThisMonth: number;
  emailSentAllTime: number;
}

export async function teamReportSummary(db: BackendDb, workspaceId: string, now: number): Promise<TeamReportSummary> {
  const totals = await activeMembers(db, workspaceId, undefined)
    .select([
      (eb) => eb.fn.countAll<number>().as("activeUserCount"),
      sql<number>`coalesce(sum(${thisMonthSql(monthOf(now))}), 0)`.as("emailSentThisMonth"),
      sql<number>`coalesce(sum(${allTimeSql}), 0)`.as("emailSentAllTime"),
    ])
    .executeTakeFirstOrThrow();
  const recent = await db
    .selectFrom("sent_campaigns as c")
    .select(sql<number>`coalesce(sum(c.sent_count), 0)`.as("sent"))
    .where("c.workspace_id", "=", workspaceId)
    .where("c.user_id", "in", activeMembers(db, workspaceId, undefined).select("m.user_id"))
    .where("c.last_email_sent_timestamp", ">=", now - 30 * DAY_MS)
    .executeTakeFirstOrThrow();
  return {
    activeUserCount: Number(totals.activeUserCount),
    emailSentLast30Days: Number(recent.sent),
    emailSentThisMonth: Number(totals.emailSentThisMonth),
    emailSentAllTime: Number(totals.emailSentAllTime),
  };
}
