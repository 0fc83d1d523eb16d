import { sql, type Kysely, type Migration } from "kysely";

/**
 * No paid purchase lost (issue 33): when each Checkout Session's outcome was
 * applied (a session paid or expired that is not yet is asked of Stripe
 * again), when Stripe made each event applied, and how far the
 * reconciliation has read Stripe's list of events.
 */
export const settledPurchasesMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable("checkout_sessions").addColumn("settled_at", "integer").execute();
    await db.schema.alterTable("stripe_events").addColumn("created", "integer").execute();
    await db.schema
      .createTable("stripe_event_cursor")
      .addColumn("id", "integer", (col) => col.primaryKey().check(sql`id = 1`))
      .addColumn("read_through", "integer", (col) => col.notNull())
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable("stripe_event_cursor").execute();
    await db.schema.alterTable("stripe_events").dropColumn("created").execute();
    await db.schema.alterTable("checkout_sessions").dropColumn("settled_at").execute();
  },
};
