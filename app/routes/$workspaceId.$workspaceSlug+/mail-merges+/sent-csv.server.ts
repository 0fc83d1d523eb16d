import type { LoaderFunctionArgs } from "@remix-run/node";
import { listSentCampaigns, type SentCampaign } from "~/api/campaigns.server";
import { dateRangeBounds } from "~/domain/date-range-bounds";
import { parseSentQuery, sentTexts } from "~/domain/mail-merges";
import { deliveredCount, percentOf } from "~/domain/mail-results";
import { formatCsvDateTime } from "~/domain/zoned-format";
import { spaceCsvResponse } from "~/utils/csv-export.server";
import { timeZoneOf } from "./sent.server";

/**
 * "Export to CSV" of the current filters (q, range, sort and dir; not the
 * page): up to 30,000 rows, streamed. Counts are plain numbers and Opened and
 * Clicked the same rounded percentages as the table ("42%"), so the file reads
 * like the page and a spreadsheet still recognises the numbers.
 */
export async function exportSentCsv(args: LoaderFunctionArgs) {
  const query = parseSentQuery(new URL(args.request.url).searchParams);
  const timeZone = timeZoneOf(args.request);
  const bounds = dateRangeBounds(query.range, Date.now(), timeZone);
  return spaceCsvResponse(
    args,
    ({ auth, workspaceId }, window) =>
      listSentCampaigns(auth, { workspaceId, ...bounds, search: query.q, sort: query.sort, dir: query.dir, ...window }),
    () => ({
      kind: "sent",
      fileKind: "sent",
      header: sentCsvHeader,
      toRecord: (campaign) => sentCsvRecord(campaign, timeZone),
    }),
  );
}

export const sentCsvHeader = [
  sentTexts.csv.sheetName,
  sentTexts.csv.date,
  sentTexts.csv.sent,
  sentTexts.csv.opened,
  sentTexts.csv.clicked,
];

export function sentCsvRecord(campaign: SentCampaign, timeZone: string) {
  const delivered = deliveredCount(campaign.eventCounts);
  const updated = campaign.lastUpdateTimestamp;
  return [
    [campaign.mergeSourceSpreadSheetName, campaign.mergeSourceSheetName].filter(Boolean).join(" - "),
    updated === null ? "" : formatCsvDateTime(updated, timeZone),
    campaign.eventCounts.sentCount,
    `${percentOf(campaign.eventCounts.openedCount, delivered)}%`,
    `${percentOf(campaign.eventCounts.clickedCount, delivered)}%`,
  ];
}
