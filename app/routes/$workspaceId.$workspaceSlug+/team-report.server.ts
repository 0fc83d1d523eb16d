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
import { CSV_FIRST_WINDOW, csvResponse, type CsvWindow } from "~/utils/csv-export.server";
import { callerOf, planContext, requireSpaceWith, type SpaceCaller, type SpaceContext } from "~/utils/space.server";
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

const isLegacySpace = (space: SpaceContext) => space.workspace.workspacePlan === "LEGACY";

/**
 * The report's members call. It starts beside the guard, before the space's
 * plan is known, as for a space that is not legacy (most are); a legacy
 * space's report asks again with its own filters once the space has answered.
 */
const reportMembers =
  ({ auth, workspaceId }: SpaceCaller, query: ListQuery<TeamReportSort>, isLegacy = false) =>
  (window: CsvWindow) =>
    listTeamReportMembers(auth, workspaceId, {
      filters: teamReportFilters({ isLegacy, q: query.q }),
      sortBy: teamReportSortBy(query.sort, query.dir),
      ...window,
    });

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
 * not-authorised view with 403 (002 §2): the report's calls, made beside the
 * guard (the backend refuses them as well), go unread.
 */
export async function loadTeamReport(args: LoaderFunctionArgs) {
  const { request } = args;
  const url = new URL(request.url);
  const query = parseListQuery(url.searchParams, teamReportQueryOptions);
  const window = pageWindow(query.page);
  const { space, answers } = await requireSpaceWith(args, (caller) =>
    Promise.all([
      rowsOrNoneIfRefused(reportMembers(caller, query)(window)),
      getTeamReportSummary(caller.auth, caller.workspaceId),
    ]),
  );
  const homeHref = spacePath(space.urlPrefix, spaceSections.sent);
  if (!isAuthorised(space)) return data({ authorised: false as const, homeHref }, { status: 403 });

  requireCanonicalListUrl(url, listParamValues(query, teamReportQueryOptions));
  const [guessedMembers, summary] = await answers;
  const members = isLegacySpace(space)
    ? await rowsOrNoneIfRefused(reportMembers(callerOf(space), query, true)(window))
    : guessedMembers;
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
  const { request } = args;
  const query = parseListQuery(new URL(request.url).searchParams, teamReportQueryOptions);
  const timeZone = timeZoneFromCookieHeader(request.headers.get("Cookie"));
  const { space, answers } = await requireSpaceWith(args, (caller) => reportMembers(caller, query)(CSV_FIRST_WINDOW));
  if (!isAuthorised(space)) throw new Response("Not authorised", { status: 403 });

  const fetchPage = reportMembers(callerOf(space), query, isLegacySpace(space));
  return csvResponse<TeamReportMember>({
    auth: space.auth,
    eventContext: planContext(space),
    kind: "team_report",
    fileKind: "team_report",
    header: teamReportCsvHeader,
    firstPage: isLegacySpace(space) ? fetchPage(CSV_FIRST_WINDOW) : answers,
    fetchPage,
    toRecord: (member) => [
      member.userName,
      member.userEmail,
      csvDateTime(member.lastEmailSentTimestamp, timeZone),
      member.emailSentThisMonth,
      member.emailSentAllTime,
    ],
  });
}
