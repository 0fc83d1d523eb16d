import type { Kysely, Migration } from "kysely";

export const licenseRenewalsMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable("license_renewals")
      .addColumn("subscription_id", "text", (col) => col.primaryKey())
      .addColumn("user_id", "text", (col) => col.notNull().references("users.id").onDelete("cascade"))
      .addColumn("auto_renew", "integer", (col) => col.notNull().defaultTo(1))
      .addColumn("updated_at", "integer", (col) => col.notNull())
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable("license_renewals").execute();
  },
};
