import { sql, type Kysely, type Migration } from "kysely";
import { createListVersionTriggers } from "./0010-list-versions";

/**
 * Unsubscriptions and bounces (002 §3, §7): one table each, same shape. A
 * caller sees the space's WORKSPACE entries and their own USER ones, i.e. the
 * rows whose scope_key is '' or their user id; the indexes carry scope_key so
 * that this is checked without reading the table.
 */
async function createRecipientTable(db: Kysely<unknown>, table: "unsubscriptions" | "bounces") {
  await db.schema
    .createTable(table)
    .addColumn("id", "integer", (col) => col.primaryKey().autoIncrement())
    .addColumn("workspace_id", "text", (col) => col.notNull().references("workspaces.id").onDelete("cascade"))
    .addColumn("owner_user_id", "text", (col) => col.notNull().references("users.id").onDelete("cascade"))
    .addColumn("email", "text", (col) => col.notNull())
    .addColumn("type", "text", (col) => col.notNull())
    // A plain column, not a generated one: SQLite reads generated columns from the table, never from an
    // index, and the list indexes must answer on their own. The check keeps it right whoever writes.
    .addColumn("scope_key", "text", (col) =>
      col.notNull().check(sql`scope_key = case when type = 'WORKSPACE' then '' else owner_user_id end`),
    )
    .addColumn("create_timestamp", "integer", (col) => col.notNull())
    .addColumn("last_update_timestamp", "integer", (col) => col.notNull())
    .execute();
  // One entry per address and scope (the space's, or one user's); also sortBy=emailAddress.
  await db.schema
    .createIndex(`${table}_by_email`)
    .on(table)
    .columns(["workspace_id", "email", "scope_key"])
    .unique()
    .execute();
  // sortBy=createTimestamp.
  await db.schema
    .createIndex(`${table}_by_create`)
    .on(table)
    .columns(["workspace_id", "create_timestamp", "email", "scope_key"])
    .execute();
  await createListVersionTriggers(db, table);
}

export const recipientsMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await createRecipientTable(db, "unsubscriptions");
    await createRecipientTable(db, "bounces");
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable("bounces").execute();
    await db.schema.dropTable("unsubscriptions").execute();
  },
};
