import { DEFAULT_DATE_RANGE, parseDateRange, type DateRange } from "./date-ranges";
import { listTexts } from "./list-texts";
import { listParamValues, parseListQuery, type EmptyReason, type ListQuery, type ListQueryOptions } from "./list-query";

/**
 * The Mail merges page's Sent tab and dialog (002 §2): every text the user
 * sees, verbatim from the spec where the spec gives it, and the Sent list's
 * URL state. The page frame's texts, on the Scheduled tab too, are in
 * ./mail-merges-frame.
 */

export const sentTexts = {
  title: "Sent mail merges",
  caption: "Sent mail merges",
  searchLabel: "Search by sheet name",
  searchPlaceholder: "Sheet name",
  rangeLabel: "Date",
  columns: {
    sheetName: "Sheet Name",
    date: "Date",
    sent: "Sent",
    opened: "Opened",
    clicked: "Clicked",
    sheetLink: "Sheet link",
  },
  /** 002 §2: ' sent' appended to the count on mobile. */
  sentSuffix: " sent",
  openDetailsOf: (name: string) => `Results of ${name}`,
  exportCsv: "Export to CSV",
  /** The export's columns: sheet, last update, sent count, opened and clicked as percentages. */
  csv: { sheetName: "Sheet name", date: "Date", sent: "Sent", opened: "Opened", clicked: "Clicked" },
  empty: {
    title: listTexts.nothingToSee,
    before: "You don't have any mail sent. Learn how to ",
    link: "Get started",
    after: ".",
  },
  noMatch: {
    title: listTexts.noResults,
    text: "Sorry, there is no mail merge that fits with your search.",
  },
  /** Written for this app (the spec has none): merges exist, none in the date range. */
  outOfRange: {
    title: listTexts.noResults,
    text: (range: string) => `Sorry, there is no mail merge in the date range "${range}". `,
    widen: "Show all mail merges",
    after: ".",
  },
  failed: {
    title: "Something went wrong",
    text: "Your sent mail merges could not be loaded. Please try again.",
  },
} as const;

export const sentDetailTexts = {
  subject: "Subject",
  subjectUnavailable: "Subject is unavailable because this mail merge has been sent by someone else",
  emailsSent: "Emails sent",
  lastEmailSent: "Last email sent",
  tabs: { label: "Results", mail: "Mail results", poll: "Poll results" },
  pollHelp: "How to add a poll to your emails",
  results: {
    delivered: "Delivered",
    opened: "Opened",
    clicked: "Clicked",
    responded: "Responded",
    bounced: "Bounced",
    unsubscribed: "Unsubscribed",
  },
  resultsHeaders: { result: "Result", share: "Share", count: "Count" },
  close: "Close",
  lastUpdate: (time: string) => `* Last update: ${time}. Open your tracking report in Google Sheets to refresh.`,
  openInSheets: "Open in Google Sheets",
  newTab: "(opens in a new tab)",
  poll: {
    caption: "Answers to the poll",
    answer: "Answer",
    share: "Share",
    responses: "Responses",
    noAnswers: "Nobody has answered the poll yet.",
    failed: "The poll results could not be loaded. Please try again.",
  },
  notFound: {
    title: "Mail merge not found",
    text: "This mail merge does not exist, or it is not one of yours.",
  },
  failed: {
    title: "Something went wrong",
    text: "An error occurred. Please try again.",
  },
} as const;

/** Help about polls, where the Poll results tab leads when the merge has none (002 §2). */
export const pollHelpUrl = "https://support.yamm.com/hc/en-us/search?query=poll";

/** 002 §9: the open dialog refreshes its campaign every 30 seconds. */
export const SENT_DETAIL_REFRESH_MS = 30_000;

/** The Sent list's sorts: by last update (default, newest first) or by sheet title. */
export const SENT_SORTS = ["date", "name"] as const;
export type SentSort = (typeof SENT_SORTS)[number];

export const sentListOptions: ListQueryOptions<SentSort> = {
  sorts: SENT_SORTS,
  defaultSort: "date",
  defaultDirs: { date: "desc", name: "asc" },
};

/** The backend's sortBy field for each sort (002 §7). */
export const sentSortFields: Record<SentSort, string> = {
  date: "lastUpdateTimestamp",
  name: "mergeSourceSheetTitle",
};

export interface SentListQuery extends ListQuery<SentSort> {
  range: DateRange;
}

/** The Sent tab's state from its query string: q, range, sort, dir, page. */
export function parseSentQuery(params: URLSearchParams): SentListQuery {
  return { ...parseListQuery(params, sentListOptions), range: parseDateRange(params.get("range")) };
}

/** The Sent tab's canonical query values: each default left out (issue 9). */
export function sentParamValues(query: SentListQuery) {
  return { ...listParamValues(query, sentListOptions), range: query.range === DEFAULT_DATE_RANGE ? null : query.range };
}

/**
 * Why the Sent tab shows no rows: besides a list's own reasons, "outOfRange"
 * when merges exist outside the date range (so the page never says "You don't
 * have any mail sent" under a card counting thousands sent).
 */
export type SentEmptyReason = EmptyReason | "outOfRange";

/** The query string the dialog's links and the CSV link keep (the list's state). */
export function listSearch(search: string, { withPage = true } = {}) {
  const params = new URLSearchParams(search);
  const kept = new URLSearchParams();
  for (const key of ["q", "range", "sort", "dir", ...(withPage ? ["page"] : [])]) {
    const value = params.get(key);
    if (value !== null && value !== "") kept.set(key, value);
  }
  const query = kept.toString();
  return query ? `?${query}` : "";
}
