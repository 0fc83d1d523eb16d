import type { BackendDb } from "../../../backend/src/db/connection";

/**
 * Invitation mails in the backend's outbox as earlier sending would have
 * left them, a minute ago (the invitation mail limits count them).
 */
export async function recordInvitationMails(
  db: BackendDb,
  count: number,
  mail: { to: (index: number) => string; workspaceId: string; sentBy: string },
) {
  const sentAt = Date.now() - 60_000;
  await db
    .insertInto("outbox_mails")
    .values(
      Array.from({ length: count }, (_, index) => ({
        to_email: mail.to(index),
        kind: "INVITATION" as const,
        workspace_id: mail.workspaceId,
        link_path: "/x/y/invitations/earlier/accept",
        created_at: sentAt,
        sent_by_user_id: mail.sentBy,
      })),
    )
    .execute();
}
