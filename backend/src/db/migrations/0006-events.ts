import type { Kysely, Migration } from "kysely";

export const eventsMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable("events")
      .addColumn("id", "integer", (col) => col.primaryKey().autoIncrement())
      .addColumn("user_email", "text", (col) => col.notNull())
      .addColumn("type", "text", (col) => col.notNull())
      .addColumn("params", "text")
      .addColumn("created_at", "integer", (col) => col.notNull())
      .execute();
    await db.schema
      .createIndex("events_user_email_created")
      .on("events")
      .columns(["user_email", "created_at"])
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable("events").execute();
  },
};
