import { roleAtLeast, type LegacyType, type MemberStatus, type Role, type UserPlan, type WorkspacePlan } from "./enums";

export interface FeatureInputs {
  workspacePlan: WorkspacePlan;
  legacyType: LegacyType | null;
  userPlan: UserPlan;
  role: Role;
  memberStatus: MemberStatus;
  /** Newer "seats in spaces" mode, where only the owner manages billing. */
  isPerSeat: boolean;
  /** From the space's workspace_plan_features row for the member's user plan. */
  planFeatures: { hasMultiDomain: boolean; allowedUserCount: number };
}

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

/** Legacy team-style licences kept the team dashboard when spaces were introduced. */
const LEGACY_TYPES_WITH_TEAM_DASHBOARD: ReadonlySet<LegacyType> = new Set(["TEAM", "UNLIMITED"]);

function planHasTeamDashboard(plan: WorkspacePlan, legacyType: LegacyType | null): boolean {
  if (plan === "PRO" || plan === "PREMIUM") return true;
  return plan === "LEGACY" && legacyType !== null && LEGACY_TYPES_WITH_TEAM_DASHBOARD.has(legacyType);
}

/**
 * The feature flags the backend sends per membership (`workspaceUserFeature`).
 * The app reads these instead of re-deriving them, so this is the one place the
 * plan/role matrix lives on the backend side.
 */
export function deriveWorkspaceUserFeature(input: FeatureInputs): WorkspaceUserFeature {
  const paidSpace = input.workspacePlan !== "FREE";
  const teamAnalyticsDashboard =
    planHasTeamDashboard(input.workspacePlan, input.legacyType) && roleAtLeast(input.role, "ADMIN");

  return {
    hasMultiDomain: input.planFeatures.hasMultiDomain,
    allowedUserCount: input.planFeatures.allowedUserCount,
    workspacePlan: input.workspacePlan,
    userPlan: input.userPlan,
    otherFeatures: {
      teamAnalyticsDashboard,
      manageUserRoles: paidSpace,
      transferOwnerShip: input.workspacePlan === "PRO" || input.workspacePlan === "PREMIUM",
      shareUnsubscribesAcrossWorkspace: paidSpace,
      shareBouncesAccrossWorkspace: paidSpace,
    },
    canAccessTeamReport: teamAnalyticsDashboard,
    canAccessWorkspace: input.memberStatus !== "DISABLED",
    canAccessWorkspaceBilling: input.isPerSeat ? input.role === "OWNER" : roleAtLeast(input.role, "ADMIN"),
  };
}
