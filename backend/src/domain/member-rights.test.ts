import { describe, expect, it } from "vitest";
import {
  activationRefusal,
  invitationRefusal,
  mayAddMembers,
  mayHandleInvitations,
  removalRefusal,
  roleChangeRefusal,
  type InvitationFacts,
  type MemberFacts,
} from "./member-rights";
import { UNLIMITED_SEATS, type Room } from "./seats";

describe("mayAddMembers", () => {
  it("lets owners and admins add members whatever the space's flag", () => {
    for (const flag of [true, false]) {
      expect(mayAddMembers("OWNER", flag)).toBe(true);
      expect(mayAddMembers("ADMIN", flag)).toBe(true);
    }
  });

  it("lets a member add members only when the space allows it", () => {
    expect(mayAddMembers("MEMBER", true)).toBe(true);
    expect(mayAddMembers("MEMBER", false)).toBe(false);
  });
});

describe("mayHandleInvitations", () => {
  it("lets owners and admins resend or cancel anyone's invitations, a member only their own (000 §6)", () => {
    for (const role of ["OWNER", "ADMIN"] as const) {
      expect(mayHandleInvitations({ userId: "a", role }, ["b", null])).toBe(true);
    }
    expect(mayHandleInvitations({ userId: "m", role: "MEMBER" }, ["m", "m"])).toBe(true);
    expect(mayHandleInvitations({ userId: "m", role: "MEMBER" }, ["m", "o"])).toBe(false);
    expect(mayHandleInvitations({ userId: "m", role: "MEMBER" }, [null])).toBe(false);
  });
});

describe("removalRefusal", () => {
  const member = (overrides: Partial<MemberFacts> = {}): MemberFacts => ({
    userId: "u-target",
    role: "MEMBER",
    userPlan: "FREE",
    status: "ACTIVE",
    freeTrialEndTimestamp: null,
    ...overrides,
  });
  const owner = member({ userId: "u-owner", role: "OWNER", userPlan: "PRO" });
  const admin = member({ userId: "u-admin", role: "ADMIN" });

  it("lets an owner or admin remove a free member, active, pending or disabled", () => {
    for (const status of ["ACTIVE", "PENDING", "DISABLED"] as const) {
      expect(removalRefusal(owner, member({ status }))).toBeNull();
      expect(removalRefusal(admin, member({ status }))).toBeNull();
    }
    expect(removalRefusal(owner, member({ role: "ADMIN" }))).toBeNull();
  });

  it("refuses in the spec's order: owner, free trial, oneself, another admin, paid", () => {
    expect(removalRefusal(admin, owner)).toBe("owner_cannot_be_removed");
    expect(removalRefusal(owner, owner)).toBe("owner_cannot_be_removed");
    expect(removalRefusal(owner, member({ freeTrialEndTimestamp: -1, userPlan: "PRO" }))).toBe("free_trial_user");
    expect(removalRefusal(admin, admin)).toBe("cannot_remove_yourself");
    expect(removalRefusal(admin, member({ userId: "u-other-admin", role: "ADMIN" }))).toBe("admin_cannot_remove_admin");
    expect(removalRefusal(owner, member({ userPlan: "PRO" }))).toBe("paid_user");
    expect(removalRefusal(owner, member({ userPlan: "PRO_PERSONAL" }))).toBe("paid_user");
  });
});

describe("roleChangeRefusal", () => {
  it("lets only an owner with manageUserRoles change a non-owner between MEMBER and ADMIN", () => {
    expect(roleChangeRefusal({ role: "OWNER", manageUserRoles: true }, { role: "MEMBER" }, "ADMIN")).toBeNull();
    expect(roleChangeRefusal({ role: "OWNER", manageUserRoles: true }, { role: "ADMIN" }, "MEMBER")).toBeNull();
    expect(roleChangeRefusal({ role: "OWNER", manageUserRoles: false }, { role: "MEMBER" }, "ADMIN")).toBe(
      "may_not_change_roles",
    );
    expect(roleChangeRefusal({ role: "ADMIN", manageUserRoles: true }, { role: "MEMBER" }, "ADMIN")).toBe(
      "may_not_change_roles",
    );
  });

  it("never changes the owner's role, nor makes anyone owner", () => {
    expect(roleChangeRefusal({ role: "OWNER", manageUserRoles: true }, { role: "OWNER" }, "MEMBER")).toBe(
      "owner_role_cannot_change",
    );
    expect(roleChangeRefusal({ role: "OWNER", manageUserRoles: true }, { role: "MEMBER" }, "OWNER")).toBe(
      "owner_role_cannot_change",
    );
  });
});

describe("activationRefusal", () => {
  const space = { domains: ["acme.test"], freeMembersAllowed: 2, freeMembersCounted: 1 };
  const disabled = { status: "DISABLED" as const, userPlan: "FREE" as const, domainName: "acme.test" };

  it("activates a disabled member of the space's domain within the free allowance", () => {
    expect(activationRefusal(disabled, space)).toBeNull();
    expect(activationRefusal({ ...disabled, domainName: "gmail.com" }, { ...space, domains: [] })).toBeNull();
    // A paid member does not count against the free allowance.
    expect(activationRefusal({ ...disabled, userPlan: "PRO" }, { ...space, freeMembersCounted: 2 })).toBeNull();
  });

  it("refuses a member who is not disabled, of another domain, or past the free allowance", () => {
    expect(activationRefusal({ ...disabled, status: "ACTIVE" }, space)).toBe("member_not_disabled");
    expect(activationRefusal({ ...disabled, domainName: "other.test" }, space)).toBe("not_in_space_domain");
    expect(activationRefusal(disabled, { ...space, freeMembersCounted: 2 })).toBe("free_user_limit_reached");
  });
});

describe("invitationRefusal", () => {
  const facts: InvitationFacts = {
    domains: ["acme.test"],
    alreadyIn: new Set(["owner@acme.test"]),
    invited: new Set(["waiting@acme.test"]),
    overMailLimit: new Set(["flooded@acme.test", "flooded@other.test"]),
  };
  const room: Room = { allowed: 3, taken: 2, full: "user_limit_reached" };

  it("accepts a new address of the space's domain with room for it", () => {
    expect(invitationRefusal("new@acme.test", facts, room)).toBeNull();
    expect(invitationRefusal("anyone@gmail.com", { ...facts, domains: [] }, room)).toBeNull();
    expect(invitationRefusal("new@acme.test", facts, { ...room, allowed: UNLIMITED_SEATS, taken: 500 })).toBeNull();
  });

  it("refuses, in order: invalid, member, invited, other domain, too many invitation mails, no room", () => {
    const full: Room = { ...room, taken: 3 };
    expect(invitationRefusal("not-an-address", facts, full)).toBe("invalid_email");
    expect(invitationRefusal("owner@acme.test", facts, full)).toBe("already_member");
    expect(invitationRefusal("waiting@acme.test", facts, full)).toBe("already_invited");
    expect(invitationRefusal("someone@other.test", facts, full)).toBe("not_in_space_domain");
    expect(invitationRefusal("flooded@other.test", facts, full)).toBe("not_in_space_domain");
    expect(invitationRefusal("flooded@acme.test", facts, full)).toBe("too_many_invitations");
    expect(invitationRefusal("new@acme.test", facts, full)).toBe("user_limit_reached");
    expect(invitationRefusal("new@acme.test", facts, { ...full, full: "no_seat_available" })).toBe("no_seat_available");
  });
});
