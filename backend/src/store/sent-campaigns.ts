import { sql, type Insertable, type SqlBool } from "kysely";
import type { BackendDb } from "../db/connection";
import type { SentCampaignsTable } from "../db/tables/mail-merges";
import type { CampaignScope, SentCampaignFilter, SentCampaignSort } from "../domain/list-queries";
import { after, keyColumns, keyOf, likeContains, pageOfList, type Page, type SeekableList } from "./list-pages";

/** Each sort's columns, ending with the unique id: the order of its index (db/migrations/0011-mail-merges.ts). */
const SORT_COLUMNS: Record<SentCampaignSort["field"], readonly string[]> = {
  lastUpdateTimestamp: ["c.last_update_timestamp", "c.id"],
  mergeSourceSheetTitle: ["c.spreadsheet_name", "c.sheet_name", "c.id"],
};

const LIST_COLUMNS = [
  "c.id",
  "c.spreadsheet_id",
  "c.sheet_id",
  "c.spreadsheet_name",
  "c.sheet_name",
  "c.create_timestamp",
  "c.last_update_timestamp",
  "c.last_email_sent_timestamp",
  "c.sent_count",
  "c.opened_count",
  "c.clicked_count",
  "c.bounced_count",
] as const;

function campaignsMatching(
  db: BackendDb,
  userId: string,
  filter: SentCampaignFilter,
  sort: SentCampaignSort,
  seeking: boolean,
) {
  let query = db
    .selectFrom("sent_campaigns as c")
    .where("c.user_id", "=", userId)
    .where("c.workspace_id", "=", filter.workspaceId);
  // A date bound written with a unary + is checked on each row but not used to position the index scan:
  // - sorted by title, a date range must not lure the planner onto the date index (it would sort every match);
  // - when seeking past a key, the key is where the scan starts: SQLite would start at the bound on that side
  //   instead (the top of the range, for a descending list) and walk down to the key.
  const startSide = sort.direction === "desc" ? "lte" : "gte";
  const bound = (side: "gte" | "lte") =>
    sort.field === "lastUpdateTimestamp" && !(seeking && side === startSide)
      ? sql.ref("c.last_update_timestamp")
      : sql`+c.last_update_timestamp`;
  const gte = filter["lastUpdateTimestamp.gte"];
  const lte = filter["lastUpdateTimestamp.lte"];
  if (gte !== undefined) query = query.where(sql<SqlBool>`${bound("gte")} >= ${gte}`);
  if (lte !== undefined) query = query.where(sql<SqlBool>`${bound("lte")} <= ${lte}`);
  if (filter.search) {
    // SQLite's LIKE ignores ASCII case; both names are in every sort's index.
    const pattern = likeContains(filter.search);
    query = query.where((eb) =>
      eb.or([
        sql<SqlBool>`c.spreadsheet_name like ${pattern} escape '\\'`,
        sql<SqlBool>`c.sheet_name like ${pattern} escape '\\'`,
      ]),
    );
  }
  return query;
}

export type SentCampaignListRow = Awaited<ReturnType<typeof listSentCampaigns>>[number];

/** One page of the caller's sent merges in a space. */
export function listSentCampaigns(
  db: BackendDb,
  userId: string,
  filter: SentCampaignFilter,
  sort: SentCampaignSort,
  page: Page,
) {
  const columns = SORT_COLUMNS[sort.field];
  const ordered = (key: readonly (string | number)[] | null) => {
    let query = campaignsMatching(db, userId, filter, sort, key !== null);
    if (key) query = query.where(after(columns, sort.direction, key));
    for (const column of columns) query = query.orderBy(sql.ref(column), sort.direction);
    return query;
  };
  const source = {
    rows: (key, limit) => ordered(key).select(LIST_COLUMNS).limit(limit).execute(),
    keyAt: async (key, offset) =>
      keyOf(await ordered(key).select(keyColumns(columns)).limit(1).offset(offset).executeTakeFirst(), columns.length),
  } satisfies SeekableList<unknown>;
  return pageOfList(
    db,
    { list: "sent_campaigns", workspaceId: filter.workspaceId, query: { userId, filter, sort } },
    source,
    page,
  );
}

export type SentCampaignRow = NonNullable<Awaited<ReturnType<typeof findSentCampaign>>>;

/** One of the user's sent merges in a space; undefined when unknown, someone else's or another space's. */
export function findSentCampaign(db: BackendDb, scope: CampaignScope, campaignId: string) {
  return db
    .selectFrom("sent_campaigns")
    .selectAll()
    .where("id", "=", campaignId)
    .where("user_id", "=", scope.userId)
    .where("workspace_id", "=", scope.workspaceId)
    .executeTakeFirst();
}

export function listPollResults(db: BackendDb, campaignId: string) {
  return db
    .selectFrom("poll_results")
    .select(["info", "count"])
    .where("campaign_id", "=", campaignId)
    .orderBy("id")
    .execute();
}

export function listPollResponses(db: BackendDb, campaignId: string) {
  return db.selectFrom("poll_responses").select("value").where("campaign_id", "=", campaignId).orderBy("id").execute();
}

/** Rows per insert statement: SQLite takes up to 32,766 bound values per statement. */
const INSERT_BATCH = 1000;

export async function insertSentCampaigns(db: BackendDb, rows: Insertable<SentCampaignsTable>[]): Promise<void> {
  for (let start = 0; start < rows.length; start += INSERT_BATCH) {
    await db
      .insertInto("sent_campaigns")
      .values(rows.slice(start, start + INSERT_BATCH))
      .execute();
  }
}
