/** Rollout restrictions of a space (spec §6). `true` means the feature is restricted. */
export const RESTRICTION_KEYS = [
  "USERS_PAGE",
  "TRANSFER_WORKSPACE",
  "PREMIUM_PLAN",
  "INVITATION",
  "SHARED_UNSUBS",
  "SHARED_BOUNCES",
  "MULTIPLE_PAYMENT",
  "MONTHLY_BILLING",
  "WORKSPACE_DASHBOARD",
] as const;
export type RestrictionKey = (typeof RESTRICTION_KEYS)[number];
export type Restrictions = Record<RestrictionKey, boolean>;

export function unrestricted(): Restrictions {
  return Object.fromEntries(RESTRICTION_KEYS.map((key) => [key, false])) as Restrictions;
}

/**
 * Reads the stored JSON leniently: a key missing from an older row means "not
 * restricted", and unknown keys are dropped so the response shape stays fixed.
 */
export function parseRestrictions(json: string): Restrictions {
  const stored: unknown = JSON.parse(json);
  const restrictions = unrestricted();
  if (stored && typeof stored === "object") {
    for (const key of RESTRICTION_KEYS) {
      restrictions[key] = (stored as Record<string, unknown>)[key] === true;
    }
  }
  return restrictions;
}
