import type { Kysely, Migration } from "kysely";

/** When a refresh replaced an access token: only the latest one of a session refreshes (backend/README.md). */
export const tokenRotationMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable("session_tokens").addColumn("replaced_at", "integer").execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.alterTable("session_tokens").dropColumn("replaced_at").execute();
  },
};
