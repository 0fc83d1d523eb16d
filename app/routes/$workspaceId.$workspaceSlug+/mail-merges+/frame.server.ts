import type { LoaderFunctionArgs } from "@remix-run/node";
import { getScheduledCampaignCount } from "~/api/campaigns.server";
import { logSurvivedFailure } from "~/api/http.server";
import { formatCount } from "~/domain/format";
import { currentMonthCount, recentMonthCounts } from "~/domain/sent-counters";
import { spacePath, spaceSections } from "~/domain/space-paths";
import { monthName } from "~/domain/zoned-format";
import { requireSpaceWith, type SpaceCaller } from "~/utils/space.server";
import { timeZoneOf } from "./sent.server";

/*
 * The server side of the Mail merges page frame (002 §2), apart from the
 * Sent tab's (./sent.server): a server module that two route modules import
 * is one more (empty) script file on the first load of every page under both.
 * Remix's compiler names such an empty module by its import path, not its
 * file: "./_layout.server" here would be the shell's.
 */

/** The Mail merges page frame: the scheduled count, the space's counters, the chart and the tabs. */
export async function loadMailMergesFrame(args: LoaderFunctionArgs) {
  const { space, answers } = await requireSpaceWith(args, scheduledCountOrNull);
  const timeZone = timeZoneOf(args.request);
  const now = Date.now();
  const { counters } = space.membership;
  const scheduledCount = await answers;

  const months = recentMonthCounts(counters.monthlySentMails, now, timeZone).map(({ year, month, count }) => ({
    longLabel: `${monthName(month)} ${year}`,
    count,
    countText: formatCount(count),
  }));

  return {
    urlPrefix: space.urlPrefix,
    isFreePlan: space.workspace.workspacePlan === "FREE",
    scheduledCount: scheduledCount === null ? null : formatCount(scheduledCount),
    sentThisMonth: formatCount(currentMonthCount(counters.monthlySentMails, now, timeZone)),
    sentAllTime: formatCount(counters.totalNumberOfMailsSent.count),
    months,
    tabs: {
      scheduled: spacePath(space.urlPrefix, spaceSections.scheduled),
      sent: spacePath(space.urlPrefix, spaceSections.sent),
    },
  };
}

/** A failing count shows "-" on its card rather than taking the whole page down. */
async function scheduledCountOrNull({ auth, workspaceId }: SpaceCaller) {
  try {
    return await getScheduledCampaignCount(auth, workspaceId);
  } catch (error) {
    if (error instanceof Response) throw error;
    logSurvivedFailure(error, "scheduled campaign count failed");
    return null;
  }
}
