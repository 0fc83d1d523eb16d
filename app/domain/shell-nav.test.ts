import { describe, expect, it } from "vitest";
import { hrefWith, needsUpgradeInfo, sidebarGroups, switcherHref, upgradeAction } from "./shell-nav";
import { sidebarTexts } from "./shell-texts";

const prefix = "/51/acme";

const owner = {
  canAccessBounces: true,
  canAccessTeamReport: true,
  canManageSettings: true,
  canAccessGeneralSettings: true,
  canAccessUsersPage: true,
  canAccessBilling: true,
  usersLabel: "Members" as const,
};

function labels(groups: ReturnType<typeof sidebarGroups>, id: string) {
  return groups
    .find((group) => group.id === id)!
    .items.map((item) => `${item.label}${item.disabled ? " (disabled)" : ""}`);
}

describe("sidebar groups", () => {
  it("gives an owner every link, enabled, without the note", () => {
    const groups = sidebarGroups(prefix, owner);
    expect(labels(groups, "mail-merges")).toEqual([
      "Mail merges",
      "Unsubscriptions",
      "Bounces",
      "Team report",
      "Templates",
    ]);
    expect(labels(groups, "settings")).toEqual(["General", "Members", "Billing"]);
    expect(groups[1]!.note).toBeNull();
    expect(groups[0]!.items[0]).toMatchObject({
      href: "/51/acme/mail-merges/sent",
      activePrefix: "/51/acme/mail-merges",
    });
  });

  it("hides bounces, the team report, the users page and billing without access", () => {
    const groups = sidebarGroups(prefix, {
      ...owner,
      canAccessBounces: false,
      canAccessTeamReport: false,
      canAccessUsersPage: false,
      canAccessBilling: false,
    });
    expect(labels(groups, "mail-merges")).toEqual(["Mail merges", "Unsubscriptions", "Templates"]);
    expect(labels(groups, "settings")).toEqual(["General"]);
  });

  it("disables general settings for an admin and labels the users page", () => {
    const groups = sidebarGroups(prefix, {
      ...owner,
      canAccessGeneralSettings: false,
      canAccessBilling: false,
      usersLabel: "Users",
    });
    expect(labels(groups, "settings")).toEqual(["General (disabled)", "Users"]);
    expect(groups[1]!.note).toBeNull();
  });

  it("disables every settings link with the note for a member", () => {
    const groups = sidebarGroups(prefix, {
      ...owner,
      canManageSettings: false,
      canAccessGeneralSettings: false,
      canAccessBilling: false,
    });
    expect(labels(groups, "settings")).toEqual(["General (disabled)", "Members (disabled)"]);
    expect(groups[1]!.note).toBe(sidebarTexts.settingsDisabled);
  });
});

describe("switcher", () => {
  it("goes to general settings for an owner, else to the users page", () => {
    expect(switcherHref({ urlPrefix: "/52/sales", userRole: "OWNER" })).toBe("/52/sales/space/general");
    expect(switcherHref({ urlPrefix: "/52/sales", userRole: "ADMIN" })).toBe("/52/sales/space/users");
    expect(switcherHref({ urlPrefix: "/52/sales", userRole: "MEMBER" })).toBe("/52/sales/space/users");
  });
});

describe("upgrade button", () => {
  const freeOwner = {
    workspacePlan: "FREE" as const,
    isPerSeat: true,
    canAccessBilling: true,
    isFreeMemberOfProSpace: false,
  };
  const sent = `${prefix}/mail-merges/sent`;

  it("sends a free per-seat space's buyer to checkout details, a per-user one to checkout", () => {
    expect(upgradeAction(freeOwner, prefix, sent)).toEqual({ kind: "checkout", href: "/51/acme/checkout/details" });
    expect(upgradeAction({ ...freeOwner, isPerSeat: false }, prefix, sent)).toEqual({
      kind: "checkout",
      href: "/51/acme/checkout",
    });
  });

  it("is hidden on the billing page and in checkout", () => {
    expect(upgradeAction(freeOwner, prefix, `${prefix}/space/billing`)).toBeNull();
    expect(upgradeAction(freeOwner, prefix, `${prefix}/checkout/details`)).toBeNull();
  });

  it("is hidden on paid spaces, except for their free members", () => {
    expect(upgradeAction({ ...freeOwner, workspacePlan: "PRO" }, prefix, sent)).toBeNull();
    expect(
      upgradeAction(
        { ...freeOwner, workspacePlan: "PRO", canAccessBilling: false, isFreeMemberOfProSpace: true },
        prefix,
        sent,
      ),
    ).toEqual({
      kind: "info",
    });
  });

  it("opens the info dialog for someone without billing access on a free space", () => {
    expect(upgradeAction({ ...freeOwner, canAccessBilling: false }, prefix, sent)).toEqual({ kind: "info" });
    expect(needsUpgradeInfo({ canAccessBilling: false, isFreeMemberOfProSpace: false })).toBe(true);
    expect(needsUpgradeInfo({ canAccessBilling: true, isFreeMemberOfProSpace: false })).toBe(false);
  });
});

describe("hrefWith", () => {
  it("sets and removes query parameters, keeping the others", () => {
    expect(hrefWith("/a", "?q=x", { "new-space": "1" })).toBe("/a?q=x&new-space=1");
    expect(hrefWith("/a", "?q=x&new-space=1", { "new-space": null })).toBe("/a?q=x");
    expect(hrefWith("/a", "?new-space=1", { "new-space": null })).toBe("/a");
  });
});
