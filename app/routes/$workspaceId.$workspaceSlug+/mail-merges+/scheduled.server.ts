import type { LoaderFunctionArgs } from "@remix-run/node";
import { rowsOrNoneIfRefused } from "~/api/list-filter.server";
import { listScheduledCampaigns } from "~/api/scheduled-campaigns.server";
import { emptyReason, listParamValues, pageOf, pageWindow, parseListQuery } from "~/domain/list-query";
import { cancelResultOf, scheduledListOptions } from "~/domain/scheduled-merges";
import { scheduledRow } from "~/domain/scheduled-rows";
import { spacePath, spaceSections } from "~/domain/space-paths";
import { vouchedQuery } from "~/utils/banner-links.server";
import { requireCanonicalListUrl } from "~/utils/canonical-list-url.server";
import { requireSpaceWith } from "~/utils/space.server";
import { timeZoneFromCookieHeader } from "~/utils/time-zone";

/** The Scheduled tab's list (002 §2): one page of the caller's scheduled merges, as the query asks. */
export async function loadScheduledList({ request, params, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const query = parseListQuery(url.searchParams, scheduledListOptions);
  const { space, answers } = await requireSpaceWith({ request, params, context }, ({ auth, workspaceId }) =>
    rowsOrNoneIfRefused(
      listScheduledCampaigns(auth, {
        workspaceId,
        search: query.q,
        sort: query.sort,
        dir: query.dir,
        ...pageWindow(query.page),
      }),
    ),
  );
  requireCanonicalListUrl(url, listParamValues(query, scheduledListOptions));
  const timeZone = timeZoneFromCookieHeader(request.headers.get("Cookie"));
  const items = await answers;
  const { rows, hasNextPage } = pageOf(items);
  const now = Date.now();
  const listPath = spacePath(space.urlPrefix, spaceSections.scheduled);
  return {
    query,
    rows: rows.map((campaign) => scheduledRow(campaign, timeZone, now)),
    hasNextPage,
    emptyReason: rows.length > 0 ? null : emptyReason(query),
    cancel: cancelResultOf(vouchedQuery(url.searchParams, space.auth.session)),
    listPath,
  };
}
