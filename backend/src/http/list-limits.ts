/**
 * `limit` of the mail merge, recipient and team report lists: 25 by default,
 * up to 30,000 (the CSV export's maximum, 002 §9).
 */
export const LIST_LIMITS = { defaultLimit: 25, maxLimit: 30_000 } as const;
