import type { Kysely, Migration } from "kysely";

/**
 * Seats (002 §3 Seat info, 001 §3): a space's subscriptions with their seat
 * plans and scheduled seat removals; the user plan an invitation gives (an
 * added member of a per-seat space takes a paid seat while pending); and the
 * member scheduled to be downgraded to free at renewal (002 §4).
 */
export const seatsMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .alterTable("invitations")
      .addColumn("user_plan", "text", (col) => col.notNull().defaultTo("FREE"))
      .execute();
    await db.schema
      .alterTable("workspace_members")
      .addColumn("scheduled_downgrade", "integer", (col) => col.notNull().defaultTo(0))
      .execute();

    await db.schema
      .createTable("subscriptions")
      .addColumn("id", "text", (col) => col.primaryKey())
      .addColumn("workspace_id", "text", (col) => col.notNull().references("workspaces.id").onDelete("cascade"))
      .addColumn("workspace_plan", "text", (col) => col.notNull())
      .addColumn("status", "text", (col) => col.notNull())
      .addColumn("billing_interval", "text", (col) => col.notNull())
      .addColumn("currency", "text", (col) => col.notNull())
      .addColumn("payment_source", "text", (col) => col.notNull())
      .addColumn("auto_renew", "integer", (col) => col.notNull())
      .addColumn("end_timestamp", "integer", (col) => col.notNull())
      .addColumn("created_at", "integer", (col) => col.notNull())
      .execute();
    await db.schema.createIndex("subscriptions_workspace").on("subscriptions").column("workspace_id").execute();

    await db.schema
      .createTable("subscription_seat_plans")
      .addColumn("subscription_id", "text", (col) => col.notNull().references("subscriptions.id").onDelete("cascade"))
      .addColumn("payment_plan_id", "text", (col) => col.notNull())
      .addColumn("user_plan", "text", (col) => col.notNull())
      // -1: unlimited.
      .addColumn("total_seats", "integer", (col) => col.notNull())
      .addPrimaryKeyConstraint("subscription_seat_plans_pk", ["subscription_id", "payment_plan_id"])
      .execute();

    await db.schema
      .createTable("scheduled_seat_removals")
      .addColumn("id", "integer", (col) => col.primaryKey().autoIncrement())
      .addColumn("subscription_id", "text", (col) => col.notNull().references("subscriptions.id").onDelete("cascade"))
      .addColumn("payment_plan_id", "text", (col) => col.notNull())
      .addColumn("target_seats_quantity", "integer", (col) => col.notNull())
      .addColumn("remove_seats_at", "integer", (col) => col.notNull())
      .addColumn("status", "text", (col) => col.notNull())
      .addColumn("created_at", "integer", (col) => col.notNull())
      .execute();
    await db.schema
      .createIndex("scheduled_seat_removals_subscription")
      .on("scheduled_seat_removals")
      .columns(["subscription_id", "status"])
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable("scheduled_seat_removals").execute();
    await db.schema.dropTable("subscription_seat_plans").execute();
    await db.schema.dropTable("subscriptions").execute();
    await db.schema.alterTable("workspace_members").dropColumn("scheduled_downgrade").execute();
    await db.schema.alterTable("invitations").dropColumn("user_plan").execute();
  },
};
