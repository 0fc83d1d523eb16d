import { z } from "zod";
import type { DateBounds } from "~/domain/date-range-bounds";
import type { SortDir } from "~/domain/list-query";
import { sentSortFields, type SentSort } from "~/domain/mail-merges";
import { pollAnswers, type PollAnswer } from "~/domain/poll-results";
import type { AuthContext } from "./caller.server";
import { backendPath, isBackendError, optionalTimestamp } from "./http.server";
import { buildFilterBy } from "./list-filter.server";

/**
 * The caller's sent mail merges (002 §7 Mail merges; backend/README.md
 * "Mail merges (v2)"): the list, one campaign, its poll, and the count of
 * scheduled merges for the summary card. The campaign calls carry the
 * session's backend ID token in X-ID-Token.
 */

const idSchema = z.union([z.string(), z.number()]).transform(String);
const countSchema = z.coerce.number().int().nonnegative().catch(0);
const textSchema = z
  .union([z.string(), z.number()])
  .nullish()
  .transform((value) => (value === null || value === undefined ? "" : String(value)));

const listCountsSchema = z.object({
  sentCount: countSchema,
  openedCount: countSchema,
  clickedCount: countSchema,
  bouncedCount: countSchema,
});

const campaignFields = {
  campaignId: idSchema,
  mergeSourceSheetKey: textSchema,
  mergeSourceSpreadSheetName: textSchema,
  mergeSourceSheetName: textSchema,
  createTimestamp: optionalTimestamp,
  lastUpdateTimestamp: optionalTimestamp,
  lastEmailSentTimestamp: optionalTimestamp,
};

/**
 * 002 §3: lastUpdateTimestamp falls back to createTimestamp, and
 * lastEmailSentTimestamp to the update time.
 */
function withFallbackTimes<
  T extends {
    createTimestamp: number | null;
    lastUpdateTimestamp: number | null;
    lastEmailSentTimestamp: number | null;
  },
>(campaign: T) {
  const lastUpdateTimestamp = campaign.lastUpdateTimestamp ?? campaign.createTimestamp;
  return {
    ...campaign,
    lastUpdateTimestamp,
    lastEmailSentTimestamp: campaign.lastEmailSentTimestamp ?? lastUpdateTimestamp,
  };
}

export const sentCampaignSchema = z
  .object({ ...campaignFields, eventCounts: listCountsSchema.default({}) })
  .transform(withFallbackTimes);
export type SentCampaign = z.infer<typeof sentCampaignSchema>;

export const sentCampaignDetailSchema = z
  .object({
    ...campaignFields,
    sentMessageSubject: z
      .string()
      .nullish()
      .transform((value) => (value?.trim() ? value : null)),
    hasPoll: z.boolean().nullish().transform(Boolean),
    eventCounts: listCountsSchema.extend({ respondedCount: countSchema, unsubscribedCount: countSchema }).default({}),
  })
  .transform(withFallbackTimes);
export type SentCampaignDetail = z.infer<typeof sentCampaignDetailSchema>;

const listSchema = z.object({ items: z.array(sentCampaignSchema) });
const pollResultsSchema = z.object({ items: z.array(z.object({ info: textSchema, count: countSchema })) });
const pollResponsesSchema = z.object({ items: z.array(z.object({ value: textSchema })) });
const campaignCountSchema = z.object({ campaignCount: countSchema });

export interface SentListRequest extends DateBounds {
  workspaceId: string;
  search: string;
  sort: SentSort;
  dir: SortDir;
  limit: number;
  limitOffset: number;
}

/** The list's filterBy; the search is encoded like every value (buildFilterBy). */
export function sentFilterBy({
  workspaceId,
  gte,
  lte,
  search,
}: Pick<SentListRequest, "workspaceId" | "gte" | "lte" | "search">) {
  return buildFilterBy({
    workspaceId,
    "lastUpdateTimestamp.gte": gte,
    "lastUpdateTimestamp.lte": lte,
    search,
  });
}

/** GET /users/me/campaigns (v2): one page of the caller's sent merges in the space, in the date range. */
export async function listSentCampaigns(auth: AuthContext, request: SentListRequest): Promise<SentCampaign[]> {
  const { items } = await auth.call({
    base: "v2",
    path: backendPath`/users/me/campaigns`,
    withIdToken: true,
    query: {
      filterBy: sentFilterBy(request),
      sortBy: `${sentSortFields[request.sort]}:${request.dir}`,
      limit: request.limit,
      limitOffset: request.limitOffset,
    },
    schema: listSchema,
  });
  return items;
}

/** Campaign ids are opaque but short; anything else cannot be one (and never reaches the backend). */
export function isCampaignId(value: string | undefined): value is string {
  return typeof value === "string" && /^[\w-]{1,64}$/.test(value);
}

/**
 * GET /users/me/campaigns/{id}?workspaceId= (v2); null when it is unknown, not
 * the caller's or another space's (404).
 */
export async function getSentCampaign(
  auth: AuthContext,
  workspaceId: string,
  campaignId: string,
): Promise<SentCampaignDetail | null> {
  if (!isCampaignId(campaignId)) return null;
  try {
    return await auth.call({
      base: "v2",
      path: backendPath`/users/me/campaigns/${campaignId}`,
      query: { workspaceId },
      withIdToken: true,
      schema: sentCampaignDetailSchema,
    });
  } catch (error) {
    if (isBackendError(error, 404)) return null;
    throw error;
  }
}

/**
 * The poll's answers (002 §7): GET …/pollResults, and on failure or an empty
 * answer GET …/pollResponses, counted.
 */
export function getPollAnswers(auth: AuthContext, workspaceId: string, campaignId: string): Promise<PollAnswer[]> {
  const path = backendPath`/users/me/campaigns/${campaignId}`;
  const query = { workspaceId };
  return pollAnswers(
    async () =>
      (
        await auth.call({
          base: "v2",
          path: backendPath`${path}/pollResults`,
          query,
          withIdToken: true,
          schema: pollResultsSchema,
        })
      ).items,
    async () =>
      (
        await auth.call({
          base: "v2",
          path: backendPath`${path}/pollResponses`,
          query,
          withIdToken: true,
          schema: pollResponsesSchema,
        })
      ).items,
  );
}

/** GET /users/me/workspaces/{workspaceId}/campaigns/count?isScheduled=true (v2): the caller's scheduled merges. */
export async function getScheduledCampaignCount(auth: AuthContext, workspaceId: string): Promise<number> {
  const { campaignCount } = await auth.call({
    base: "v2",
    path: backendPath`/users/me/workspaces/${workspaceId}/campaigns/count`,
    query: { isScheduled: true },
    schema: campaignCountSchema,
  });
  return campaignCount;
}
