import type { Kysely, Migration } from "kysely";

/** The template gallery and the drafts users made from it (002 §3, §7 Templates). */
export const templatesMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable("templates")
      .addColumn("id", "text", (col) => col.primaryKey())
      .addColumn("subject", "text", (col) => col.notNull())
      .addColumn("thumbnail", "text", (col) => col.notNull())
      .addColumn("preview", "text", (col) => col.notNull())
      .addColumn("sort_order", "integer", (col) => col.notNull())
      .execute();
    await db.schema.createIndex("templates_sort_order").on("templates").column("sort_order").execute();

    await db.schema
      .createTable("template_drafts")
      .addColumn("user_id", "text", (col) => col.notNull().references("users.id").onDelete("cascade"))
      .addColumn("template_id", "text", (col) => col.notNull().references("templates.id").onDelete("cascade"))
      .addColumn("message_id", "text", (col) => col.notNull())
      .addColumn("created_at", "integer", (col) => col.notNull())
      .addPrimaryKeyConstraint("template_drafts_pk", ["user_id", "template_id"])
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable("template_drafts").execute();
    await db.schema.dropTable("templates").execute();
  },
};
