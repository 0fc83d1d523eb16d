import type { UserPlan, WorkspacePlan } from "./enums";
import { MAX_PAID_USERS } from "./paid-users";

export interface PlanFeatures {
  hasMultiDomain: boolean;
  /** How many members on this user plan the space may hold. */
  allowedUserCount: number;
}

/**
 * The workspace_plan_features rows a space starts with, per user plan. Spec §9:
 * a Free space holds one member. Paid spaces get room for free members and,
 * for Pro members, several domains; a per-user plan's PRO row allows its
 * paid-user limit (paid-users.ts). Seat counts of per-seat spaces live in
 * billing, not here.
 */
const DEFAULTS: Record<WorkspacePlan, Partial<Record<UserPlan, PlanFeatures>>> = {
  FREE: {
    FREE: { hasMultiDomain: false, allowedUserCount: 1 },
    PRO: { hasMultiDomain: false, allowedUserCount: 1 },
  },
  PRO: {
    FREE: { hasMultiDomain: false, allowedUserCount: 50 },
    PRO: { hasMultiDomain: true, allowedUserCount: MAX_PAID_USERS.PRO },
  },
  PREMIUM: {
    FREE: { hasMultiDomain: false, allowedUserCount: 50 },
    PRO: { hasMultiDomain: true, allowedUserCount: MAX_PAID_USERS.PREMIUM },
  },
  LEGACY: {
    FREE: { hasMultiDomain: false, allowedUserCount: 0 },
    PRO: { hasMultiDomain: false, allowedUserCount: 5 },
  },
};

export function defaultPlanFeatures(plan: WorkspacePlan): Array<{ userPlan: UserPlan } & PlanFeatures> {
  return Object.entries(DEFAULTS[plan]).map(([userPlan, features]) => ({
    userPlan: userPlan as UserPlan,
    ...features,
  }));
}

/** A member whose user plan has no row (e.g. PRO_PERSONAL) gets nothing extra. */
export const NO_PLAN_FEATURES: PlanFeatures = { hasMultiDomain: false, allowedUserCount: 0 };
