import { sql, type Kysely, type Migration } from "kysely";

/**
 * A random secret made when the demo data is seeded: the seeded invite links
 * derive their tokens from it, so they are as unguessable as real ones
 * (db/seed/invitations.ts) and still known to the tests and `npm run invite-links`.
 */
export const seedSecretMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable("seed_secret")
      .addColumn("id", "integer", (col) => col.primaryKey().check(sql`id = 1`))
      .addColumn("value", "text", (col) => col.notNull())
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable("seed_secret").execute();
  },
};
