import type { Kysely, Migration } from "kysely";

export const promotionsMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable("promotions")
      .addColumn("id", "integer", (col) => col.primaryKey().autoIncrement())
      .addColumn("project", "text", (col) => col.notNull())
      .addColumn("placement", "text", (col) => col.notNull())
      .addColumn("position", "integer", (col) => col.notNull().defaultTo(0))
      .addColumn("name", "text")
      .addColumn("description", "text")
      .addColumn("image", "text")
      .addColumn("type", "text")
      .addColumn("url", "text")
      .addColumn("product_id", "text")
      .execute();
    await db.schema
      .createIndex("promotions_placement")
      .on("promotions")
      .columns(["project", "placement", "position"])
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable("promotions").execute();
  },
};
