import { data, type LoaderFunctionArgs } from "@remix-run/node";
import type { Params } from "@remix-run/react";
import { getSentCampaign } from "~/api/campaigns.server";
import { formatCount } from "~/domain/format";
import { listSearch, sentDetailTexts } from "~/domain/mail-merges";
import { mailResultKeys, mailResults } from "~/domain/mail-results";
import { sheetUrl } from "~/domain/sheet-links";
import { formatDateTime } from "~/domain/zoned-format";
import { requireSpaceWith, type SpaceCaller } from "~/utils/space.server";
import { sentPaths, timeZoneOf } from "./sent.server";

/*
 * The server side of the Sent tab's dialog (002 §2). A module of its own, as
 * the poll view's and the export's: a server module that two route modules
 * import is one more (empty) script file on every page that loads both.
 */

export const sentCampaignOf = ({ auth, workspaceId }: SpaceCaller, params: Params) =>
  getSentCampaign(auth, workspaceId, params.campaignId ?? "");

/** The dialog of one sent merge; an unknown id is a 404 shown inside the dialog. */
export async function loadSentDetail(args: LoaderFunctionArgs) {
  const { space, answers } = await requireSpaceWith(args, (caller) => sentCampaignOf(caller, args.params));
  const campaign = await answers;
  if (!campaign) throw data(null, { status: 404 });

  const timeZone = timeZoneOf(args.request);
  const url = new URL(args.request.url);
  const search = listSearch(url.search);
  const paths = sentPaths(space.urlPrefix);
  const dialogPath = paths.detail(campaign.campaignId);
  const results = mailResults(campaign.eventCounts);
  const when = (timestamp: number | null) => (timestamp === null ? null : formatDateTime(timestamp, timeZone));

  return {
    campaignId: campaign.campaignId,
    spreadsheetName: campaign.mergeSourceSpreadSheetName,
    sheetName: campaign.mergeSourceSheetName,
    subject: campaign.sentMessageSubject,
    emailsSent: formatCount(campaign.eventCounts.sentCount),
    lastEmailSent: when(campaign.lastEmailSentTimestamp),
    lastUpdate: when(campaign.lastUpdateTimestamp),
    results: mailResultKeys.map((key) => ({
      key,
      label: sentDetailTexts.results[key],
      percent: results[key].percent,
      count: formatCount(results[key].count),
    })),
    hasPoll: campaign.hasPoll,
    sheetUrl: sheetUrl(campaign.mergeSourceSheetKey),
    links: {
      close: `${paths.list}${search}`,
      mailResults: `${dialogPath}${search}`,
      pollResults: `${dialogPath}/poll${search}`,
    },
  };
}
