import type { ScheduledStatus } from "../../domain/enums";
import type { ScheduledCampaignRow } from "../../store/scheduled-campaigns";
import type { SentCampaignListRow, SentCampaignRow } from "../../store/sent-campaigns";
import { timestamp } from "./timestamps";

/** 002 §3: the spreadsheet id and the sheet id, joined by the last hyphen. */
export const mergeSourceSheetKey = (row: { spreadsheet_id: string; sheet_id: string }) =>
  `${row.spreadsheet_id}-${row.sheet_id}`;

/** A Sent tab item (002 §3 Sent campaign). */
export interface SentCampaignView {
  campaignId: string;
  mergeSourceSheetKey: string;
  mergeSourceSpreadSheetName: string;
  mergeSourceSheetName: string;
  createTimestamp: string;
  lastUpdateTimestamp: string;
  lastEmailSentTimestamp: string;
  eventCounts: { sentCount: number; openedCount: number; clickedCount: number; bouncedCount: number };
}

/** The sent campaign dialog: the item plus the subject, two more counts and whether it has a poll. */
export interface SentCampaignDetailView extends SentCampaignView {
  sentMessageSubject: string | null;
  eventCounts: SentCampaignView["eventCounts"] & { respondedCount: number; unsubscribedCount: number };
  hasPoll: boolean;
}

export function sentCampaignView(row: SentCampaignListRow): SentCampaignView {
  return {
    campaignId: row.id,
    mergeSourceSheetKey: mergeSourceSheetKey(row),
    mergeSourceSpreadSheetName: row.spreadsheet_name,
    mergeSourceSheetName: row.sheet_name,
    createTimestamp: timestamp(row.create_timestamp),
    lastUpdateTimestamp: timestamp(row.last_update_timestamp),
    lastEmailSentTimestamp: timestamp(row.last_email_sent_timestamp),
    eventCounts: {
      sentCount: row.sent_count,
      openedCount: row.opened_count,
      clickedCount: row.clicked_count,
      bouncedCount: row.bounced_count,
    },
  };
}

export function sentCampaignDetailView(row: SentCampaignRow): SentCampaignDetailView {
  const item = sentCampaignView(row);
  return {
    ...item,
    sentMessageSubject: row.subject,
    eventCounts: {
      ...item.eventCounts,
      respondedCount: row.responded_count,
      unsubscribedCount: row.unsubscribed_count,
    },
    hasPoll: row.has_poll === 1,
  };
}

/** A Scheduled tab item (002 §3 Scheduled campaign). */
export interface ScheduledCampaignView {
  campaignId: string;
  mergeSourceSheetKey: string;
  mergeSourceSpreadSheetName: string;
  mergeSourceSheetName: string;
  createTimestamp: string;
  nextScheduledRunTimestamp: string | null;
  status: ScheduledStatus;
  eventCounts: { toSendCount: number; sentCount: number };
  errorDetails: {
    error: string | null;
    errorDetails: string | null;
    recoverableErrorRetries: number;
    recoverableErrorLastRetryTimestamp: string | null;
  } | null;
}

export function scheduledCampaignView(row: ScheduledCampaignRow): ScheduledCampaignView {
  return {
    campaignId: row.id,
    mergeSourceSheetKey: mergeSourceSheetKey(row),
    mergeSourceSpreadSheetName: row.spreadsheet_name,
    mergeSourceSheetName: row.sheet_name,
    createTimestamp: timestamp(row.create_timestamp),
    nextScheduledRunTimestamp: timestamp(row.next_scheduled_run_timestamp),
    status: row.status,
    eventCounts: { toSendCount: row.to_send_count, sentCount: row.sent_count },
    // A merge in progress has no error; one stopped by an error always has its details.
    errorDetails:
      row.status === "IN PROGRESS"
        ? null
        : {
            error: row.error,
            errorDetails: row.error_details,
            recoverableErrorRetries: row.recoverable_error_retries,
            recoverableErrorLastRetryTimestamp: timestamp(row.recoverable_error_last_retry_timestamp),
          },
  };
}
