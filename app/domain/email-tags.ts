/**
 * The e-mail tags of the unsubscription and bounce forms (002 §5, 000 §5):
 * addresses typed into one box, separated by commas, spaces or new lines.
 * Pure and free of zod, so the browser shows the same tags live as the
 * server will judge them on submit.
 */

/** 000 §5: a standard address pattern (the one zod's `email()` uses, which the backend checks with too). */
const EMAIL_PATTERN = /^(?!\.)(?!.*\.\.)([A-Z0-9_'+\-.]*)[A-Z0-9_+-]@([A-Z0-9][A-Z0-9-]*\.)+[A-Z]{2,}$/i;
/** RFC 5321: the longest address a mail server accepts. */
const MAX_EMAIL_LENGTH = 254;
/** The most addresses one submission may carry (the backend takes 1 to 500). */
export const MAX_EMAIL_TAGS = 500;
/** The most characters the box takes: 500 long addresses and their separators. */
export const MAX_EMAIL_INPUT_LENGTH = MAX_EMAIL_TAGS * (MAX_EMAIL_LENGTH + 2);
/** 002 §9: the input shows at most 6 rows. */
export const EMAIL_INPUT_MAX_ROWS = 6;

export interface EmailTag {
  /** Trimmed and lowercased. */
  email: string;
  invalid: boolean;
}

export function isValidEmail(email: string) {
  return email.length <= MAX_EMAIL_LENGTH && EMAIL_PATTERN.test(email);
}

/** The tags in typed text: split on commas and white space, lowercased, each address once, in typed order. */
export function parseEmailTags(text: string): EmailTag[] {
  const seen = new Set<string>();
  const tags: EmailTag[] = [];
  for (const part of text.split(/[\s,]+/)) {
    const email = part.trim().toLowerCase();
    if (!email || seen.has(email)) continue;
    seen.add(email);
    tags.push({ email, invalid: !isValidEmail(email) });
  }
  return tags;
}

export interface EmailTagSummary {
  tags: EmailTag[];
  valid: string[];
  invalid: string[];
  /** More addresses than one submission may carry. */
  tooMany: boolean;
}

/** What a submission would send (only the valid tags, 002 §5) and what it would flag. */
export function summariseEmailTags(text: string): EmailTagSummary {
  const tags = parseEmailTags(text);
  const valid = tags.filter((tag) => !tag.invalid).map((tag) => tag.email);
  const invalid = tags.filter((tag) => tag.invalid).map((tag) => tag.email);
  return { tags, valid, invalid, tooMany: valid.length > MAX_EMAIL_TAGS };
}

/** The textarea's height: one row per line typed, at most 6 (002 §9), at least 2. */
export function emailInputRows(text: string) {
  const lines = text.split("\n").length;
  return Math.min(EMAIL_INPUT_MAX_ROWS, Math.max(2, lines));
}
