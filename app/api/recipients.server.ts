import { z } from "zod";
import type { RecipientKind } from "~/domain/recipients";
import type { SortDir } from "~/domain/list-query";
import type { AuthContext } from "./caller.server";
import { type BackendPath, backendPath, timestamp } from "./http.server";
import { buildFilterBy } from "./list-filter.server";

/**
 * Unsubscriptions and bounces (v2, 002 §7): the same three calls for both
 * lists, told apart by the kind. Paths follow backend/README.md.
 */
const paths: Record<
  RecipientKind,
  { list: (workspaceId: string) => BackendPath; add: BackendPath; remove: BackendPath }
> = {
  unsubscription: {
    list: (workspaceId) => backendPath`/users/me/workspaces/${workspaceId}/unsubscriptions`,
    add: backendPath`/users/workspace-activation-add-unsubscriptions/me`,
    remove: backendPath`/users/workspace-activation-delete-unsubscriptions/me`,
  },
  bounce: {
    list: (workspaceId) => backendPath`/users/me/workspaces/${workspaceId}/bounces`,
    add: backendPath`/users/workspace-activation-add-bounces/me`,
    remove: backendPath`/users/workspace-activation-delete-bounces/me`,
  },
};

const recipientSchema = z.object({
  emailAddress: z.string(),
  createTimestamp: timestamp,
  lastUpdateTimestamp: timestamp.nullish().transform((value) => value ?? null),
  // 002 §3: WORKSPACE or the user's own; anything else counts as the user's own.
  type: z
    .string()
    .nullish()
    .transform((value) => (value === "WORKSPACE" ? ("WORKSPACE" as const) : ("USER" as const))),
});
export type Recipient = z.infer<typeof recipientSchema>;

const listSchema = z.object({ items: z.array(recipientSchema) });
const addedSchema = z.object({ updated: z.number().int().nonnegative() });

export interface RecipientListQuery {
  /** Case-insensitive part of the address; empty means no filter (002 §5). */
  search: string;
  sortBy: "emailAddress" | "createTimestamp";
  dir: SortDir;
  limit: number;
  limitOffset: number;
}

/** GET /users/me/workspaces/{workspaceId}/{unsubscriptions|bounces}. */
export async function listRecipients(
  auth: AuthContext,
  kind: RecipientKind,
  workspaceId: string,
  query: RecipientListQuery,
) {
  const answer = await auth.call({
    base: "v2",
    path: paths[kind].list(workspaceId),
    query: {
      filterBy: buildFilterBy({ search: query.search }),
      sortBy: `${query.sortBy}:${query.dir}`,
      limit: query.limit,
      limitOffset: query.limitOffset,
    },
    schema: listSchema,
  });
  return answer.items;
}

/** POST …-add-{unsubscriptions|bounces}/me: how many of the addresses were new. */
export async function addRecipients(
  auth: AuthContext,
  kind: RecipientKind,
  workspaceId: string,
  emailAddresses: string[],
  idempotencyKey: string,
) {
  const answer = await auth.call({
    base: "v2",
    path: paths[kind].add,
    method: "POST",
    body: { emailAddresses, workspaceId },
    idempotencyKey,
    schema: addedSchema,
  });
  return answer.updated;
}

/** DELETE …-delete-{unsubscriptions|bounces}/me/{workspaceId}/{emailAddress} (the address URL-encoded). */
export async function deleteRecipient(
  auth: AuthContext,
  kind: RecipientKind,
  workspaceId: string,
  emailAddress: string,
) {
  await auth.call({
    base: "v2",
    path: backendPath`${paths[kind].remove}/${workspaceId}/${emailAddress}`,
    method: "DELETE",
  });
}
