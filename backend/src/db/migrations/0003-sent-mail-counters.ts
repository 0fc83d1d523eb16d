import type { Kysely, Migration } from "kysely";

export const sentMailCountersMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable("monthly_sent_mails")
      .addColumn("id", "integer", (col) => col.primaryKey().autoIncrement())
      .addColumn("user_id", "text", (col) => col.notNull().references("users.id").onDelete("cascade"))
      .addColumn("workspace_id", "text", (col) => col.references("workspaces.id").onDelete("set null"))
      .addColumn("year", "integer", (col) => col.notNull())
      .addColumn("month", "integer", (col) => col.notNull())
      .addColumn("count", "integer", (col) => col.notNull().defaultTo(0))
      .execute();
    await db.schema
      .createIndex("monthly_sent_mails_user_workspace_month")
      .on("monthly_sent_mails")
      .columns(["user_id", "workspace_id", "year", "month"])
      .unique()
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable("monthly_sent_mails").execute();
  },
};
