import type { ListQueryOptions, SortDir } from "./list-query";

/**
 * The team report (002 §2, §3, §6, §7): who in the space sends how much.
 * Texts are the spec's, verbatim ('Sheet Name' is the name column's header
 * in the product, sic).
 */
export const teamReportTexts = {
  legacyDescription: (domains: readonly string[]) =>
    `This lists anyone who has used YAMM in the domain(s) ${domains.join(", ")}`,
  description: (spaceName: string) => `This lists all active members of ${spaceName}`,
  cards: {
    label: "Summary",
    activeUsers: "Active users",
    sentLast30Days: "Emails sent in the last 30 days",
    sentAllTime: "Emails sent all time",
  },
  table: {
    caption: "Team members and the emails they sent",
    name: "Sheet Name",
    lastEmail: "Last Email",
    sentThisMonth: "Sent this month",
    sentAllTime: "Sent all time",
    never: "-",
  },
  search: { label: "Search users", placeholder: "Search by name or email" },
  exportCsv: "Export to CSV",
  empty: "There are no users in this team",
  noMatch: "Sorry, there is no user that fits with your search.",
  /** Written for this app: the report could not be loaded. */
  error: "An error occurred. Please try again.",
  /** Written for this app: the spec only says "a not-authorised view" (002 §2). */
  notAuthorised: {
    title: "Not authorised",
    message: "Sorry, you are not authorised to see the team report of this space.",
    back: "Go to my dashboard",
  },
} as const;

/** The CSV export's columns, in order. */
export const teamReportCsvHeader = ["Name", "Email", "Last email", "Sent this month", "Sent all time"];

/** The sorts of the URL (`sort=name|month|all`). */
export const teamReportSorts = ["name", "month", "all"] as const;
export type TeamReportSort = (typeof teamReportSorts)[number];

const teamReportDefaultDirs: Record<TeamReportSort, SortDir> = { name: "asc", month: "desc", all: "desc" };

/** 002 §2: "Sent this month" is the default sort, descending. */
export const teamReportQueryOptions: ListQueryOptions<TeamReportSort> = {
  sorts: teamReportSorts,
  defaultSort: "month",
  defaultDirs: teamReportDefaultDirs,
};

const sortFields: Record<TeamReportSort, string> = {
  name: "userName",
  month: "emailSentThisMonth",
  all: "emailSentAllTime",
};

/** The backend's sortBy for a URL sort (002 §7: userName, emailSentAllTime, emailSentThisMonth). */
export function teamReportSortBy(sort: TeamReportSort, dir: SortDir) {
  return `${sortFields[sort]}:${dir}`;
}

/** The team report's filters: which member statuses, and the search on name or e-mail. */
export interface TeamReportFilters {
  memberStatus: readonly ("ACTIVE" | "LEGACY")[];
  search: string;
}

/**
 * The backend's filters (002 §7): active members, and on legacy plans the
 * legacy ones too, plus the search. The API client encodes them, so the
 * search is only ever search text.
 */
export function teamReportFilters({ isLegacy, q }: { isLegacy: boolean; q: string }): TeamReportFilters {
  return { memberStatus: isLegacy ? ["ACTIVE", "LEGACY"] : ["ACTIVE"], search: q };
}
