import type { Kysely, Migration } from "kysely";

/**
 * Per-user and legacy checkout (001 §3, §4): members marked for removal on
 * the legacy users page; the legal entity of a subscription (a legacy
 * licence sold by the Belgian entity) and the legacy licence a subscription
 * replaced; and the users a v1 checkout pays for, kept until Stripe's event
 * tells of its subscription.
 */
export const perUserBillingMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .alterTable("workspace_members")
      .addColumn("to_be_removed", "integer", (col) => col.notNull().defaultTo(0))
      .execute();
    await db.schema
      .alterTable("subscriptions")
      .addColumn("legal_entity", "text", (col) => col.notNull().defaultTo("US"))
      .execute();
    // Null unless the subscription replaced a legacy licence (itself, for one replaced in place).
    await db.schema.alterTable("subscriptions").addColumn("legacy_subscription_id", "text").execute();
    await db.schema.alterTable("subscriptions").addColumn("legacy_upgraded_at", "integer").execute();

    await db.schema
      .createTable("checkout_requests")
      .addColumn("id", "text", (col) => col.primaryKey())
      .addColumn("workspace_id", "text", (col) => col.notNull().references("workspaces.id").onDelete("cascade"))
      .addColumn("buyer_user_id", "text", (col) => col.notNull())
      .addColumn("legacy_subscription_id", "text")
      .addColumn("created_at", "integer", (col) => col.notNull())
      .addColumn("applied_at", "integer")
      .execute();
    await db.schema
      .createTable("checkout_request_users")
      .addColumn("checkout_id", "text", (col) => col.notNull().references("checkout_requests.id").onDelete("cascade"))
      .addColumn("user_id", "text", (col) => col.notNull())
      .addColumn("user_plan", "text", (col) => col.notNull())
      .addPrimaryKeyConstraint("checkout_request_users_pk", ["checkout_id", "user_id"])
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable("checkout_request_users").execute();
    await db.schema.dropTable("checkout_requests").execute();
    for (const column of ["legacy_upgraded_at", "legacy_subscription_id", "legal_entity"]) {
      await db.schema.alterTable("subscriptions").dropColumn(column).execute();
    }
    await db.schema.alterTable("workspace_members").dropColumn("to_be_removed").execute();
  },
};
