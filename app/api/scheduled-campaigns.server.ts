import { isCampaignId } from "./campaigns.server";
import { z } from "zod";
import type { SortDir } from "~/domain/list-query";
import {
  SCHEDULED_STATUSES,
  scheduledSortFields,
  type ScheduledCampaign,
  type ScheduledSort,
} from "~/domain/scheduled-merges";
import type { AuthContext } from "./caller.server";
import { backendPath, isBackendError, optionalTimestamp, timestamp } from "./http.server";
import { buildFilterBy } from "./list-filter.server";

/**
 * The caller's scheduled mail merges (002 §7 Mail merges; backend/README.md
 * "Mail merges (v2)"): list, one, cancel.
 */

const idSchema = z.union([z.string(), z.number()]).transform(String);
const countSchema = z.coerce.number().int().nonnegative().catch(0);
const textSchema = z
  .union([z.string(), z.number()])
  .nullish()
  .transform((value) => (value === null || value === undefined ? "" : String(value)));

/**
 * An unknown status is shown as an unknown error rather than failing the
 * whole list: something went wrong with that merge, and the user can still
 * see it and cancel it.
 */
const statusSchema = z.enum(SCHEDULED_STATUSES).catch("UNKNOWN ERROR");

const errorDetailsSchema = z
  .object({
    error: z
      .string()
      .nullish()
      .transform((value) => value ?? null),
    errorDetails: z
      .string()
      .nullish()
      .transform((value) => value ?? null),
    recoverableErrorRetries: countSchema,
    recoverableErrorLastRetryTimestamp: optionalTimestamp,
  })
  .nullish()
  .transform((value) => value ?? null);

export const scheduledCampaignSchema = z.object({
  campaignId: idSchema,
  mergeSourceSheetKey: textSchema,
  mergeSourceSpreadSheetName: textSchema,
  mergeSourceSheetName: textSchema,
  createTimestamp: timestamp,
  nextScheduledRunTimestamp: optionalTimestamp,
  status: statusSchema,
  eventCounts: z.object({ toSendCount: countSchema, sentCount: countSchema }).default({}),
  errorDetails: errorDetailsSchema,
}) satisfies z.ZodType<ScheduledCampaign, z.ZodTypeDef, unknown>;

const listSchema = z.object({ items: z.array(scheduledCampaignSchema) });

export interface ScheduledListRequest {
  workspaceId: string;
  search: string;
  sort: ScheduledSort;
  dir: SortDir;
  limit: number;
  limitOffset: number;
}

/** The list's filterBy; the search is encoded like every value (buildFilterBy). */
export function scheduledFilterBy(workspaceId: string, search: string) {
  return buildFilterBy({ workspaceId, search });
}

/** GET /users/me/scheduled-campaigns (v2): one page of the caller's scheduled merges in the space. */
export async function listScheduledCampaigns(
  auth: AuthContext,
  request: ScheduledListRequest,
): Promise<ScheduledCampaign[]> {
  const { items } = await auth.call({
    base: "v2",
    path: backendPath`/users/me/scheduled-campaigns`,
    query: {
      filterBy: scheduledFilterBy(request.workspaceId, request.search),
      sortBy: `${scheduledSortFields[request.sort]}:${request.dir}`,
      limit: request.limit,
      limitOffset: request.limitOffset,
    },
    schema: listSchema,
  });
  return items;
}

/**
 * GET /users/me/scheduled-campaigns/{id}?workspaceId= (v2); null when it is
 * unknown, not the caller's or another space's (404).
 */
export async function getScheduledCampaign(
  auth: AuthContext,
  workspaceId: string,
  campaignId: string,
): Promise<ScheduledCampaign | null> {
  if (!isCampaignId(campaignId)) return null;
  try {
    return await auth.call({
      base: "v2",
      path: backendPath`/users/me/scheduled-campaigns/${campaignId}`,
      query: { workspaceId },
      schema: scheduledCampaignSchema,
    });
  } catch (error) {
    if (isBackendError(error, 404)) return null;
    throw error;
  }
}

/** DELETE /users/me/scheduledCampaigns/{id}?workspaceId= (v2, the spec's own spelling): cancels the merge. */
export async function cancelScheduledCampaign(
  auth: AuthContext,
  workspaceId: string,
  campaignId: string,
  idempotencyKey: string,
): Promise<void> {
  await auth.call({
    base: "v2",
    path: backendPath`/users/me/scheduledCampaigns/${campaignId}`,
    query: { workspaceId },
    method: "DELETE",
    idempotencyKey,
  });
}
