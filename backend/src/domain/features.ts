import {
  roleAtLeast,
  type LegacyType,
  type RecipientType,
  type MemberStatus,
  type Role,
  type UserPlan,
  type WorkspacePlan,
} from "./enums";

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

/** The two lists of 002 §2 that a space may share: one rule serves both. */
export type RecipientList = "unsubscriptions" | "bounces";

/**
 * What a member may do with the space's WORKSPACE-type entries of a list.
 * Their own USER entries are always theirs to see and delete; other members'
 * USER entries never are.
 */
export interface RecipientRights {
  /** The list is shared with them: they see the space's entries, and what they add becomes one. */
  seesShared: boolean;
  /** They may delete the space's entries (for everyone it is shared with). */
  deletesShared: boolean;
}

/**
 * 000 §6: sharing needs the list's feature and a non-FREE user plan; without
 * it a member has a list of their own only, whatever their role, so nobody
 * edits a list that is not shared with them. 002 §6: with sharing on, a MEMBER
 * cannot delete the space's unsubscriptions (the owner and admins can), while
 * the space's bounces are deletable by every member who shares them.
 */
export function recipientRights(list: RecipientList, role: Role, features: WorkspaceUserFeature): RecipientRights {
  const feature =
    list === "unsubscriptions"
      ? features.otherFeatures.shareUnsubscribesAcrossWorkspace
      : features.otherFeatures.shareBouncesAccrossWorkspace;
  const seesShared = feature && features.userPlan !== "FREE";
  const deletesShared = seesShared && (list === "bounces" || roleAtLeast(role, "ADMIN"));
  return { seesShared, deletesShared };
}

/** Among the entries a member may reach (their own and the space's), those they may delete. */
export function mayDeleteRecipient(rights: RecipientRights, type: RecipientType): boolean {
  return type === "USER" || rights.deletesShared;
}
