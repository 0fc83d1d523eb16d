import { sql, type Kysely, type Migration } from "kysely";

/**
 * Members list and invitations (002 §3, §4, §7): the member's last move to a paid
 * plan, a seat type on every membership, and the invitations table.
 */
export const membersAndInvitationsMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable("workspace_members").addColumn("last_become_paid_timestamp", "integer").execute();
    // Rows made before this migration: paid members became paid when they joined, and everyone has joined.
    await sql`update workspace_members set last_become_paid_timestamp = create_timestamp where user_plan != 'FREE'`.execute(
      db,
    );
    await sql`update workspace_members
      set seat_type = case when status = 'PENDING' then 'PENDING_YAMM_USER' else 'ADDED_YAMM_USER' end
      where seat_type is null`.execute(db);

    await db.schema
      .createTable("invitations")
      .addColumn("token_hash", "text", (col) => col.primaryKey())
      .addColumn("workspace_id", "text", (col) => col.notNull().references("workspaces.id").onDelete("cascade"))
      .addColumn("invited_email", "text", (col) => col.notNull())
      .addColumn("invited_by_user_id", "text", (col) => col.references("users.id").onDelete("set null"))
      .addColumn("status", "text", (col) => col.notNull().defaultTo("PENDING"))
      .addColumn("expires_at", "integer", (col) => col.notNull())
      .addColumn("created_at", "integer", (col) => col.notNull())
      .addColumn("accepted_at", "integer")
      .execute();
    // Resending or cancelling the invitations of a space names them by e-mail.
    await db.schema
      .createIndex("invitations_workspace_email")
      .on("invitations")
      .columns(["workspace_id", "invited_email"])
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable("invitations").execute();
    await db.schema.alterTable("workspace_members").dropColumn("last_become_paid_timestamp").execute();
  },
};
