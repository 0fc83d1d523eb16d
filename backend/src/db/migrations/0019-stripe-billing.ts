import { sql, type Kysely, type Migration } from "kysely";

/**
 * Billing through Stripe (001 §3, §7): what the webhooks learn of each
 * subscription (its customer, period start, schedule, tax, coupon, latest
 * invoice) and each seat plan's price; the Stripe schedule behind a seat
 * removal; the space's Stripe customer with its billing facts and tax rate;
 * and the Stripe events already processed, each once.
 */
export const stripeBillingMigration: Migration = {
  async up(db: Kysely<unknown>) {
    // Null until Stripe tells: no schedule, no coupon, no invoice yet (or not a Stripe subscription).
    const subscriptionColumns: Array<[string, "text" | "integer"]> = [
      ["stripe_customer_id", "text"],
      ["stripe_subscription_schedule_id", "text"],
      ["scheduled_billing_interval", "text"],
      ["coupon_id", "text"],
      ["latest_invoice_id", "text"],
      ["latest_invoice_created_at", "integer"],
      ["latest_invoice_paid", "integer"],
      ["latest_invoice_url", "text"],
      ["latest_invoice_payment_status", "text"],
    ];
    for (const [name, type] of subscriptionColumns) {
      await db.schema.alterTable("subscriptions").addColumn(name, type).execute();
    }
    await db.schema
      .alterTable("subscriptions")
      .addColumn("tax_rate", "real", (col) => col.notNull().defaultTo(0))
      .execute();
    await db.schema
      .alterTable("subscriptions")
      .addColumn("start_timestamp", "integer", (col) => col.notNull().defaultTo(0))
      .execute();
    await sql`update subscriptions set start_timestamp = created_at`.execute(db);

    await db.schema
      .alterTable("subscription_seat_plans")
      .addColumn("unit_amount", "integer", (col) => col.notNull().defaultTo(0))
      .execute();

    await db.schema
      .alterTable("scheduled_seat_removals")
      .addColumn("stripe_subscription_schedule_id", "text")
      .execute();
    await db.schema
      .alterTable("scheduled_seat_removals")
      .addColumn("updated_at", "integer", (col) => col.notNull().defaultTo(0))
      .execute();
    await sql`update scheduled_seat_removals set updated_at = created_at`.execute(db);

    await db.schema
      .createTable("billing_customers")
      .addColumn("workspace_id", "text", (col) => col.primaryKey().references("workspaces.id").onDelete("cascade"))
      .addColumn("stripe_customer_id", "text", (col) => col.notNull().unique())
      .addColumn("country", "text", (col) => col.notNull())
      .addColumn("company_name", "text")
      .addColumn("vat_number", "text")
      .addColumn("tax_rate_id", "text")
      .addColumn("tax_rate_country", "text")
      .addColumn("created_at", "integer", (col) => col.notNull())
      .execute();

    await db.schema
      .createTable("stripe_events")
      .addColumn("id", "text", (col) => col.primaryKey())
      .addColumn("type", "text", (col) => col.notNull())
      .addColumn("processed_at", "integer", (col) => col.notNull())
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable("stripe_events").execute();
    await db.schema.dropTable("billing_customers").execute();
    for (const column of ["updated_at", "stripe_subscription_schedule_id"]) {
      await db.schema.alterTable("scheduled_seat_removals").dropColumn(column).execute();
    }
    await db.schema.alterTable("subscription_seat_plans").dropColumn("unit_amount").execute();
    for (const column of [
      "start_timestamp",
      "tax_rate",
      "latest_invoice_payment_status",
      "latest_invoice_url",
      "latest_invoice_paid",
      "latest_invoice_created_at",
      "latest_invoice_id",
      "coupon_id",
      "scheduled_billing_interval",
      "stripe_subscription_schedule_id",
      "stripe_customer_id",
    ]) {
      await db.schema.alterTable("subscriptions").dropColumn(column).execute();
    }
  },
};
