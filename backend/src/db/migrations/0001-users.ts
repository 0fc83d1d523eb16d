import type { Kysely, Migration } from "kysely";

export const usersMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable("users")
      .addColumn("id", "text", (col) => col.primaryKey())
      .addColumn("email", "text", (col) => col.notNull().unique())
      .addColumn("name", "text", (col) => col.notNull())
      .addColumn("picture", "text")
      .addColumn("is_personal", "integer", (col) => col.notNull().defaultTo(0))
      .addColumn("installation_timestamp", "integer")
      .addColumn("last_update_timestamp", "integer", (col) => col.notNull())
      .addColumn("domain_name", "text", (col) => col.notNull())
      // No foreign key: users and workspaces reference each other, and a user is created before its space.
      .addColumn("addon_workspace_id", "text")
      .addColumn("free_user_quota", "integer", (col) => col.notNull().defaultTo(20))
      .addColumn("is_per_seat", "integer", (col) => col.notNull().defaultTo(1))
      .addColumn("license_subscription_id", "text")
      .addColumn("license_payment_source", "text")
      .addColumn("total_mails_sent", "integer", (col) => col.notNull().defaultTo(0))
      .execute();
    // Suggestions search by name prefix and by domain.
    await db.schema.createIndex("users_name").on("users").column("name").execute();
    await db.schema.createIndex("users_domain_name").on("users").column("domain_name").execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable("users").execute();
  },
};
