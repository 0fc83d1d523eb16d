import { describe, expect, it } from "vitest";
import type { Restriction } from "./account-types";
import { canManageBillingPortal, spaceAccess, spaceRootTarget, switcherTarget } from "./permissions";

const noRestrictions = {
  USERS_PAGE: false,
  TRANSFER_WORKSPACE: false,
  PREMIUM_PLAN: false,
  INVITATION: false,
  SHARED_UNSUBS: false,
  SHARED_BOUNCES: false,
  MULTIPLE_PAYMENT: false,
  MONTHLY_BILLING: false,
  WORKSPACE_DASHBOARD: false,
} satisfies Record<Restriction, boolean>;

type Options = {
  role?: "OWNER" | "ADMIN" | "MEMBER";
  userPlan?: "FREE" | "PRO" | "PRO_PERSONAL";
  workspacePlan?: "FREE" | "PRO" | "PREMIUM" | "LEGACY";
  legacyType?: "PERSONAL" | "PROFESSIONAL" | "TEAM" | "UNLIMITED" | null;
  isPerSeat?: boolean;
  restrictions?: Partial<Record<Restriction, boolean>>;
  billingFeature?: boolean;
  teamReport?: boolean;
};

function access({
  role = "OWNER",
  userPlan = "PRO",
  workspacePlan = "PRO",
  legacyType = null,
  isPerSeat = false,
  restrictions = {},
  billingFeature = true,
  teamReport = false,
}: Options = {}) {
  const features = {
    hasMultiDomain: false,
    allowedUserCount: 10,
    workspacePlan,
    userPlan,
    otherFeatures: {
      teamAnalyticsDashboard: teamReport,
      manageUserRoles: true,
      transferOwnerShip: true,
      shareUnsubscribesAcrossWorkspace: true,
      shareBouncesAccrossWorkspace: true,
    },
    canAccessTeamReport: teamReport,
    canAccessWorkspace: true,
    canAccessWorkspaceBilling: billingFeature,
  };
  return spaceAccess(
    { userRole: role, userPlan, workspaceUserFeature: features },
    { workspacePlan, legacyType, isPerSeat, restrictions: { ...noRestrictions, ...restrictions } },
  );
}

describe("space access", () => {
  it("gives billing to the owner only in per-seat mode", () => {
    expect(access({ role: "OWNER", isPerSeat: true }).canAccessBilling).toBe(true);
    expect(access({ role: "ADMIN", isPerSeat: true, billingFeature: true }).canAccessBilling).toBe(false);
  });

  it("follows canAccessWorkspaceBilling in per-user mode", () => {
    expect(access({ role: "ADMIN", billingFeature: true }).canAccessBilling).toBe(true);
    expect(access({ role: "MEMBER", billingFeature: false }).canAccessBilling).toBe(false);
  });

  it("keeps the billing page open on a free space", () => {
    expect(access({ role: "MEMBER", workspacePlan: "FREE", billingFeature: false }).canViewBillingPage).toBe(true);
    expect(access({ role: "MEMBER", workspacePlan: "PRO", billingFeature: false }).canViewBillingPage).toBe(false);
  });

  it("keeps general settings for the owner and settings for admins and up", () => {
    expect(access({ role: "OWNER" }).canAccessGeneralSettings).toBe(true);
    expect(access({ role: "ADMIN" }).canAccessGeneralSettings).toBe(false);
    expect(access({ role: "ADMIN" }).canManageSettings).toBe(true);
    expect(access({ role: "MEMBER" }).canManageSettings).toBe(false);
  });

  it("labels the users page Members on per-seat spaces, Users otherwise", () => {
    expect(access({ isPerSeat: true }).usersLabel).toBe("Members");
    expect(access({ isPerSeat: false }).usersLabel).toBe("Users");
  });

  it("hides the users page when restricted, and on legacy plans from members", () => {
    expect(access({ restrictions: { USERS_PAGE: true } }).canAccessUsersPage).toBe(false);
    expect(access({ workspacePlan: "LEGACY", legacyType: "TEAM", role: "MEMBER" }).canAccessUsersPage).toBe(false);
    expect(access({ workspacePlan: "LEGACY", legacyType: "TEAM", role: "ADMIN" }).canAccessUsersPage).toBe(true);
    expect(access({ workspacePlan: "LEGACY", legacyType: "PERSONAL", role: "MEMBER" }).canAccessUsersPage).toBe(true);
    expect(access({ role: "MEMBER" }).canAccessUsersPage).toBe(true);
  });

  it("hides bounces when restricted, and on PRO unless the user plan is FREE", () => {
    expect(access({ workspacePlan: "PRO", userPlan: "PRO" }).canAccessBounces).toBe(false);
    expect(access({ workspacePlan: "PRO", userPlan: "FREE" }).canAccessBounces).toBe(true);
    expect(access({ workspacePlan: "PREMIUM", userPlan: "PRO" }).canAccessBounces).toBe(true);
    expect(
      access({ workspacePlan: "FREE", userPlan: "FREE", restrictions: { SHARED_BOUNCES: true } }).canAccessBounces,
    ).toBe(false);
  });

  it("follows canAccessTeamReport for the team report", () => {
    expect(access({ teamReport: true }).canAccessTeamReport).toBe(true);
    expect(access({ teamReport: false }).canAccessTeamReport).toBe(false);
  });

  it("identifies a free member of a Pro space", () => {
    expect(access({ role: "MEMBER", workspacePlan: "PRO", userPlan: "FREE" }).isFreeMemberOfProSpace).toBe(true);
    expect(access({ role: "ADMIN", workspacePlan: "PRO", userPlan: "FREE" }).isFreeMemberOfProSpace).toBe(false);
  });

  it("shows the legacy banner to the owner of a legacy space only", () => {
    expect(access({ role: "OWNER", workspacePlan: "LEGACY" }).showLegacyBanner).toBe(true);
    expect(access({ role: "ADMIN", workspacePlan: "LEGACY" }).showLegacyBanner).toBe(false);
    expect(access({ role: "OWNER", workspacePlan: "PRO" }).showLegacyBanner).toBe(false);
  });
});

describe("space navigation rules", () => {
  it("sends /space to general for owners, else users, else billing", () => {
    expect(spaceRootTarget(access({ role: "OWNER" }))).toBe("general");
    expect(spaceRootTarget(access({ role: "MEMBER" }))).toBe("users");
    expect(spaceRootTarget(access({ role: "MEMBER", restrictions: { USERS_PAGE: true } }))).toBe("billing");
  });

  it("sends the switcher to general for owners, users for others", () => {
    expect(switcherTarget("OWNER")).toBe("space/general");
    expect(switcherTarget("ADMIN")).toBe("space/users");
  });
});

describe("Manage billing", () => {
  it("shows for paid spaces with billing access, not for support, offline or legacy ones", () => {
    const owner = access({ role: "OWNER", isPerSeat: true });
    expect(canManageBillingPortal(owner, { workspacePlan: "PRO", paymentSource: "STRIPE" })).toBe(true);
    expect(canManageBillingPortal(owner, { workspacePlan: "PRO", paymentSource: "SUPPORT" })).toBe(false);
    expect(canManageBillingPortal(owner, { workspacePlan: "PRO", paymentSource: "OFFLINE" })).toBe(false);
    expect(canManageBillingPortal(owner, { workspacePlan: "LEGACY", paymentSource: "PAYPAL" })).toBe(false);
    expect(canManageBillingPortal(owner, { workspacePlan: "FREE", paymentSource: null })).toBe(false);
    expect(
      canManageBillingPortal(access({ role: "MEMBER", billingFeature: false }), {
        workspacePlan: "PRO",
        paymentSource: "STRIPE",
      }),
    ).toBe(false);
  });
});
