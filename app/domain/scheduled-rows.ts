import { formatCount } from "./format";
import {
  IN_PROGRESS,
  isOutOfQuota,
  nextAttemptTimestamp,
  OUT_OF_QUOTA_MESSAGE,
  scheduledErrorCatalogue,
  scheduledTexts,
  type ScheduledCampaign,
  type ScheduledDetail,
  type ScheduledMessage,
  type ScheduledRow,
} from "./scheduled-merges";
import { sheetUrl } from "./sheet-links";
import { dayKey, formatDateTime, formatTime } from "./zoned-format";

/*
 * The Scheduled tab's rows, dialog and messages in the user's time zone,
 * made on the server; apart from scheduled-merges.ts, whose texts and rules
 * the pages import, so the browser never carries the time-zone library.
 */

/**
 * The catalogue's {time}: the clock time in the user's zone ("10:05 AM"), as
 * the sentence says "today at"; should the attempt fall on another day than
 * `now` there, the date is included so that the time is not misread.
 */
function attemptTime(timestamp: number, timeZone: string, now: number) {
  return dayKey(timestamp, timeZone) === dayKey(now, timeZone)
    ? formatTime(timestamp, timeZone)
    : formatDateTime(timestamp, timeZone);
}

/** The banner of a scheduled merge (002 §8), or null when it is simply in progress. */
export function scheduledMessage(
  campaign: Pick<ScheduledCampaign, "status" | "nextScheduledRunTimestamp" | "errorDetails">,
  timeZone: string,
  now: number = Date.now(),
): ScheduledMessage | null {
  if (campaign.status === IN_PROGRESS) {
    return isOutOfQuota(campaign) ? { kind: "quota", text: OUT_OF_QUOTA_MESSAGE } : null;
  }
  const entry: string | { recoverable: string; otherwise: string } = scheduledErrorCatalogue[campaign.status];
  if (typeof entry === "string") return { kind: "error", text: entry };
  const attempt = nextAttemptTimestamp(campaign.errorDetails);
  if (attempt === null) return { kind: "error", text: entry.otherwise };
  return { kind: "error", text: entry.recoverable.replace("{time}", attemptTime(attempt, timeZone, now)) };
}

/** 002 §2: 'Upon quota reset' when out of quota, '-' without a next run, else the next run in the user's zone. */
export function deliveryDate(
  campaign: Pick<ScheduledCampaign, "status" | "nextScheduledRunTimestamp">,
  timeZone: string,
) {
  if (isOutOfQuota(campaign)) return scheduledTexts.uponQuotaReset;
  if (campaign.nextScheduledRunTimestamp === null) return scheduledTexts.noDate;
  return formatDateTime(campaign.nextScheduledRunTimestamp, timeZone);
}

export function scheduledRow(campaign: ScheduledCampaign, timeZone: string, now: number): ScheduledRow {
  const message = scheduledMessage(campaign, timeZone, now);
  return {
    campaignId: campaign.campaignId,
    spreadsheetName: campaign.mergeSourceSpreadSheetName,
    sheetName: campaign.mergeSourceSheetName,
    createdAt: formatDateTime(campaign.createTimestamp, timeZone),
    nextRun: deliveryDate(campaign, timeZone),
    emails: formatCount(campaign.eventCounts.toSendCount),
    sheetKey: campaign.mergeSourceSheetKey,
    indicator: message
      ? message.kind === "error"
        ? { kind: "error", label: scheduledTexts.errorIcon(message.text) }
        : { kind: "warning", label: scheduledTexts.quotaIcon }
      : null,
  };
}

export function scheduledDetail(campaign: ScheduledCampaign, timeZone: string, now: number): ScheduledDetail {
  return {
    campaignId: campaign.campaignId,
    title: campaign.mergeSourceSpreadSheetName,
    sheetName: campaign.mergeSourceSheetName,
    message: scheduledMessage(campaign, timeZone, now),
    emails: formatCount(campaign.eventCounts.toSendCount),
    deliveryDate: deliveryDate(campaign, timeZone),
    sheetUrl: sheetUrl(campaign.mergeSourceSheetKey),
  };
}
