import { sql, type Insertable, type SqlBool } from "kysely";
import type { BackendDb } from "../db/connection";
import type { ScheduledCampaignsTable } from "../db/tables/mail-merges";
import type { CampaignScope, ScheduledCampaignFilter, ScheduledCampaignSort } from "../domain/list-queries";
import { after, keyColumns, keyOf, likeContains, pageOfList, type Page, type SeekableList } from "./list-pages";

/** Each sort's columns, ending with the unique id: the order of its index (db/migrations/0011-mail-merges.ts). */
const SORT_COLUMNS: Record<ScheduledCampaignSort["field"], readonly string[]> = {
  createTimestamp: ["s.create_timestamp", "s.id"],
  // next_run_order is the next run, "no run planned" last.
  nextScheduledRun: ["s.next_run_order", "s.id"],
  mergeSourceSheetTitle: ["s.spreadsheet_name", "s.sheet_name", "s.id"],
};

function scheduledMatching(db: BackendDb, userId: string, filter: ScheduledCampaignFilter) {
  let query = db
    .selectFrom("scheduled_campaigns as s")
    .where("s.user_id", "=", userId)
    .where("s.workspace_id", "=", filter.workspaceId);
  if (filter.search) {
    const pattern = likeContains(filter.search);
    query = query.where((eb) =>
      eb.or([
        sql<SqlBool>`s.spreadsheet_name like ${pattern} escape '\\'`,
        sql<SqlBool>`s.sheet_name like ${pattern} escape '\\'`,
      ]),
    );
  }
  return query;
}

/** One page of the caller's scheduled merges in a space. */
export function listScheduledCampaigns(
  db: BackendDb,
  userId: string,
  filter: ScheduledCampaignFilter,
  sort: ScheduledCampaignSort,
  page: Page,
) {
  const columns = SORT_COLUMNS[sort.field];
  const ordered = (key: readonly (string | number)[] | null) => {
    let query = scheduledMatching(db, userId, filter);
    if (key) query = query.where(after(columns, sort.direction, key));
    for (const column of columns) query = query.orderBy(sql.ref(column), sort.direction);
    return query;
  };
  const source = {
    rows: (key, limit) => ordered(key).selectAll("s").limit(limit).execute(),
    keyAt: async (key, offset) =>
      keyOf(await ordered(key).select(keyColumns(columns)).limit(1).offset(offset).executeTakeFirst(), columns.length),
  } satisfies SeekableList<unknown>;
  return pageOfList(
    db,
    { list: "scheduled_campaigns", workspaceId: filter.workspaceId, query: { userId, filter, sort } },
    source,
    page,
  );
}

export type ScheduledCampaignRow = NonNullable<Awaited<ReturnType<typeof findScheduledCampaign>>>;

/** One of the user's scheduled merges in a space; undefined when unknown, someone else's or another space's. */
export function findScheduledCampaign(db: BackendDb, scope: CampaignScope, campaignId: string) {
  return db
    .selectFrom("scheduled_campaigns")
    .selectAll()
    .where("id", "=", campaignId)
    .where("user_id", "=", scope.userId)
    .where("workspace_id", "=", scope.workspaceId)
    .executeTakeFirst();
}

/** Cancels (deletes) one of the user's scheduled merges in a space; false when there was none. */
export async function deleteScheduledCampaign(db: BackendDb, scope: CampaignScope, campaignId: string): Promise<boolean> {
  const result = await db
    .deleteFrom("scheduled_campaigns")
    .where("id", "=", campaignId)
    .where("user_id", "=", scope.userId)
    .where("workspace_id", "=", scope.workspaceId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}

/** The caller's scheduled (or sent) merges in a space, from the counts the triggers keep. */
export async function countCampaigns(
  db: BackendDb,
  userId: string,
  workspaceId: string,
  kind: "scheduled" | "sent",
): Promise<number> {
  const row = await db
    .selectFrom("campaign_counts")
    .select(kind)
    .where("user_id", "=", userId)
    .where("workspace_id", "=", workspaceId)
    .executeTakeFirst();
  return row ? Number(row[kind]) : 0;
}

const INSERT_BATCH = 1000;

/** The next run, "no run planned" last (the table checks the column holds this). */
export const NO_NEXT_RUN_ORDER = Number.MAX_SAFE_INTEGER;

export type NewScheduledCampaign = Omit<Insertable<ScheduledCampaignsTable>, "next_run_order">;

export async function insertScheduledCampaigns(db: BackendDb, rows: NewScheduledCampaign[]): Promise<void> {
  for (let start = 0; start < rows.length; start += INSERT_BATCH) {
    await db
      .insertInto("scheduled_campaigns")
      .values(
        rows.slice(start, start + INSERT_BATCH).map((row) => ({
          ...row,
          next_run_order: row.next_scheduled_run_timestamp ?? NO_NEXT_RUN_ORDER,
        })),
      )
      .execute();
  }
}
