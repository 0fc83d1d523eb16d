/**
 * The kinds of user, space and membership of the backend contract (000 §4),
 * as the domain knows them. The api layer validates answers against these
 * same lists, so a value the domain does not know never reaches it.
 */
export const ROLES = ["MEMBER", "ADMIN", "OWNER"] as const;
export const WORKSPACE_PLANS = ["FREE", "PRO", "PREMIUM", "LEGACY", "OFFLINE"] as const;
export const USER_PLANS = ["FREE", "PRO", "PRO_PERSONAL"] as const;
export const LEGACY_TYPES = ["PERSONAL", "PROFESSIONAL", "TEAM", "UNLIMITED"] as const;
export const MEMBER_STATUSES = ["ACTIVE", "ACCEPTED", "PENDING", "DISABLED", "FREE_TRIAL", "LEGACY"] as const;
/** 000 §3: what a space's plan keeps from its members. */
export const RESTRICTIONS = [
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

export type Role = (typeof ROLES)[number];
export type WorkspacePlan = (typeof WORKSPACE_PLANS)[number];
export type UserPlan = (typeof USER_PLANS)[number];
export type LegacyType = (typeof LEGACY_TYPES)[number];
export type MemberStatus = (typeof MEMBER_STATUSES)[number];
export type Restriction = (typeof RESTRICTIONS)[number];

/** 000 §3 Workspace user feature: what one member's plan in one space allows. */
export interface WorkspaceUserFeature {
  hasMultiDomain: boolean;
  allowedUserCount: number;
  workspacePlan: WorkspacePlan;
  userPlan: UserPlan;
  otherFeatures: {
    teamAnalyticsDashboard: boolean;
    manageUserRoles: boolean;
    transferOwnerShip: boolean;
    shareUnsubscribesAcrossWorkspace: boolean;
    shareBouncesAccrossWorkspace: boolean;
  };
  canAccessTeamReport: boolean;
  canAccessWorkspace: boolean;
  canAccessWorkspaceBilling: boolean;
}

/** The parts of a space the access rules read. */
export interface SpaceForAccess {
  workspacePlan: WorkspacePlan;
  legacyType: LegacyType | null;
  isPerSeat: boolean;
  restrictions: Record<Restriction, boolean>;
  paymentSource: string | null;
}

/** The parts of a membership the access rules read. */
export interface MembershipForAccess {
  userRole: Role;
  userPlan: UserPlan;
  workspaceUserFeature: WorkspaceUserFeature;
}
