import { sql, type Insertable, type SqlBool } from "kysely";
import type { BackendDb } from "../db/connection";
import type { RecipientsTable, RecipientTable } from "../db/tables/recipients";
import type { RecipientFilter, RecipientSort } from "../domain/list-queries";
import { after, keyColumns, keyOf, likeContains, pageOfList, type Page, type SeekableList } from "./list-pages";

/**
 * Unsubscriptions and bounces: two tables of one shape (db/tables/recipients.ts),
 * so one store serves both. A user sees their own USER entries (scope_key their
 * id) and, when the list is shared with them (domain/features.ts,
 * recipientRights), the space's WORKSPACE ones (scope_key '').
 */

export type NewRecipient = Omit<Insertable<RecipientsTable>, "scope_key">;

/** scope_key: '' for the space's entries, the owner's id for a user's own (the table checks it). */
function withScope(row: NewRecipient): Insertable<RecipientsTable> {
  return { ...row, scope_key: row.type === "WORKSPACE" ? "" : row.owner_user_id };
}

/** The two tables share their columns, so queries are written once against one of them. */
const tableRef = (table: RecipientTable) => `${table} as r` as "unsubscriptions as r";

const SORT_COLUMNS: Record<RecipientSort["field"], readonly string[]> = {
  emailAddress: ["r.email", "r.scope_key"],
  createTimestamp: ["r.create_timestamp", "r.email", "r.scope_key"],
};

/** Whose entries a caller sees in a space. */
export interface RecipientScope {
  workspaceId: string;
  userId: string;
  /** The space's WORKSPACE entries too, not only the caller's own. */
  seesShared: boolean;
}

function visibleTo(db: BackendDb, table: RecipientTable, scope: RecipientScope) {
  return db
    .selectFrom(tableRef(table))
    .where("r.workspace_id", "=", scope.workspaceId)
    .where("r.scope_key", "in", scope.seesShared ? ["", scope.userId] : [scope.userId]);
}

/** One page of the entries the user sees in the space. */
export function listRecipients(
  db: BackendDb,
  table: RecipientTable,
  scope: RecipientScope,
  filter: RecipientFilter,
  sort: RecipientSort,
  page: Page,
) {
  const columns = SORT_COLUMNS[sort.field];
  const ordered = (key: readonly (string | number)[] | null) => {
    let query = visibleTo(db, table, scope);
    if (filter.search) {
      query = query.where(sql<SqlBool>`r.email like ${likeContains(filter.search.toLowerCase())} escape '\\'`);
    }
    if (key) query = query.where(after(columns, sort.direction, key));
    for (const column of columns) query = query.orderBy(sql.ref(column), sort.direction);
    return query;
  };
  const source = {
    rows: (key, limit) =>
      ordered(key)
        .select(["r.email", "r.type", "r.create_timestamp", "r.last_update_timestamp"])
        .limit(limit)
        .execute(),
    keyAt: async (key, offset) =>
      keyOf(await ordered(key).select(keyColumns(columns)).limit(1).offset(offset).executeTakeFirst(), columns.length),
  } satisfies SeekableList<unknown>;
  return pageOfList(
    db,
    // Sharing can change without a write to the table, so it is part of the query's identity.
    {
      list: table,
      workspaceId: scope.workspaceId,
      query: { userId: scope.userId, seesShared: scope.seesShared, filter, sort },
    },
    source,
    page,
  );
}

/** The entries the user sees for these (lower-cased) addresses. */
export function findVisibleRecipients(db: BackendDb, table: RecipientTable, scope: RecipientScope, emails: string[]) {
  if (emails.length === 0) return Promise.resolve([]);
  return visibleTo(db, table, scope).select(["r.id", "r.email", "r.type"]).where("r.email", "in", emails).execute();
}

/**
 * Adds the addresses the user does not see yet (lower-cased, without
 * duplicates); returns how many were added. In a list shared with the user
 * they become the space's entries, otherwise the user's own, so what counts
 * as already there and what is added are the same scope.
 */
export async function addRecipients(
  db: BackendDb,
  table: RecipientTable,
  entry: RecipientScope & { emails: string[]; now: number },
): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const present = new Set((await findVisibleRecipients(trx, table, entry, entry.emails)).map((row) => row.email));
    const fresh = entry.emails.filter((email) => !present.has(email));
    if (fresh.length === 0) return 0;
    const result = await trx
      .insertInto(table)
      .values(
        fresh.map((email) =>
          withScope({
            workspace_id: entry.workspaceId,
            owner_user_id: entry.userId,
            email,
            type: entry.seesShared ? "WORKSPACE" : "USER",
            create_timestamp: entry.now,
            last_update_timestamp: entry.now,
          }),
        ),
      )
      // Another user's USER entry has its own scope; only an entry of the same scope could collide.
      .onConflict((conflict) => conflict.doNothing())
      .executeTakeFirst();
    return Number(result.numInsertedOrUpdatedRows ?? 0);
  });
}

export async function deleteRecipientsById(db: BackendDb, table: RecipientTable, ids: number[]): Promise<void> {
  if (ids.length === 0) return;
  await db
    .deleteFrom(table as "unsubscriptions")
    .where("id", "in", ids)
    .execute();
}

const INSERT_BATCH = 2000;

export async function insertRecipients(db: BackendDb, table: RecipientTable, rows: NewRecipient[]): Promise<void> {
  for (let start = 0; start < rows.length; start += INSERT_BATCH) {
    await db
      .insertInto(table)
      .values(rows.slice(start, start + INSERT_BATCH).map(withScope))
      .execute();
  }
}
