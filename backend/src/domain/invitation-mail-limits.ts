/**
 * How many invitation mails may go out (issue 26: 25 resends in a few
 * seconds made 26 mails to one address). Each limit counts the mails of the
 * outbox, so a restart keeps them: an invite and each resend is one mail.
 */

export interface MailLimit {
  /** Mails allowed in any window of `windowMs`. */
  limit: number;
  windowMs: number;
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

export const INVITATION_MAIL_LIMITS = {
  /** To one address from one space: the invitation and one resend every 5 minutes. */
  recipientInSpace: { limit: 2, windowMs: 5 * MINUTE },
  /** To one address from every space together. */
  recipient: { limit: 10, windowMs: DAY },
  /** Sent by one person's invitations and resends, in every space together (two full calls of 100). */
  inviter: { limit: 200, windowMs: HOUR },
  /** Sent by one space, whoever sends them. */
  space: { limit: 500, windowMs: DAY },
} as const satisfies Record<string, MailLimit>;

/**
 * When `adding` more mails fit within `limit`, given the times of the mails
 * already sent: null when they fit now, else the time the oldest ones in the
 * way leave the window.
 */
export function mailsFitAt(sentAt: readonly number[], adding: number, { limit, windowMs }: MailLimit, now: number) {
  const inWindow = sentAt.filter((time) => time > now - windowMs).sort((a, b) => a - b);
  const excess = inWindow.length + adding - limit;
  if (excess <= 0) return null;
  // More than the whole limit at once never fits; a window from now is the honest answer.
  return excess > inWindow.length ? now + windowMs : inWindow[excess - 1]! + windowMs;
}

/** The later of two such times (null: now). */
export const laterOf = (a: number | null, b: number | null) => (a === null ? b : b === null ? a : Math.max(a, b));
