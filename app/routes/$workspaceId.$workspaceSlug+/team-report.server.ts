import { data, type LoaderFunctionArgs } from "@remix-run/node";
import { rowsOrNoneIfRefused } from "~/api/list-filter.server";
import { getTeamReportSummary, listTeamReportMembers, type TeamReportMember } from "~/api/team-report.server";
import { formatCount } from "~/domain/format";
import { formatCsvDateTime, formatDateTime } from "~/domain/zoned-format";
import { listParamValues, pageOf, pageWindow, parseListQuery, type ListQuery } from "~/domain/list-query";
import { spacePath, spaceSections } from "~/domain/space-paths";
import {
  teamReportCsvHeader,
  teamReportFilters,
  teamReportQueryOptions,
  teamReportSortBy,
  teamReportTexts,
  type TeamReportSort,
} from "~/domain/team-report";
import { requireCanonicalListUrl } from "~/utils/canonical-list-url.server";
import { csvResponse } from "~/utils/csv-export.server";
import { requireSpace, type SpaceContext, planContext } from "~/utils/space.server";
import { timeZoneFromCookieHeader } from "~/utils/time-zone";

/**
 * The server side of the team report (002 §2, §6, §7) and of its CSV export.
 * Kept out of the route modules so that their browser chunks stay free of
 * zod and date-fns: rows leave the server already formatted.
 */

/** 002 §6: the team report needs canAccessTeamReport. */
function isAuthorised(space: SpaceContext) {
  return space.access.canAccessTeamReport;
}

function reportFilters(space: SpaceContext, query: ListQuery<TeamReportSort>) {
  return {
    filters: teamReportFilters({ isLegacy: space.workspace.workspacePlan === "LEGACY", q: query.q }),
    sortBy: teamReportSortBy(query.sort, query.dir),
  };
}

function description(space: SpaceContext) {
  const { workspace } = space;
  return workspace.workspacePlan === "LEGACY"
    ? teamReportTexts.legacyDescription(workspace.workspaceDomains.map((domain) => domain.domainName))
    : teamReportTexts.description(workspace.workspaceName);
}

export function teamReportRow(member: TeamReportMember, timeZone: string) {
  return {
    userId: member.userId,
    name: member.userName || member.userEmail,
    email: member.userEmail,
    pictureUrl: member.userProfilePictureUrl,
    lastEmail:
      member.lastEmailSentTimestamp === null
        ? teamReportTexts.table.never
        : formatDateTime(member.lastEmailSentTimestamp, timeZone),
    sentThisMonth: formatCount(member.emailSentThisMonth),
    sentAllTime: formatCount(member.emailSentAllTime),
  };
}
export type TeamReportRow = ReturnType<typeof teamReportRow>;

/**
 * The page's data. Someone without the feature stays on the URL and gets the
 * not-authorised view with 403 (002 §2), and no report call is made for them.
 */
export async function loadTeamReport(args: LoaderFunctionArgs) {
  const space = await requireSpace(args);
  const homeHref = spacePath(space.urlPrefix, spaceSections.sent);
  if (!isAuthorised(space)) return data({ authorised: false as const, homeHref }, { status: 403 });

  const { request } = args;
  const url = new URL(request.url);
  const query = parseListQuery(url.searchParams, teamReportQueryOptions);
  requireCanonicalListUrl(url, listParamValues(query, teamReportQueryOptions));
  const workspaceId = space.workspace.workspaceId;
  const [members, summary] = await Promise.all([
    rowsOrNoneIfRefused(
      listTeamReportMembers(space.auth, workspaceId, { ...reportFilters(space, query), ...pageWindow(query.page) }),
    ),
    getTeamReportSummary(space.auth, workspaceId),
  ]);
  const timeZone = timeZoneFromCookieHeader(request.headers.get("Cookie"));
  const { rows, hasNextPage } = pageOf(members);
  const csvQuery = new URLSearchParams(url.searchParams);
  csvQuery.delete("page");

  return data({
    authorised: true as const,
    homeHref,
    description: description(space),
    query,
    summary: {
      activeUsers: formatCount(summary.activeUserCount),
      sentLast30Days: formatCount(summary.emailSentLast30Days),
      sentAllTime: formatCount(summary.emailSentAllTime),
    },
    rows: rows.map((member) => teamReportRow(member, timeZone)),
    hasNextPage,
    csvHref: `${spacePath(space.urlPrefix, `${spaceSections.teamReport}.csv`)}${csvQuery.size ? `?${csvQuery}` : ""}`,
  });
}

/** CSV dates: sortable and unambiguous, in the user's time zone. */
export function csvDateTime(timestamp: number | null, timeZone: string) {
  return timestamp === null ? "" : formatCsvDateTime(timestamp, timeZone);
}

/** The CSV export of the report with the page's current search and sort (every page of it). */
export async function exportTeamReport(args: LoaderFunctionArgs) {
  const space = await requireSpace(args);
  if (!isAuthorised(space)) throw new Response("Not authorised", { status: 403 });

  const { request } = args;
  const query = parseListQuery(new URL(request.url).searchParams, teamReportQueryOptions);
  const filters = reportFilters(space, query);
  const timeZone = timeZoneFromCookieHeader(request.headers.get("Cookie"));
  const workspaceId = space.workspace.workspaceId;
  return csvResponse<TeamReportMember>({
    auth: space.auth,
    eventContext: planContext(space),
    kind: "team_report",
    fileKind: "team_report",
    header: teamReportCsvHeader,
    fetchPage: (window) => listTeamReportMembers(space.auth, workspaceId, { ...filters, ...window }),
    toRecord: (member) => [
      member.userName,
      member.userEmail,
      csvDateTime(member.lastEmailSentTimestamp, timeZone),
      member.emailSentThisMonth,
      member.emailSentAllTime,
    ],
  });
}
