import type { ListQueryOptions } from "./list-query";

/**
 * Scheduled mail merges (002 §2 Scheduled tab and dialog, §3, §4, §8, §9):
 * their statuses, the error catalogue and the rules that pick a message and a
 * delivery date. Pure and browser-safe (no zod): the loaders turn the backend's
 * items into the rows and dialog contents below, so pages ship strings only.
 */

export const IN_PROGRESS = "IN PROGRESS";

/** 002 §4: the error statuses of a scheduled merge. */
export const SCHEDULED_ERROR_STATUSES = [
  "TOO COMPLEX REGEXP",
  "SPREADSHEET DELETED",
  "INVALID DRAFT",
  "UNKNOWN ERROR",
  "DRAFT NOT FOUND",
  "NAMED RANGE DELETED",
  "USER PROPERTY NOT FOUND",
  "SHEET DELETED",
] as const;
export type ScheduledErrorStatus = (typeof SCHEDULED_ERROR_STATUSES)[number];
export type ScheduledStatus = typeof IN_PROGRESS | ScheduledErrorStatus;
export const SCHEDULED_STATUSES = [IN_PROGRESS, ...SCHEDULED_ERROR_STATUSES] as const;

/** 002 §3 Scheduled campaign, as the app's API client hands it over (timestamps are numbers). */
export interface ScheduledCampaign {
  campaignId: string;
  /** "{spreadsheetId}-{sheetId}", joined by the last hyphen. */
  mergeSourceSheetKey: string;
  mergeSourceSpreadSheetName: string;
  mergeSourceSheetName: string;
  createTimestamp: number;
  nextScheduledRunTimestamp: number | null;
  status: ScheduledStatus;
  eventCounts: { toSendCount: number; sentCount: number };
  errorDetails: {
    error: string | null;
    errorDetails: string | null;
    recoverableErrorRetries: number;
    recoverableErrorLastRetryTimestamp: number | null;
  } | null;
}

/** 002 §9: a recoverable error needs fewer than 5 retries; the next attempt is the last retry plus 1 hour. */
export const MAX_RECOVERABLE_RETRIES = 5;
export const RETRY_DELAY_MS = 60 * 60 * 1000;

type Catalogue = Record<ScheduledErrorStatus, string | { recoverable: string; otherwise: string }>;

/** 002 §8 Scheduled merge errors, verbatim. `{time}` is the next attempt in the user's time zone. */
export const scheduledErrorCatalogue = {
  "TOO COMPLEX REGEXP": "The draft is too long.",
  "SPREADSHEET DELETED":
    "The spreadsheet used by your mail merge could not be found. Create a new spreadsheet to send another mail merge.",
  "INVALID DRAFT": "The draft used by your mail merge couldn't be properly processed.",
  "UNKNOWN ERROR": {
    recoverable: "An unexpected error occurred. Sending will be attempted again today at {time}.",
    otherwise: "An unexpected error occurred. If you still want to send it, please schedule a new merge.",
  },
  "DRAFT NOT FOUND":
    "The draft used by your mail merge was deleted. If you still want to send it, create a new draft, then schedule a new mail merge.",
  "NAMED RANGE DELETED": {
    recoverable:
      "The email address column has been altered. Open this sheet and then open YAMM and that's it, it will solve the issue. Sending will be attempted again today at {time}.",
    otherwise: "The email address column has been altered. If you still want to send it, please schedule a new merge.",
  },
  "USER PROPERTY NOT FOUND":
    "An unrecoverable error related to your user account has occurred and this mail merge cannot be sent anymore. It will be deleted when you create a new scheduled mail merge.",
  "SHEET DELETED": {
    recoverable:
      "The sheet used by your mail merge could not be found. Sending will be attempted again today at {time}. Make sure you restore the sheet before then.",
    otherwise:
      "The sheet used by your mail merge could not be found. All attempts to send failed. If you still want to send it, please restore your sheet and then schedule a new merge.",
  },
} as const satisfies Catalogue;

/** 002 §8 "Out of quota". */
export const OUT_OF_QUOTA_MESSAGE =
  "Your mail merge could not be sent in full because your sending quota was insufficient. It will resume as soon as your quota resets.";

export const scheduledTexts = {
  columns: { name: "Sheet Name", date: "Date", time: "Time", emails: "Emails", sheetLink: "Sheet link" },
  /** 002 §2: ' mails' appended to the count on mobile. */
  mailsSuffix: " mails",
  searchLabel: "Search by sheet name",
  searchPlaceholder: "Sheet name",
  exportCsv: "Export to CSV",
  emptyBefore: "You don't have any mail merge scheduled. Learn how to ",
  getStarted: "Get started",
  emptyAfter: ".",
  noMatch: "Sorry, there is no scheduled mail merge that fits with your search.",
  cancelled: "Mail merge cancelled.",
  cancelFailed: "An error occurred. Please try again.",
  uponQuotaReset: "Upon quota reset",
  noDate: "-",
  openInSheets: "Open in Google Sheets",
  newTab: "(opens in a new tab)",
  errorIcon: (message: string) => `Error: ${message}`,
  quotaIcon: `Warning: ${OUT_OF_QUOTA_MESSAGE}`,
  tableCaption: "Scheduled mail merges",
  dialog: {
    emails: "Number of emails",
    deliveryDate: "Delivery date",
    cancel: "Cancel mail merge",
    confirmQuestion: "Cancel this mail merge?",
    confirmDetail: "The emails that have not been sent yet will not be sent.",
    confirm: "Yes, cancel mail merge",
    keep: "No, keep it",
    notFoundTitle: "Mail merge not found",
    notFound: "This scheduled mail merge does not exist anymore. It may have been sent or cancelled.",
    failedTitle: "Something went wrong",
    failed: "An error occurred. Please try again.",
  },
} as const;

/** The list's query string: sort by creation date (default, newest first), next run or sheet title. */
export const SCHEDULED_SORTS = ["date", "time", "name"] as const;
export type ScheduledSort = (typeof SCHEDULED_SORTS)[number];
export const scheduledListOptions: ListQueryOptions<ScheduledSort> = {
  sorts: SCHEDULED_SORTS,
  defaultSort: "date",
  defaultDirs: { date: "desc", time: "asc", name: "asc" },
};

/** The backend's sortBy field for each sort of the list (002 §7). */
export const scheduledSortFields: Record<ScheduledSort, string> = {
  date: "createTimestamp",
  time: "nextScheduledRun",
  name: "mergeSourceSheetTitle",
};

/** The parameters that make up the list's state: kept by the dialog's links and by the cancel redirect. */
export const LIST_PARAMS = ["q", "sort", "dir", "page"] as const;

/** "?q=…&sort=…" with the list's own parameters only (no dialog or alert flags), or "". */
export function listSearch(search: string | URLSearchParams) {
  const from = new URLSearchParams(search);
  const kept = new URLSearchParams();
  for (const key of LIST_PARAMS) {
    const value = from.get(key);
    if (value) kept.set(key, value);
  }
  const query = kept.toString();
  return query ? `?${query}` : "";
}

/** The result of a cancellation, carried to the list as `?cancel=success|error`. */
export const CANCEL_PARAM = "cancel";
export type CancelResult = "success" | "error";

export function cancelResultOf(params: URLSearchParams): CancelResult | null {
  const value = params.get(CANCEL_PARAM);
  return value === "success" || value === "error" ? value : null;
}

/** Where the cancel action goes back to: the list with its query and the result. */
export function listAfterCancel(listPath: string, search: string | URLSearchParams, result: CancelResult) {
  const params = new URLSearchParams(listSearch(search));
  params.set(CANCEL_PARAM, result);
  return `${listPath}?${params.toString()}`;
}

/** The confirmation inside the dialog is URL state: `?confirm=cancel`. */
export const CONFIRM_PARAM = "confirm";
export const CONFIRM_CANCEL = "cancel";
/** The cancel form's intent. */
export const CANCEL_INTENT = "cancel";

/** 002 §4: in progress with no next run time means the quota ran out; it resumes when the quota resets. */
export function isOutOfQuota(campaign: Pick<ScheduledCampaign, "status" | "nextScheduledRunTimestamp">) {
  return campaign.status === IN_PROGRESS && campaign.nextScheduledRunTimestamp === null;
}

/** 002 §4, §9: recoverable when a last-retry time exists and fewer than 5 retries were made. */
export function isRecoverable(errorDetails: ScheduledCampaign["errorDetails"]) {
  return (
    !!errorDetails &&
    errorDetails.recoverableErrorLastRetryTimestamp !== null &&
    errorDetails.recoverableErrorRetries < MAX_RECOVERABLE_RETRIES
  );
}

/** When the next attempt is: the last retry plus 1 hour (null when the error is not recoverable). */
export function nextAttemptTimestamp(errorDetails: ScheduledCampaign["errorDetails"]) {
  if (!isRecoverable(errorDetails)) return null;
  return errorDetails!.recoverableErrorLastRetryTimestamp! + RETRY_DELAY_MS;
}

export interface ScheduledMessage {
  /** error: the merge failed (an error banner); quota: out of quota (a warning). */
  kind: "error" | "quota";
  text: string;
}

/** One row of the Scheduled tab, ready to show. */
export interface ScheduledRow {
  campaignId: string;
  spreadsheetName: string;
  sheetName: string;
  createdAt: string;
  nextRun: string;
  emails: string;
  /** The sheet's key: the row's link is made from it (a short key instead of a URL in the loader data). */
  sheetKey: string;
  /** The row's icon: an error status, or out of quota. */
  indicator: { kind: "error" | "warning"; label: string } | null;
}

/** The scheduled detail dialog's contents (002 §2), ready to show. */
export interface ScheduledDetail {
  campaignId: string;
  title: string;
  sheetName: string;
  message: ScheduledMessage | null;
  emails: string;
  deliveryDate: string;
  sheetUrl: string | null;
}
