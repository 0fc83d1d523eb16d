import { z } from "zod";
import type { AuthContext } from "./caller.server";
import type { TeamReportFilters } from "~/domain/team-report";
import { backendPath, optionalTimestamp } from "./http.server";
import { buildFilterBy } from "./list-filter.server";

/** The team report (v1, 002 §7; backend/README.md "Team report and templates"). */

const teamReportMemberSchema = z.object({
  userId: z.union([z.string(), z.number()]).transform(String),
  userName: z
    .string()
    .nullish()
    .transform((value) => value ?? ""),
  userEmail: z.string(),
  userProfilePictureUrl: z
    .string()
    .nullish()
    .transform((value) => value || null),
  lastEmailSentTimestamp: optionalTimestamp,
  emailSentThisMonth: z.number().int().nonnegative(),
  emailSentAllTime: z.number().int().nonnegative(),
});
export type TeamReportMember = z.infer<typeof teamReportMemberSchema>;

const membersSchema = z.object({ items: z.array(teamReportMemberSchema) });

const summarySchema = z.object({
  activeUserCount: z.number().int().nonnegative(),
  emailSentLast30Days: z.number().int().nonnegative(),
  emailSentThisMonth: z.number().int().nonnegative(),
  emailSentAllTime: z.number().int().nonnegative(),
});
export type TeamReportSummary = z.infer<typeof summarySchema>;

export interface TeamReportQuery {
  filters: TeamReportFilters;
  /** See teamReportSortBy. */
  sortBy: string;
  limit: number;
  limitOffset: number;
}

/** GET /workspaces/{workspaceId}/team-report/members (403 without canAccessTeamReport). */
export async function listTeamReportMembers(auth: AuthContext, workspaceId: string, query: TeamReportQuery) {
  const answer = await auth.call({
    base: "v1",
    path: backendPath`/workspaces/${workspaceId}/team-report/members`,
    query: {
      filterBy: buildFilterBy({ ...query.filters }),
      sortBy: query.sortBy,
      limit: query.limit,
      limitOffset: query.limitOffset,
    },
    schema: membersSchema,
  });
  return answer.items;
}

/** GET /workspaces/{workspaceId}/team-report/summary. */
export function getTeamReportSummary(auth: AuthContext, workspaceId: string) {
  return auth.call({
    base: "v1",
    path: backendPath`/workspaces/${workspaceId}/team-report/summary`,
    schema: summarySchema,
  });
}
