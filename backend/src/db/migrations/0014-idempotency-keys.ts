import type { Kysely, Migration } from "kysely";

/** The answers of writes sent with an Idempotency-Key, kept a day (backend/README.md). */
export const idempotencyKeysMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable("idempotency_keys")
      .addColumn("caller", "text", (col) => col.notNull())
      .addColumn("key", "text", (col) => col.notNull())
      .addColumn("method", "text", (col) => col.notNull())
      .addColumn("path", "text", (col) => col.notNull())
      .addColumn("status", "integer")
      .addColumn("content_type", "text")
      .addColumn("body", "text")
      .addColumn("created_at", "integer", (col) => col.notNull())
      .addPrimaryKeyConstraint("idempotency_keys_pk", ["caller", "key"])
      .execute();
    await db.schema.createIndex("idempotency_keys_created_at").on("idempotency_keys").column("created_at").execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable("idempotency_keys").execute();
  },
};
