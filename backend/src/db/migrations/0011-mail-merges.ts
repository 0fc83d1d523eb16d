import { sql, type Kysely, type Migration } from "kysely";
import { createListVersionTriggers } from "./0010-list-versions";

/** Sorts "no next run" after every planned run (store/scheduled-campaigns.ts writes the same value). */
const NO_NEXT_RUN_ORDER = Number.MAX_SAFE_INTEGER;

/** Keeps campaign_counts.{column} equal to the number of the table's rows per user and space, whoever writes. */
async function createCountTriggers(db: Kysely<unknown>, table: string, column: "sent" | "scheduled") {
  const counter = sql.raw(column);
  const add = sql`insert into campaign_counts (user_id, workspace_id, ${counter}) values (new.user_id, new.workspace_id, 1)
    on conflict (user_id, workspace_id) do update set ${counter} = ${counter} + 1;`;
  const remove = sql`update campaign_counts set ${counter} = ${counter} - 1
    where user_id = old.user_id and workspace_id = old.workspace_id;`;
  const name = (event: string) => sql.raw(`${table}_count_${event}`);
  const tableRef = sql.table(table);
  await sql`create trigger ${name("insert")} after insert on ${tableRef} begin ${add} end`.execute(db);
  await sql`create trigger ${name("delete")} after delete on ${tableRef} begin ${remove} end`.execute(db);
  await sql`create trigger ${name("move")} after update of user_id, workspace_id on ${tableRef}
    begin ${remove} ${add} end`.execute(db);
}

/**
 * Sent and scheduled mail merges, and poll answers (002 §3, §7 Mail merges).
 * Each list's sort is an index whose leading columns are the call's scope
 * (user, space) and whose next ones are the sort key ending with the id, so a
 * page is a range scan in index order, never a sort; the names travel in the
 * indexes so that a search is checked without reading the table.
 */
export const mailMergesMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable("sent_campaigns")
      .addColumn("id", "text", (col) => col.primaryKey())
      .addColumn("user_id", "text", (col) => col.notNull().references("users.id").onDelete("cascade"))
      .addColumn("workspace_id", "text", (col) => col.notNull().references("workspaces.id").onDelete("cascade"))
      .addColumn("spreadsheet_id", "text", (col) => col.notNull())
      .addColumn("sheet_id", "text", (col) => col.notNull())
      .addColumn("spreadsheet_name", "text", (col) => col.notNull().modifyEnd(sql`collate nocase`))
      .addColumn("sheet_name", "text", (col) => col.notNull().modifyEnd(sql`collate nocase`))
      .addColumn("subject", "text")
      .addColumn("create_timestamp", "integer", (col) => col.notNull())
      .addColumn("last_update_timestamp", "integer", (col) => col.notNull())
      .addColumn("last_email_sent_timestamp", "integer", (col) => col.notNull())
      .addColumn("sent_count", "integer", (col) => col.notNull().defaultTo(0))
      .addColumn("opened_count", "integer", (col) => col.notNull().defaultTo(0))
      .addColumn("clicked_count", "integer", (col) => col.notNull().defaultTo(0))
      .addColumn("bounced_count", "integer", (col) => col.notNull().defaultTo(0))
      .addColumn("responded_count", "integer", (col) => col.notNull().defaultTo(0))
      .addColumn("unsubscribed_count", "integer", (col) => col.notNull().defaultTo(0))
      .addColumn("has_poll", "integer", (col) => col.notNull().defaultTo(0))
      .execute();
    // sortBy=lastUpdateTimestamp (scanned backwards for :desc), and the lastUpdateTimestamp.gte/lte range.
    await db.schema
      .createIndex("sent_campaigns_by_update")
      .on("sent_campaigns")
      .columns(["user_id", "workspace_id", "last_update_timestamp", "id", "spreadsheet_name", "sheet_name"])
      .execute();
    // sortBy=mergeSourceSheetTitle: spreadsheet name, then sheet name (both NOCASE).
    await db.schema
      .createIndex("sent_campaigns_by_title")
      .on("sent_campaigns")
      .columns(["user_id", "workspace_id", "spreadsheet_name", "sheet_name", "id", "last_update_timestamp"])
      .execute();
    // Team report: each member's last e-mail in the space, and what the space sent in the last 30 days.
    await db.schema
      .createIndex("sent_campaigns_by_last_email")
      .on("sent_campaigns")
      .columns(["workspace_id", "user_id", "last_email_sent_timestamp", "sent_count"])
      .execute();
    await createListVersionTriggers(db, "sent_campaigns");

    await db.schema
      .createTable("poll_results")
      .addColumn("id", "integer", (col) => col.primaryKey().autoIncrement())
      .addColumn("campaign_id", "text", (col) => col.notNull().references("sent_campaigns.id").onDelete("cascade"))
      .addColumn("info", "text", (col) => col.notNull())
      .addColumn("count", "integer", (col) => col.notNull())
      .execute();
    await db.schema.createIndex("poll_results_campaign").on("poll_results").column("campaign_id").execute();
    await db.schema
      .createTable("poll_responses")
      .addColumn("id", "integer", (col) => col.primaryKey().autoIncrement())
      .addColumn("campaign_id", "text", (col) => col.notNull().references("sent_campaigns.id").onDelete("cascade"))
      .addColumn("value", "text", (col) => col.notNull())
      .execute();
    await db.schema.createIndex("poll_responses_campaign").on("poll_responses").column("campaign_id").execute();

    await db.schema
      .createTable("scheduled_campaigns")
      .addColumn("id", "text", (col) => col.primaryKey())
      .addColumn("user_id", "text", (col) => col.notNull().references("users.id").onDelete("cascade"))
      .addColumn("workspace_id", "text", (col) => col.notNull().references("workspaces.id").onDelete("cascade"))
      .addColumn("spreadsheet_id", "text", (col) => col.notNull())
      .addColumn("sheet_id", "text", (col) => col.notNull())
      .addColumn("spreadsheet_name", "text", (col) => col.notNull().modifyEnd(sql`collate nocase`))
      .addColumn("sheet_name", "text", (col) => col.notNull().modifyEnd(sql`collate nocase`))
      .addColumn("create_timestamp", "integer", (col) => col.notNull())
      .addColumn("next_scheduled_run_timestamp", "integer")
      // A plain column, not a generated one: SQLite reads generated columns from the table, never from an
      // index, and the sort index must answer on its own. The check keeps it right whoever writes.
      .addColumn("next_run_order", "integer", (col) =>
        col
          .notNull()
          .check(sql`next_run_order = coalesce(next_scheduled_run_timestamp, ${sql.lit(NO_NEXT_RUN_ORDER)})`),
      )
      .addColumn("status", "text", (col) => col.notNull())
      .addColumn("to_send_count", "integer", (col) => col.notNull().defaultTo(0))
      .addColumn("sent_count", "integer", (col) => col.notNull().defaultTo(0))
      .addColumn("error", "text")
      .addColumn("error_details", "text")
      .addColumn("recoverable_error_retries", "integer", (col) => col.notNull().defaultTo(0))
      .addColumn("recoverable_error_last_retry_timestamp", "integer")
      .execute();
    // sortBy=createTimestamp (the default, :desc); also serves the count of a user's merges in a space.
    await db.schema
      .createIndex("scheduled_campaigns_by_create")
      .on("scheduled_campaigns")
      .columns(["user_id", "workspace_id", "create_timestamp", "id", "spreadsheet_name", "sheet_name"])
      .execute();
    // sortBy=nextScheduledRun.
    await db.schema
      .createIndex("scheduled_campaigns_by_next_run")
      .on("scheduled_campaigns")
      .columns(["user_id", "workspace_id", "next_run_order", "id", "spreadsheet_name", "sheet_name"])
      .execute();
    // sortBy=mergeSourceSheetTitle.
    await db.schema
      .createIndex("scheduled_campaigns_by_title")
      .on("scheduled_campaigns")
      .columns(["user_id", "workspace_id", "spreadsheet_name", "sheet_name", "id"])
      .execute();
    await createListVersionTriggers(db, "scheduled_campaigns");

    // The count call answers from here in constant time, however many merges there are.
    await db.schema
      .createTable("campaign_counts")
      .addColumn("user_id", "text", (col) => col.notNull())
      .addColumn("workspace_id", "text", (col) => col.notNull())
      .addColumn("sent", "integer", (col) => col.notNull().defaultTo(0))
      .addColumn("scheduled", "integer", (col) => col.notNull().defaultTo(0))
      .addPrimaryKeyConstraint("campaign_counts_pk", ["user_id", "workspace_id"])
      .modifyEnd(sql`without rowid`)
      .execute();
    await createCountTriggers(db, "sent_campaigns", "sent");
    await createCountTriggers(db, "scheduled_campaigns", "scheduled");
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable("campaign_counts").execute();
    await db.schema.dropTable("scheduled_campaigns").execute();
    await db.schema.dropTable("poll_responses").execute();
    await db.schema.dropTable("poll_results").execute();
    await db.schema.dropTable("sent_campaigns").execute();
  },
};
