import type { LoaderFunctionArgs } from "@remix-run/node";
import { listSentCampaigns, type SentCampaign } from "~/api/campaigns.server";
import { rowsOrNoneIfRefused } from "~/api/list-filter.server";
import { dateRangeBounds } from "~/domain/date-range-bounds";
import { formatCount } from "~/domain/format";
import { formatDateTime } from "~/domain/zoned-format";
import { emptyReason, pageOf, pageWindow } from "~/domain/list-query";
import { percentOf, deliveredCount } from "~/domain/mail-results";
import {
  listSearch,
  parseSentQuery,
  sentParamValues,
  type SentEmptyReason,
  type SentListQuery,
} from "~/domain/mail-merges";
import { spacePath, spaceSections } from "~/domain/space-paths";
import { requireCanonicalListUrl } from "~/utils/canonical-list-url.server";
import { requireSpaceWith, type SpaceContext } from "~/utils/space.server";
import { timeZoneFromCookieHeader } from "~/utils/time-zone";

/**
 * The server side of the Mail merges page's Sent list (002 §2): its loader
 * reads the URL, calls the backend and hands the page display-ready values
 * (formatted in the user's time zone), so the browser gets neither zod nor
 * date-fns; the dialog's, the poll view's and the export's do the same in
 * their own modules (sent.$campaignId.server.ts,
 * sent.$campaignId.poll.server.ts, sent-csv.server.ts).
 */

export function timeZoneOf(request: Request) {
  return timeZoneFromCookieHeader(request.headers.get("Cookie"));
}

export function sentPaths(urlPrefix: string) {
  const list = spacePath(urlPrefix, spaceSections.sent);
  return { list, csv: `${list}.csv`, detail: (campaignId: string) => `${list}/${encodeURIComponent(campaignId)}` };
}

// ---------------------------------------------------------------- the list

export type SentRow = ReturnType<typeof sentRow>;

/** Where a row's detail dialog is: the prefix, the row's id, then the list's search (sent once, not per row). */
export interface SentDetailHref {
  prefix: string;
  search: string;
}

function sentRow(campaign: SentCampaign, timeZone: string, now: number) {
  const delivered = deliveredCount(campaign.eventCounts);
  const updated = campaign.lastUpdateTimestamp;
  return {
    campaignId: campaign.campaignId,
    spreadsheetName: campaign.mergeSourceSpreadSheetName,
    sheetName: campaign.mergeSourceSheetName,
    date: updated === null ? null : formatDateTime(updated, timeZone, now),
    sent: formatCount(campaign.eventCounts.sentCount),
    openedPercent: percentOf(campaign.eventCounts.openedCount, delivered),
    clickedPercent: percentOf(campaign.eventCounts.clickedCount, delivered),
    sheetKey: campaign.mergeSourceSheetKey,
  };
}

/**
 * The Sent tab: q, range, sort, dir and page from the query string; the
 * backend is asked for one row more than a page to know whether a next page exists.
 */
export async function loadSentList(args: LoaderFunctionArgs) {
  const url = new URL(args.request.url);
  const query = parseSentQuery(url.searchParams);
  const timeZone = timeZoneOf(args.request);
  const now = Date.now();
  const { space, answers } = await requireSpaceWith(args, ({ auth, workspaceId }) =>
    rowsOrNoneIfRefused(
      listSentCampaigns(auth, {
        workspaceId,
        ...dateRangeBounds(query.range, now, timeZone),
        search: query.q,
        sort: query.sort,
        dir: query.dir,
        ...pageWindow(query.page),
      }),
    ),
  );
  requireCanonicalListUrl(url, sentParamValues(query));
  const campaigns = await answers;
  const { rows, hasNextPage } = pageOf(campaigns);
  const paths = sentPaths(space.urlPrefix);
  const search = listSearch(url.search);
  return {
    query,
    rows: rows.map((campaign) => sentRow(campaign, timeZone, now)),
    detailHref: { prefix: `${paths.list}/`, search } satisfies SentDetailHref,
    hasNextPage,
    emptyReason: rows.length > 0 ? null : await sentEmptyReason(space, query),
    csvHref: `${paths.csv}${listSearch(url.search, { withPage: false })}`,
  };
}

/** Nothing in the range but merges outside it (a page 1 without search): one row is enough to know. */
async function sentEmptyReason(space: SpaceContext, query: SentListQuery): Promise<SentEmptyReason> {
  const reason = emptyReason(query);
  if (reason !== "empty" || query.range === "ALL_TIME") return reason;
  const anyAtAll = await rowsOrNoneIfRefused(
    listSentCampaigns(space.auth, {
      workspaceId: space.workspace.workspaceId,
      search: "",
      sort: query.sort,
      dir: query.dir,
      limit: 1,
      limitOffset: 0,
    }),
  );
  return anyAtAll.length > 0 ? "outOfRange" : "empty";
}
