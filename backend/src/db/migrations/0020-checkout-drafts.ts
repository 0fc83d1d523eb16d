import type { Kysely, Migration } from "kysely";

/**
 * What a person typed in the checkout steps of a space (seat count, billing
 * information), kept on the server so that Back, a reload or a refused
 * submission lose nothing (ARCHITECTURE "Billing and Stripe").
 */
export const checkoutDraftsMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable("checkout_drafts")
      .addColumn("user_id", "text", (col) => col.notNull().references("users.id").onDelete("cascade"))
      .addColumn("workspace_id", "text", (col) => col.notNull().references("workspaces.id").onDelete("cascade"))
      .addColumn("draft", "text", (col) => col.notNull())
      .addColumn("updated_at", "integer", (col) => col.notNull())
      .addPrimaryKeyConstraint("checkout_drafts_pk", ["user_id", "workspace_id"])
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable("checkout_drafts").execute();
  },
};
