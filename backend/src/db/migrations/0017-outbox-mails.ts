import type { Kysely, Migration } from "kysely";

/**
 * The mails the reference backend would send (invite links): kept here
 * instead, for tests and for `npm run outbox` (backend/README.md).
 */
export const outboxMailsMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable("outbox_mails")
      .addColumn("id", "integer", (col) => col.primaryKey().autoIncrement())
      .addColumn("to_email", "text", (col) => col.notNull())
      .addColumn("kind", "text", (col) => col.notNull())
      .addColumn("workspace_id", "text", (col) => col.notNull())
      .addColumn("link_path", "text", (col) => col.notNull())
      .addColumn("created_at", "integer", (col) => col.notNull())
      .execute();
    await db.schema.createIndex("outbox_mails_to").on("outbox_mails").column("to_email").execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable("outbox_mails").execute();
  },
};
