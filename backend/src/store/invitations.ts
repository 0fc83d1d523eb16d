import { hashToken } from "../auth/tokens";
import type { BackendDb } from "../db/connection";
import type { InvitationStatus, UserPlan } from "../domain/enums";

/** 002 §9 is silent on an invitation's lifetime; a month is what invitees get. */
export const INVITATION_LIFETIME_MS = 30 * 86_400_000;

export interface NewInvitation {
  /** The secret of the invite link; only its hash is stored. */
  token: string;
  workspaceId: string;
  invitedEmail: string;
  /** The plan the invitee joins on; default FREE. */
  userPlan?: UserPlan;
  invitedByUserId: string | null;
  status?: InvitationStatus;
  createdAt: number;
  /** Default: createdAt plus INVITATION_LIFETIME_MS. */
  expiresAt?: number;
}

export async function insertInvitation(db: BackendDb, invitation: NewInvitation): Promise<void> {
  await db
    .insertInto("invitations")
    .values({
      token_hash: hashToken(invitation.token),
      workspace_id: invitation.workspaceId,
      invited_email: invitation.invitedEmail.toLowerCase(),
      invited_by_user_id: invitation.invitedByUserId,
      user_plan: invitation.userPlan ?? "FREE",
      status: invitation.status ?? "PENDING",
      expires_at: invitation.expiresAt ?? invitation.createdAt + INVITATION_LIFETIME_MS,
      created_at: invitation.createdAt,
      accepted_at: null,
    })
    .execute();
}

/** The invitation of an invite link, with its space's name and slug and its inviter's name. */
export function findInvitationByToken(db: BackendDb, token: string) {
  return db
    .selectFrom("invitations as i")
    .innerJoin("workspaces as w", "w.id", "i.workspace_id")
    .leftJoin("users as u", "u.id", "i.invited_by_user_id")
    .select([
      "i.token_hash",
      "i.workspace_id",
      "w.name as workspace_name",
      "w.slug as workspace_slug",
      "u.name as invited_by_name",
      "i.invited_email",
      "i.status",
      "i.expires_at",
      "i.user_plan",
    ])
    .where("i.token_hash", "=", hashToken(token))
    .executeTakeFirst();
}

/** Only a PENDING invitation can be accepted; returns false when it no longer was. */
export async function markInvitationAccepted(db: BackendDb, tokenHash: string, now: number): Promise<boolean> {
  const result = await db
    .updateTable("invitations")
    .set({ status: "ACCEPTED", accepted_at: now })
    .where("token_hash", "=", tokenHash)
    .where("status", "=", "PENDING")
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * The live PENDING invitations to the space (address, the plan it joins on,
 * who sent it), of `emails` only when given.
 */
export function listPendingInvitations(db: BackendDb, workspaceId: string, now: number, emails?: readonly string[]) {
  let query = db
    .selectFrom("invitations")
    .select(["invited_email", "user_plan", "invited_by_user_id"])
    .where("workspace_id", "=", workspaceId)
    .where("status", "=", "PENDING")
    .where("expires_at", ">", now);
  if (emails) query = query.where("invited_email", "in", emails.length > 0 ? [...emails] : [""]);
  return query.execute();
}

/** Cancels the space's PENDING invitations of these addresses (expired ones too). */
export async function cancelInvitations(db: BackendDb, workspaceId: string, emails: readonly string[]) {
  await db
    .updateTable("invitations")
    .set({ status: "CANCELLED" })
    .where("workspace_id", "=", workspaceId)
    .where("status", "=", "PENDING")
    .where("invited_email", "in", [...emails])
    .execute();
}

/** Where an invite link is "sent": the outbox of the reference backend. */
export async function sendInviteLink(
  db: BackendDb,
  mail: { toEmail: string; workspaceId: string; urlPrefix: string; token: string; sentByUserId: string; now: number },
) {
  await db
    .insertInto("outbox_mails")
    .values({
      to_email: mail.toEmail,
      kind: "INVITATION",
      workspace_id: mail.workspaceId,
      link_path: `${mail.urlPrefix}/invitations/${mail.token}/accept`,
      created_at: mail.now,
      sent_by_user_id: mail.sentByUserId,
    })
    .execute();
}

/** The invitation mails sent to these addresses since `since`, from any space. */
export function invitationMailsTo(db: BackendDb, emails: readonly string[], since: number) {
  return db
    .selectFrom("outbox_mails")
    .select(["to_email", "workspace_id", "created_at"])
    .where("kind", "=", "INVITATION")
    .where("to_email", "in", emails.length > 0 ? [...emails] : [""])
    .where("created_at", ">", since)
    .execute();
}

/** When the invitation mails of a space, or made to go out by one person, were sent since `since`. */
export async function invitationMailTimes(
  db: BackendDb,
  by: { workspaceId: string } | { sentByUserId: string },
  since: number,
) {
  let query = db
    .selectFrom("outbox_mails")
    .select("created_at")
    .where("kind", "=", "INVITATION")
    .where("created_at", ">", since);
  query =
    "workspaceId" in by
      ? query.where("workspace_id", "=", by.workspaceId)
      : query.where("sent_by_user_id", "=", by.sentByUserId);
  return (await query.execute()).map((row) => row.created_at);
}
