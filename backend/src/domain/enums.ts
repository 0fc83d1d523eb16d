/**
 * The closed vocabularies of the spec (§4). Kept as string unions because they
 * travel unchanged through SQLite columns and JSON bodies.
 */

export const WORKSPACE_PLANS = ["FREE", "PRO", "PREMIUM", "LEGACY"] as const;
export type WorkspacePlan = (typeof WORKSPACE_PLANS)[number];

export const USER_PLANS = ["FREE", "PRO", "PRO_PERSONAL"] as const;
export type UserPlan = (typeof USER_PLANS)[number];

export const ROLES = ["MEMBER", "ADMIN", "OWNER"] as const;
export type Role = (typeof ROLES)[number];

/** The member's status inside one space (not the space's own status). */
export const MEMBER_STATUSES = ["ACTIVE", "PENDING", "DISABLED", "FREE_TRIAL"] as const;
export type MemberStatus = (typeof MEMBER_STATUSES)[number];

/**
 * 002 §3: a member who joined holds an ADDED_YAMM_USER seat; one invited and not
 * yet joined a PENDING_YAMM_USER seat.
 */
export const SEAT_TYPES = ["ADDED_YAMM_USER", "PENDING_YAMM_USER"] as const;
export type SeatType = (typeof SEAT_TYPES)[number];

/** 002 §4: an invitation is pending until accepted, cancelled or past its expiry. */
export const INVITATION_STATUSES = ["PENDING", "ACCEPTED", "CANCELLED", "EXPIRED"] as const;
export type InvitationStatus = (typeof INVITATION_STATUSES)[number];

export const WORKSPACE_STATUSES = ["ACTIVE", "DISABLED"] as const;
export type WorkspaceStatus = (typeof WORKSPACE_STATUSES)[number];

export const LEGACY_TYPES = ["TEAM", "UNLIMITED", "PROFESSIONAL", "PERSONAL"] as const;
export type LegacyType = (typeof LEGACY_TYPES)[number];

export const PAYMENT_SOURCES = ["STRIPE", "PAYPAL", "SUPPORT", "OFFLINE"] as const;
export type PaymentSource = (typeof PAYMENT_SOURCES)[number];

/** 001 §3 legalEntity: who sold a subscription; the Belgian entity sold some legacy licences. */
export const LEGAL_ENTITIES = ["US", "BE"] as const;
export type LegalEntity = (typeof LEGAL_ENTITIES)[number];

/** 001 §3: a subscription renews every month or every year. */
export const BILLING_INTERVALS = ["MONTHLY", "YEARLY"] as const;
export type BillingInterval = (typeof BILLING_INTERVALS)[number];

/** 001 §9: the currencies prices exist in (Stripe writes them in lower case). */
export const CURRENCIES = ["USD", "EUR", "INR"] as const;
export type Currency = (typeof CURRENCIES)[number];

/** Spec §4: MEMBER (1) < ADMIN (2) < OWNER (3). */
const ROLE_RANK: Record<Role, number> = { MEMBER: 1, ADMIN: 2, OWNER: 3 };

export const roleRank = (role: Role): number => ROLE_RANK[role];

export function roleAtLeast(role: Role, minimum: Role): boolean {
  return ROLE_RANK[role] >= ROLE_RANK[minimum];
}

/**
 * 002 §4: a scheduled mail merge is IN PROGRESS (with no next run when out of
 * quota) or stopped by one of these errors.
 */
export const SCHEDULED_ERROR_STATUSES = [
  "TOO COMPLEX REGEXP",
  "SPREADSHEET DELETED",
  "INVALID DRAFT",
  "UNKNOWN ERROR",
  "DRAFT NOT FOUND",
  "NAMED RANGE DELETED",
  "USER PROPERTY NOT FOUND",
  "SHEET DELETED",
] as const;
export const SCHEDULED_STATUSES = ["IN PROGRESS", ...SCHEDULED_ERROR_STATUSES] as const;
export type ScheduledStatus = (typeof SCHEDULED_STATUSES)[number];

/**
 * 002 §3: an unsubscription or bounce is the space's (WORKSPACE, shared with its
 * members) or one user's own (USER).
 */
export const RECIPIENT_TYPES = ["WORKSPACE", "USER"] as const;
export type RecipientType = (typeof RECIPIENT_TYPES)[number];
