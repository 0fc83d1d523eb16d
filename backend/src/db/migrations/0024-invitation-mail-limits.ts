import type { Kysely, Migration } from "kysely";

/**
 * Who made each invitation mail go out (the inviter, or whoever resent it),
 * and the indexes the invitation mail limits count with (issue 26;
 * domain/invitation-mail-limits.ts). Null on mails sent before it.
 */
export const invitationMailLimitsMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable("outbox_mails").addColumn("sent_by_user_id", "text").execute();
    await db.schema.createIndex("outbox_mails_to_at").on("outbox_mails").columns(["to_email", "created_at"]).execute();
    await db.schema
      .createIndex("outbox_mails_space_at")
      .on("outbox_mails")
      .columns(["workspace_id", "created_at"])
      .execute();
    await db.schema
      .createIndex("outbox_mails_sender_at")
      .on("outbox_mails")
      .columns(["sent_by_user_id", "created_at"])
      .execute();
  },
  async down(db: Kysely<unknown>) {
    for (const index of ["outbox_mails_sender_at", "outbox_mails_space_at", "outbox_mails_to_at"]) {
      await db.schema.dropIndex(index).execute();
    }
    await db.schema.alterTable("outbox_mails").dropColumn("sent_by_user_id").execute();
  },
};
