import type { Kysely, Migration } from "kysely";

export const sessionsMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable("sessions")
      .addColumn("id", "text", (col) => col.primaryKey())
      .addColumn("email", "text", (col) => col.notNull())
      .addColumn("google_sub", "text", (col) => col.notNull())
      .addColumn("name", "text", (col) => col.notNull())
      .addColumn("picture", "text")
      .addColumn("backend_id_token_hash", "text", (col) => col.notNull().unique())
      .addColumn("expires_at", "integer", (col) => col.notNull())
      .addColumn("revoked_at", "integer")
      .addColumn("created_at", "integer", (col) => col.notNull())
      .execute();
    await db.schema.createIndex("sessions_email").on("sessions").column("email").execute();

    await db.schema
      .createTable("session_tokens")
      .addColumn("token_hash", "text", (col) => col.primaryKey())
      .addColumn("session_id", "text", (col) => col.notNull().references("sessions.id").onDelete("cascade"))
      .addColumn("expires_at", "integer", (col) => col.notNull())
      .addColumn("created_at", "integer", (col) => col.notNull())
      .execute();
    await db.schema.createIndex("session_tokens_session").on("session_tokens").column("session_id").execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable("session_tokens").execute();
    await db.schema.dropTable("sessions").execute();
  },
};
