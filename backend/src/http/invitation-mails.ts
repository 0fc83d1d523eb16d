import type { BackendDb } from "../db/connection";
import { INVITATION_MAIL_LIMITS, laterOf, mailsFitAt } from "../domain/invitation-mail-limits";
import { invitationMailsTo, invitationMailTimes } from "../store/invitations";
import { TooManyRequests } from "./rate-limit";

/*
 * The invitation mail limits (domain/invitation-mail-limits.ts) over the
 * outbox: which addresses may get no more invitation mails for now, and
 * whether a sender and a space may send some more.
 */

/**
 * The addresses among `emails` that have had as many invitation mails as
 * they may for now, from this space or from all (INVITATION_MAIL_LIMITS),
 * each with the time one more may go.
 */
export async function recipientsOverMailLimit(
  db: BackendDb,
  workspaceId: string,
  emails: readonly string[],
  now: number,
): Promise<Map<string, number>> {
  const { recipient, recipientInSpace } = INVITATION_MAIL_LIMITS;
  const mails = await invitationMailsTo(db, emails, now - Math.max(recipient.windowMs, recipientInSpace.windowMs));
  const over = new Map<string, number>();
  for (const email of emails) {
    const toEmail = mails.filter((mail) => mail.to_email === email);
    const fromSpace = toEmail.filter((mail) => mail.workspace_id === workspaceId);
    const sentAt = (list: typeof mails) => list.map((mail) => mail.created_at);
    const fitsAt = laterOf(
      mailsFitAt(sentAt(toEmail), 1, recipient, now),
      mailsFitAt(sentAt(fromSpace), 1, recipientInSpace, now),
    );
    if (fitsAt !== null) over.set(email, fitsAt);
  }
  return over;
}

/** 429 with the seconds to wait, as the HTTP layer answers a limit reached at `fitsAt`. */
export function mailLimitReached(fitsAt: number, now: number, reason: string) {
  return new TooManyRequests(Math.max(1, Math.ceil((fitsAt - now) / 1000)), reason);
}

/**
 * 429 `sending_limit_reached` unless `count` more invitation mails fit the
 * sender's limit and the space's (INVITATION_MAIL_LIMITS); nothing is sent then.
 */
export async function requireSendingRoom(
  db: BackendDb,
  workspaceId: string,
  senderId: string,
  count: number,
  now: number,
) {
  if (count === 0) return;
  const { inviter, space } = INVITATION_MAIL_LIMITS;
  const [bySender, bySpace] = await Promise.all([
    invitationMailTimes(db, { sentByUserId: senderId }, now - inviter.windowMs),
    invitationMailTimes(db, { workspaceId }, now - space.windowMs),
  ]);
  const fitsAt = laterOf(mailsFitAt(bySender, count, inviter, now), mailsFitAt(bySpace, count, space, now));
  if (fitsAt !== null) throw mailLimitReached(fitsAt, now, "sending_limit_reached");
}
