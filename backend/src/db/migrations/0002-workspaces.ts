import type { Kysely, Migration } from "kysely";

export const workspacesMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable("workspaces")
      .addColumn("id", "text", (col) => col.primaryKey())
      .addColumn("name", "text", (col) => col.notNull())
      .addColumn("slug", "text", (col) => col.notNull())
      .addColumn("plan", "text", (col) => col.notNull())
      .addColumn("status", "text", (col) => col.notNull().defaultTo("ACTIVE"))
      .addColumn("member_invite_user", "integer", (col) => col.notNull().defaultTo(1))
      .addColumn("legacy_type", "text")
      .addColumn("payment_source", "text")
      .addColumn("is_per_seat", "integer", (col) => col.notNull().defaultTo(1))
      .addColumn("restrictions", "text", (col) => col.notNull().defaultTo("{}"))
      .addColumn("created_at", "integer", (col) => col.notNull())
      .execute();

    await db.schema
      .createTable("workspace_domains")
      .addColumn("workspace_id", "text", (col) => col.notNull().references("workspaces.id").onDelete("cascade"))
      .addColumn("domain_name", "text", (col) => col.notNull())
      .addPrimaryKeyConstraint("workspace_domains_pk", ["workspace_id", "domain_name"])
      .execute();

    await db.schema
      .createTable("workspace_plan_features")
      .addColumn("workspace_id", "text", (col) => col.notNull().references("workspaces.id").onDelete("cascade"))
      .addColumn("user_plan", "text", (col) => col.notNull())
      .addColumn("has_multi_domain", "integer", (col) => col.notNull())
      .addColumn("allowed_user_count", "integer", (col) => col.notNull())
      .addPrimaryKeyConstraint("workspace_plan_features_pk", ["workspace_id", "user_plan"])
      .execute();

    await db.schema
      .createTable("workspace_members")
      .addColumn("workspace_id", "text", (col) => col.notNull().references("workspaces.id").onDelete("cascade"))
      .addColumn("user_id", "text", (col) => col.notNull().references("users.id").onDelete("cascade"))
      .addColumn("role", "text", (col) => col.notNull())
      .addColumn("user_plan", "text", (col) => col.notNull())
      .addColumn("status", "text", (col) => col.notNull())
      .addColumn("seat_type", "text")
      .addColumn("create_timestamp", "integer", (col) => col.notNull())
      .addColumn("last_update_timestamp", "integer", (col) => col.notNull())
      .addColumn("free_trial_end_timestamp", "integer")
      .addPrimaryKeyConstraint("workspace_members_pk", ["workspace_id", "user_id"])
      .execute();
    // The primary key serves "members of a space"; this serves "spaces of a user" and owned-space counts.
    await db.schema
      .createIndex("workspace_members_user")
      .on("workspace_members")
      .columns(["user_id", "role"])
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable("workspace_members").execute();
    await db.schema.dropTable("workspace_plan_features").execute();
    await db.schema.dropTable("workspace_domains").execute();
    await db.schema.dropTable("workspaces").execute();
  },
};
