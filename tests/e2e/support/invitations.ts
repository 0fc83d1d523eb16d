import { randomBytes } from "node:crypto";
import { openDatabase } from "../../../backend/src/db/connection";
import { PERSONAS, SPACES, type SpaceKey } from "../../../backend/src/db/seed/personas";
import { insertInvitation, INVITATION_LIFETIME_MS } from "../../../backend/src/store/invitations";
import { e2eEnv } from "./env";

/**
 * A pending invitation to a seeded space, written straight into the running
 * backend's database (WAL lets it), as the Members page will make them: the
 * token of its invite link.
 */
export async function inviteToSpace(space: SpaceKey, email: string): Promise<string> {
  const db = openDatabase(e2eEnv().databasePath);
  try {
    const token = randomBytes(24).toString("base64url");
    const now = Date.now();
    await insertInvitation(db, {
      token,
      workspaceId: SPACES[space].id,
      invitedEmail: email.toLowerCase(),
      invitedByUserId: PERSONAS.salesLead.id,
      status: "PENDING",
      createdAt: now,
      expiresAt: now + INVITATION_LIFETIME_MS,
    });
    return token;
  } finally {
    await db.destroy();
  }
}

/** The invite links the running backend has "sent" to an address (its outbox), oldest first. */
export async function inviteLinksTo(email: string): Promise<string[]> {
  const db = openDatabase(e2eEnv().databasePath);
  try {
    const mails = await db
      .selectFrom("outbox_mails")
      .select("link_path")
      .where("to_email", "=", email.toLowerCase())
      .orderBy("id")
      .execute();
    return mails.map((mail) => mail.link_path);
  } finally {
    await db.destroy();
  }
}

/** Invitation mails to an address from a seeded space, as if sent a minute ago (the mail limits count them). */
export async function recordInvitationMails(space: SpaceKey, email: string, count: number) {
  const db = openDatabase(e2eEnv().databasePath);
  try {
    const sentAt = Date.now() - 60_000;
    for (let index = 0; index < count; index += 1) {
      await db
        .insertInto("outbox_mails")
        .values({
          to_email: email.toLowerCase(),
          kind: "INVITATION",
          workspace_id: SPACES[space].id,
          link_path: `/${SPACES[space].id}/${SPACES[space].slug}/invitations/earlier/accept`,
          created_at: sentAt,
          sent_by_user_id: PERSONAS.salesLead.id,
        })
        .execute();
    }
  } finally {
    await db.destroy();
  }
}
