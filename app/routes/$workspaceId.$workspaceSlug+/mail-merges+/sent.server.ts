import { data, redirect, type LoaderFunctionArgs } from "@remix-run/node";
import type { Params } from "@remix-run/react";
import {
  getPollAnswers,
  getSentCampaign,
  listSentCampaigns,
  type SentCampaign,
} from "~/api/campaigns.server";
import { rowsOrNoneIfRefused } from "~/api/list-filter.server";
import { dateRangeBounds } from "~/domain/date-range-bounds";
import { formatCount } from "~/domain/format";
import { formatCsvDateTime, formatDateTime } from "~/domain/zoned-format";
import { emptyReason, pageOf, pageWindow } from "~/domain/list-query";
import { mailResultKeys, mailResults, percentOf, deliveredCount } from "~/domain/mail-results";
import {
  listSearch,
  parseSentQuery,
  sentDetailTexts,
  sentParamValues,
  sentTexts,
  type SentEmptyReason,
  type SentListQuery,
} from "~/domain/mail-merges";
import { sheetUrl } from "~/domain/sheet-links";
import { spacePath, spaceSections } from "~/domain/space-paths";
import { spaceCsvResponse } from "~/utils/csv-export.server";
import { requireCanonicalListUrl } from "~/utils/canonical-list-url.server";
import { mayGoUnread, requireSpaceWith, type SpaceCaller, type SpaceContext } from "~/utils/space.server";
import { timeZoneFromCookieHeader } from "~/utils/time-zone";

/**
 * The server side of the Mail merges page's Sent tab (002 §2): each
 * route's loader calls one function here, which reads the URL, calls
 * the backend and hands the page display-ready values (formatted in the
 * user's time zone), so the browser gets neither zod nor date-fns.
 */

export function timeZoneOf(request: Request) {
  return timeZoneFromCookieHeader(request.headers.get("Cookie"));
}

function sentPaths(urlPrefix: string) {
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

// ---------------------------------------------------------------- the dialog

const sentCampaignOf = ({ auth, workspaceId }: SpaceCaller, params: Params) =>
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

/** The poll view; a merge without a poll shows its mail results instead. */
export async function loadSentPoll(args: LoaderFunctionArgs) {
  // The campaign is the same GET as the dialog's loader in this request: made once. Its poll's answers are asked
  // for beside it, and go unread when it has no poll.
  const { space, answers } = await requireSpaceWith(args, async (caller) => {
    const poll = mayGoUnread(getPollAnswers(caller.auth, caller.workspaceId, args.params.campaignId ?? ""));
    return { campaign: await sentCampaignOf(caller, args.params), poll };
  });
  const { campaign, poll } = await answers;
  if (!campaign) throw data(null, { status: 404 });
  if (!campaign.hasPoll) {
    const url = new URL(args.request.url);
    throw redirect(`${sentPaths(space.urlPrefix).detail(campaign.campaignId)}${listSearch(url.search)}`);
  }
  return {
    answers: (await poll).map(({ answer, count, percent }) => ({ answer, percent, count: formatCount(count) })),
  };
}

// ---------------------------------------------------------------- the export

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
