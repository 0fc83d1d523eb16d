import type { Generated } from "kysely";
import type { ScheduledStatus } from "../../domain/enums";
import type { SqlBoolean } from "./users";

/** A mail merge sent by a user from a space (002 §3 Sent campaign), with its tracking counts. */
export interface SentCampaignsTable {
  id: string;
  user_id: string;
  workspace_id: string;
  /** The spreadsheet's id; with sheet_id it makes mergeSourceSheetKey "{spreadsheetId}-{sheetId}". */
  spreadsheet_id: string;
  /** The sheet's numeric id (gid), as text. */
  sheet_id: string;
  /** Compared case-insensitively (COLLATE NOCASE). */
  spreadsheet_name: string;
  /** Compared case-insensitively (COLLATE NOCASE). */
  sheet_name: string;
  /** null when the merge was sent by someone else (002 §2): the subject is unknown. */
  subject: string | null;
  create_timestamp: number;
  last_update_timestamp: number;
  last_email_sent_timestamp: number;
  sent_count: number;
  opened_count: number;
  clicked_count: number;
  bounced_count: number;
  responded_count: number;
  unsubscribed_count: number;
  has_poll: SqlBoolean;
}

/** A poll's aggregated answers: one row per answer with its count. */
export interface PollResultsTable {
  id: Generated<number>;
  campaign_id: string;
  info: string;
  count: number;
}

/** A poll's raw answers, one row per response (the fallback when there are no results). */
export interface PollResponsesTable {
  id: Generated<number>;
  campaign_id: string;
  value: string;
}

/** A scheduled mail merge (002 §3 Scheduled campaign, §4 statuses). */
export interface ScheduledCampaignsTable {
  id: string;
  user_id: string;
  workspace_id: string;
  spreadsheet_id: string;
  sheet_id: string;
  spreadsheet_name: string;
  sheet_name: string;
  create_timestamp: number;
  /** null: no run planned (out of quota while IN PROGRESS, or stopped by an error). */
  next_scheduled_run_timestamp: number | null;
  /** next_scheduled_run_timestamp, or Number.MAX_SAFE_INTEGER when none (sorts last); checked by the table. */
  next_run_order: number;
  status: ScheduledStatus;
  to_send_count: number;
  sent_count: number;
  /** The error's short text; null while IN PROGRESS. */
  error: string | null;
  /** The error's technical details; null while IN PROGRESS. */
  error_details: string | null;
  recoverable_error_retries: number;
  recoverable_error_last_retry_timestamp: number | null;
}

/** How many sent and scheduled merges each user has in each space; kept by triggers (migration 0011). */
export interface CampaignCountsTable {
  user_id: string;
  workspace_id: string;
  sent: number;
  scheduled: number;
}

export interface MailMergeTables {
  campaign_counts: CampaignCountsTable;
  sent_campaigns: SentCampaignsTable;
  poll_results: PollResultsTable;
  poll_responses: PollResponsesTable;
  scheduled_campaigns: ScheduledCampaignsTable;
}
