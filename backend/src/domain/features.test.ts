import { describe, expect, it } from "vitest";
import type { LegacyType, MemberStatus, Role, UserPlan, WorkspacePlan } from "./enums";
import {
  deriveWorkspaceUserFeature,
  mayDeleteRecipient,
  recipientRights,
  type FeatureInputs,
  type RecipientList,
} from "./features";

function features(overrides: Partial<FeatureInputs>) {
  return deriveWorkspaceUserFeature({
    workspacePlan: "PRO",
    legacyType: null,
    userPlan: "PRO",
    role: "MEMBER",
    memberStatus: "ACTIVE",
    isPerSeat: true,
    planFeatures: { hasMultiDomain: true, allowedUserCount: 10 },
    ...overrides,
  });
}

describe("deriveWorkspaceUserFeature", () => {
  it.each<[WorkspacePlan, LegacyType | null, Role, boolean]>([
    ["PRO", null, "ADMIN", true],
    ["PRO", null, "OWNER", true],
    ["PRO", null, "MEMBER", false],
    ["PREMIUM", null, "ADMIN", true],
    ["FREE", null, "OWNER", false],
    ["LEGACY", "TEAM", "ADMIN", true],
    ["LEGACY", "UNLIMITED", "OWNER", true],
    ["LEGACY", "PROFESSIONAL", "OWNER", false],
    ["LEGACY", "PERSONAL", "OWNER", false],
    ["LEGACY", null, "OWNER", false],
  ])("team dashboard for a %s (%s) space and a %s: %s", (workspacePlan, legacyType, role, expected) => {
    const result = features({ workspacePlan, legacyType, role });
    expect(result.otherFeatures.teamAnalyticsDashboard).toBe(expected);
    expect(result.canAccessTeamReport).toBe(expected);
  });

  it.each<[WorkspacePlan, boolean, boolean]>([
    ["FREE", false, false],
    ["PRO", true, true],
    ["PREMIUM", true, true],
    ["LEGACY", true, false],
  ])("on a %s space: manage roles and sharing %s, transfer ownership %s", (workspacePlan, paidFeatures, transfer) => {
    const { otherFeatures } = features({ workspacePlan, legacyType: workspacePlan === "LEGACY" ? "TEAM" : null });
    expect(otherFeatures.manageUserRoles).toBe(paidFeatures);
    expect(otherFeatures.shareUnsubscribesAcrossWorkspace).toBe(paidFeatures);
    expect(otherFeatures.shareBouncesAccrossWorkspace).toBe(paidFeatures);
    expect(otherFeatures.transferOwnerShip).toBe(transfer);
  });

  it.each<[boolean, Role, boolean]>([
    [true, "OWNER", true],
    [true, "ADMIN", false],
    [true, "MEMBER", false],
    [false, "OWNER", true],
    [false, "ADMIN", true],
    [false, "MEMBER", false],
  ])("billing access with per-seat %s for a %s: %s", (isPerSeat, role, expected) => {
    expect(features({ isPerSeat, role }).canAccessWorkspaceBilling).toBe(expected);
  });

  it.each<[MemberStatus, boolean]>([
    ["ACTIVE", true],
    ["PENDING", true],
    ["FREE_TRIAL", true],
    ["DISABLED", false],
  ])("workspace access for a %s member: %s", (memberStatus, expected) => {
    expect(features({ memberStatus }).canAccessWorkspace).toBe(expected);
  });

  it("passes the plan-features row and the plans through", () => {
    const userPlan: UserPlan = "FREE";
    expect(
      features({ workspacePlan: "PREMIUM", userPlan, planFeatures: { hasMultiDomain: false, allowedUserCount: 50 } }),
    ).toMatchObject({ workspacePlan: "PREMIUM", userPlan: "FREE", hasMultiDomain: false, allowedUserCount: 50 });
  });
});

describe("recipientRights (000 §6, 002 §6)", () => {
  const LISTS: RecipientList[] = ["unsubscriptions", "bounces"];

  it.each<[WorkspacePlan, UserPlan, Role, boolean]>([
    ["PRO", "PRO", "OWNER", true],
    ["PRO", "PRO", "MEMBER", true],
    ["PRO", "PRO_PERSONAL", "MEMBER", true],
    ["PRO", "FREE", "MEMBER", false],
    ["PRO", "FREE", "ADMIN", false],
    ["PREMIUM", "PRO", "MEMBER", true],
    ["FREE", "FREE", "OWNER", false],
    ["FREE", "PRO", "OWNER", false],
  ])("on a %s space, a %s %s sees the space's entries: %s", (workspacePlan, userPlan, role, expected) => {
    for (const list of LISTS) {
      expect(recipientRights(list, role, features({ workspacePlan, userPlan, role })).seesShared, list).toBe(expected);
    }
  });

  it.each<[UserPlan, Role, boolean]>([
    ["PRO", "OWNER", true],
    ["PRO", "ADMIN", true],
    ["PRO", "MEMBER", false],
    ["FREE", "OWNER", false],
    ["FREE", "MEMBER", false],
  ])("in a Pro space, a %s %s deletes the space's unsubscriptions: %s", (userPlan, role, expected) => {
    expect(recipientRights("unsubscriptions", role, features({ userPlan, role })).deletesShared).toBe(expected);
  });

  it.each<[UserPlan, Role, boolean]>([
    ["PRO", "OWNER", true],
    ["PRO", "MEMBER", true],
    ["FREE", "ADMIN", false],
    ["FREE", "MEMBER", false],
  ])("in a Pro space, a %s %s deletes the space's bounces: %s", (userPlan, role, expected) => {
    expect(recipientRights("bounces", role, features({ userPlan, role })).deletesShared).toBe(expected);
  });

  it("always lets members delete their own entries, and the space's ones only with deletesShared", () => {
    for (const rights of [
      { seesShared: false, deletesShared: false },
      { seesShared: true, deletesShared: false },
      { seesShared: true, deletesShared: true },
    ]) {
      expect(mayDeleteRecipient(rights, "USER")).toBe(true);
      expect(mayDeleteRecipient(rights, "WORKSPACE")).toBe(rights.deletesShared);
    }
  });

  it("follows each list's own feature", () => {
    const base = features({ role: "OWNER" });
    const onlyBounces = { ...base, otherFeatures: { ...base.otherFeatures, shareUnsubscribesAcrossWorkspace: false } };
    expect(recipientRights("unsubscriptions", "OWNER", onlyBounces)).toEqual({
      seesShared: false,
      deletesShared: false,
    });
    expect(recipientRights("bounces", "OWNER", onlyBounces)).toEqual({ seesShared: true, deletesShared: true });
  });
});
