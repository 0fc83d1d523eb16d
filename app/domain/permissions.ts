import type { MembershipForAccess, Role, SpaceForAccess, UserPlan, WorkspacePlan } from "./account-types";
import { hasRoleAtLeast } from "./roles";

/**
 * What the signed-in user may see and do in one space (000 §6, 001 §6, 002 §6).
 * Loaders check these; the shell uses the same answers to show or hide links,
 * so a hidden link is never the only guard.
 */
export interface SpaceAccess {
  role: Role;
  workspacePlan: WorkspacePlan;
  userPlan: UserPlan;
  isPerSeat: boolean;
  /** Users page, general settings and billing are grouped as "settings". */
  canManageSettings: boolean;
  canAccessGeneralSettings: boolean;
  /** 002 §6: offered unless restricted (TRANSFER_WORKSPACE), on a Free or Legacy plan, or without transferOwnerShip. */
  canTransferOwnership: boolean;
  canAccessUsersPage: boolean;
  canAccessBilling: boolean;
  /** 001 §2: billing needs billing access, but a free space is not redirected away from it. */
  canViewBillingPage: boolean;
  canAccessBounces: boolean;
  canAccessTeamReport: boolean;
  /** "Members" on per-seat spaces, "Users" otherwise. */
  usersLabel: "Members" | "Users";
  /** A free member of a Pro space: identified as MEMBER, workspace plan PRO, user plan FREE. */
  isFreeMemberOfProSpace: boolean;
  showLegacyBanner: boolean;
}

type WorkspaceForAccess = Pick<SpaceForAccess, "workspacePlan" | "legacyType" | "isPerSeat" | "restrictions">;

export function spaceAccess(membership: MembershipForAccess, workspace: WorkspaceForAccess): SpaceAccess {
  const role = membership.userRole;
  const { workspacePlan, restrictions, isPerSeat, legacyType } = workspace;
  const userPlan = membership.userPlan;
  const features = membership.workspaceUserFeature;
  const isLegacy = workspacePlan === "LEGACY";

  // 000 §6: the users page needs a space plan, or a legacy plan with ADMIN or OWNER role,
  // unless USERS_PAGE restricts it; legacy Personal/Professional plans always show it.
  const usersPageByPlan =
    !isLegacy || hasRoleAtLeast(role, "ADMIN") || legacyType === "PERSONAL" || legacyType === "PROFESSIONAL";
  const canAccessUsersPage = !restrictions.USERS_PAGE && usersPageByPlan;

  // 000 §6: in per-seat mode billing is for the OWNER only; otherwise it follows the feature.
  const canAccessBilling = isPerSeat ? role === "OWNER" : features.canAccessWorkspaceBilling;

  return {
    role,
    workspacePlan,
    userPlan,
    isPerSeat,
    canManageSettings: hasRoleAtLeast(role, "ADMIN"),
    canAccessGeneralSettings: role === "OWNER",
    canTransferOwnership:
      role === "OWNER" &&
      !restrictions.TRANSFER_WORKSPACE &&
      workspacePlan !== "FREE" &&
      !isLegacy &&
      features.otherFeatures.transferOwnerShip,
    canAccessUsersPage,
    canAccessBilling,
    canViewBillingPage: canAccessBilling || workspacePlan === "FREE",
    // 000 §6: hidden when restricted, and for the PRO plan unless the user plan is FREE.
    canAccessBounces: !restrictions.SHARED_BOUNCES && !(workspacePlan === "PRO" && userPlan !== "FREE"),
    canAccessTeamReport: features.canAccessTeamReport,
    usersLabel: isPerSeat ? "Members" : "Users",
    isFreeMemberOfProSpace: role === "MEMBER" && workspacePlan === "PRO" && userPlan === "FREE",
    showLegacyBanner: isLegacy && role === "OWNER",
  };
}

/** Where /space sends someone (000 §2): owners to general, others to users unless restricted. */
export function spaceRootTarget(access: SpaceAccess): "general" | "users" | "billing" {
  if (access.canAccessGeneralSettings) return "general";
  return access.canAccessUsersPage ? "users" : "billing";
}

/** Where choosing a space in the switcher lands (000 §2): general settings for owners, else users. */
export function switcherTarget(role: Role): "space/general" | "space/users" {
  return role === "OWNER" ? "space/general" : "space/users";
}

/** 000 §2: "Manage billing" shows only when allowed, and not for support-given, offline or legacy subscriptions. */
export function canManageBillingPortal(
  access: SpaceAccess,
  workspace: Pick<SpaceForAccess, "paymentSource" | "workspacePlan">,
) {
  if (!access.canAccessBilling) return false;
  if (workspace.workspacePlan === "FREE" || workspace.workspacePlan === "LEGACY") return false;
  return workspace.paymentSource !== "SUPPORT" && workspace.paymentSource !== "OFFLINE";
}
