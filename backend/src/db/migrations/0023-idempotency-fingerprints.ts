import type { Kysely, Migration } from "kysely";

/**
 * A fingerprint of each once-only request's query and body (backend/README.md
 * Idempotency): the same key with another body is a 422, never the first
 * answer replayed. Null on keys stored before it (they expire within a day).
 */
export const idempotencyFingerprintsMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable("idempotency_keys").addColumn("fingerprint", "text").execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.alterTable("idempotency_keys").dropColumn("fingerprint").execute();
  },
};
