import { Hono, type Context } from "hono";
import { teamReportQuery, type TeamReportMemberStatus } from "../domain/list-queries";
import { listTeamReportMembers, monthOf, teamReportSummary } from "../store/team-report";
import type { AppEnv, RouteDeps } from "./app-env";
import { memberFeatures, requireActiveMembership } from "./caller";
import { forbidden } from "./errors";
import { LIST_LIMITS } from "./list-limits";
import { listQuerySchema, parseQuery } from "./validation";
import { timestamp } from "./views/timestamps";

const teamReportListQuery = listQuerySchema(teamReportQuery, LIST_LIMITS);

/**
 * v1 API: the team report (002 §2, §7) for members with canAccessTeamReport.
 * Its rows are the space's active members; on a LEGACY plan they are listed
 * as LEGACY (the report of a legacy licence lists whoever uses YAMM in its
 * domains, here its members), otherwise as ACTIVE.
 */
export function teamReportRoutes({ db }: RouteDeps) {
  const routes = new Hono<AppEnv>();

  async function requireTeamReport(c: Context<AppEnv>) {
    const membership = await requireActiveMembership(db, c, c.req.param("workspaceId") ?? "");
    if (!(await memberFeatures(db, membership)).canAccessTeamReport) {
      throw forbidden("the team report needs the canAccessTeamReport feature");
    }
    return membership.workspace;
  }

  routes.get("/workspaces/:workspaceId/team-report/members", async (c) => {
    const query = parseQuery(c, teamReportListQuery);
    const workspace = await requireTeamReport(c);
    const rowStatus: TeamReportMemberStatus = workspace.plan === "LEGACY" ? "LEGACY" : "ACTIVE";
    if (query.filterBy.memberStatus && !query.filterBy.memberStatus.includes(rowStatus)) return c.json({ items: [] });
    const rows = await listTeamReportMembers(db, workspace.id, query.filterBy, query.sortBy, {
      limit: query.limit,
      offset: query.limitOffset,
      month: monthOf(Date.now()),
    });
    return c.json({
      items: rows.map((row) => ({
        userId: row.userId,
        userName: row.userName,
        userEmail: row.userEmail,
        userProfilePictureUrl: row.userProfilePictureUrl,
        lastEmailSentTimestamp: timestamp(
          row.lastEmailSentTimestamp === null ? null : Number(row.lastEmailSentTimestamp),
        ),
        emailSentThisMonth: Number(row.emailSentThisMonth),
        emailSentAllTime: Number(row.emailSentAllTime),
      })),
    });
  });

  routes.get("/workspaces/:workspaceId/team-report/summary", async (c) => {
    const workspace = await requireTeamReport(c);
    return c.json(await teamReportSummary(db, workspace.id, Date.now()));
  });

  return routes;
}
