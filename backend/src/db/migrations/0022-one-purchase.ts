import type { Kysely, Migration } from "kysely";

/**
 * One purchase per space (001 §4 Purchase flow, ARCHITECTURE.md "Billing and
 * Stripe"): the Checkout Sessions the backend opened for each space, so a new
 * one expires the others; and the subscriptions that arrived for a space
 * already paid for, cancelled and refunded rather than kept.
 */
export const onePurchaseMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable("checkout_sessions")
      .addColumn("id", "text", (col) => col.primaryKey())
      .addColumn("workspace_id", "text", (col) => col.notNull().references("workspaces.id").onDelete("cascade"))
      .addColumn("created_at", "integer", (col) => col.notNull())
      .execute();
    await db.schema
      .createIndex("checkout_sessions_by_space")
      .on("checkout_sessions")
      .columns(["workspace_id", "created_at"])
      .execute();
    await db.schema
      .createTable("duplicate_subscriptions")
      .addColumn("id", "text", (col) => col.primaryKey())
      .addColumn("workspace_id", "text", (col) => col.notNull().references("workspaces.id").onDelete("cascade"))
      // The space's subscription that stays.
      .addColumn("kept_subscription_id", "text", (col) => col.notNull())
      .addColumn("detected_at", "integer", (col) => col.notNull())
      .addColumn("canceled_at", "integer")
      // The payment refunded, once Stripe says so (charge.refunded), in the currency's minor unit.
      .addColumn("payment_intent_id", "text")
      .addColumn("refund_id", "text")
      .addColumn("refunded_amount", "integer")
      .addColumn("currency", "text")
      .addColumn("refunded_at", "integer")
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable("duplicate_subscriptions").execute();
    await db.schema.dropTable("checkout_sessions").execute();
  },
};
