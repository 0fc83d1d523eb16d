import type { LoaderFunctionArgs } from "@remix-run/node";
import { listScheduledCampaigns } from "~/api/scheduled-campaigns.server";
import { parseListQuery } from "~/domain/list-query";
import { isOutOfQuota, scheduledListOptions, scheduledTexts } from "~/domain/scheduled-merges";
import { formatCsvDateTime } from "~/domain/zoned-format";
import { spaceCsvResponse } from "~/utils/csv-export.server";
import { timeZoneFromCookieHeader } from "~/utils/time-zone";

/**
 * /mail-merges/scheduled.csv: the Scheduled tab as a CSV file (002 §9:
 * Exported_scheduled_{date}.csv, up to 30,000 rows, streamed), with the
 * list's current search and sort. Times are in the user's time zone, in a
 * form spreadsheets sort correctly.
 */

/** Like the Sent export: "Spreadsheet - Sheet", then the table's columns, then the status. */
const CSV_HEADER = ["Sheet name", "Date", "Time", "Emails", "Status"];

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const query = parseListQuery(new URL(request.url).searchParams, scheduledListOptions);
  const timeZone = timeZoneFromCookieHeader(request.headers.get("Cookie"));

  return spaceCsvResponse(
    { request, params, context },
    ({ auth, workspaceId }, window) =>
      listScheduledCampaigns(auth, { workspaceId, search: query.q, sort: query.sort, dir: query.dir, ...window }),
    () => ({
      kind: "scheduled",
      fileKind: "scheduled",
      header: CSV_HEADER,
      toRecord: (campaign) => [
        [campaign.mergeSourceSpreadSheetName, campaign.mergeSourceSheetName].filter(Boolean).join(" - "),
        formatCsvDateTime(campaign.createTimestamp, timeZone),
        isOutOfQuota(campaign)
          ? scheduledTexts.uponQuotaReset
          : campaign.nextScheduledRunTimestamp === null
            ? ""
            : formatCsvDateTime(campaign.nextScheduledRunTimestamp, timeZone),
        campaign.eventCounts.toSendCount,
        campaign.status,
      ],
    }),
  );
}
