import { describe, expect, it } from "vitest";
import {
  activationBlock,
  disabledReason,
  displayStatus,
  isPaidMember,
  memberHints,
  memberSortBy,
  removalBlock,
  type RemovalFacts,
  seatCounter,
  seatUsagePercent,
  trialEnd,
  tokenBeingTyped,
  withChosenAddress,
} from "./members";

describe("displayStatus (002 §3 derived status)", () => {
  const member = { status: "ACTIVE", seatType: "ADDED_YAMM_USER", freeTrialEndTimestamp: null };
  it("is a free trial when a trial end exists, pending on a pending seat, else active", () => {
    expect(displayStatus(member)).toBe("active");
    expect(displayStatus({ ...member, status: "FREE_TRIAL", freeTrialEndTimestamp: -1 })).toBe("freeTrial");
    expect(displayStatus({ ...member, seatType: "PENDING_YAMM_USER", status: "PENDING" })).toBe("pending");
    expect(displayStatus({ ...member, status: "ACCEPTED" })).toBe("active");
  });

  it("keeps a disabled member disabled, trial or not", () => {
    expect(displayStatus({ ...member, status: "DISABLED", freeTrialEndTimestamp: 5 })).toBe("disabled");
  });
});

describe("trialEnd", () => {
  it("maps -1 and the huge sentinel to no end, and keeps a real end", () => {
    expect(trialEnd(null)).toBeNull();
    expect(trialEnd(-1)).toBe("none");
    expect(trialEnd(253_402_300_799_000)).toBe("none");
    expect(trialEnd(1_800_000_000_000)).toBe(1_800_000_000_000);
  });
});

describe("isPaidMember", () => {
  it("is paid on a paid user plan without a trial", () => {
    expect(isPaidMember({ userPlan: "PRO", freeTrialEndTimestamp: null })).toBe(true);
    expect(isPaidMember({ userPlan: "PRO_PERSONAL", freeTrialEndTimestamp: null })).toBe(true);
    expect(isPaidMember({ userPlan: "PRO", freeTrialEndTimestamp: -1 })).toBe(false);
    expect(isPaidMember({ userPlan: "FREE", freeTrialEndTimestamp: null })).toBe(false);
  });
});

describe("disabledReason (002 §8 disabled badge tooltips)", () => {
  const space = { domains: ["acme.test"], freeUserLimit: 1, freeMembers: 1 };
  it("names the domain for a member from elsewhere, the free limit for a free one while it is reached", () => {
    expect(disabledReason({ isUserInDomain: false, userPlan: "FREE" }, space)).toBe(
      "Your current plan only allows user from domain acme.test.",
    );
    expect(disabledReason({ isUserInDomain: true, userPlan: "FREE" }, space)).toBe(
      "Your current plan does not allow more than 1 free users.",
    );
    expect(disabledReason({ isUserInDomain: true, userPlan: "PRO" }, space)).toBeNull();
  });

  it("gives no reason when nothing keeps the member out (issue 26: 3 free members of 50)", () => {
    const roomy = { domains: ["acme.test"], freeUserLimit: 50, freeMembers: 3 };
    expect(disabledReason({ isUserInDomain: true, userPlan: "FREE" }, roomy)).toBeNull();
  });
});

describe("the seat counter", () => {
  it("reads used / total, unlimited or single seat", () => {
    expect(seatCounter({ totalSeats: 10, assignedSeats: 8 })).toBe("8 / 10 seats used");
    expect(seatCounter({ totalSeats: -1, assignedSeats: 40 })).toBe("40 seats used (unlimited)");
    expect(seatCounter({ totalSeats: 1, assignedSeats: 1 })).toBe("Single seat");
  });

  it("rounds the usage, 0 for unlimited", () => {
    expect(seatUsagePercent({ totalSeats: 3, assignedSeats: 2 })).toBe(67);
    expect(seatUsagePercent({ totalSeats: -1, assignedSeats: 2 })).toBe(0);
    expect(seatUsagePercent({ totalSeats: 2, assignedSeats: 3 })).toBe(100);
  });
});

describe("memberSortBy", () => {
  it("maps the URL's sorts to the backend's fields", () => {
    expect(memberSortBy("name", "asc")).toBe("userName:asc");
    expect(memberSortBy("role", "desc")).toBe("userRole:desc");
  });
});

describe("removalBlock (002 §6)", () => {
  const owner = { id: "o", role: "OWNER" as const };
  const admin = { id: "a", role: "ADMIN" as const };
  const target = (overrides: Partial<RemovalFacts> = {}): RemovalFacts => ({
    id: "t",
    role: "MEMBER",
    paid: false,
    status: "active",
    ...overrides,
  });

  it("lets an owner or admin remove a free member", () => {
    expect(removalBlock(owner, target())).toBeNull();
    expect(removalBlock(admin, target({ status: "disabled" }))).toBeNull();
  });

  it("refuses in the spec's order: owner, free trial, oneself, another admin by an admin, paid", () => {
    expect(removalBlock(admin, target({ role: "OWNER", paid: true }))).toBe(
      "The owner cannot be removed from the space",
    );
    expect(removalBlock(owner, target({ status: "freeTrial", paid: true }))).toBe(
      "You cannot remove the user in Free trial",
    );
    expect(removalBlock(admin, target({ id: "a", role: "ADMIN" }))).toBe("You cannot remove yourself from the space");
    expect(removalBlock(admin, target({ role: "ADMIN" }))).toBe(
      "An admin cannot be removed by another admin from the space",
    );
    expect(removalBlock(owner, target({ role: "ADMIN" }))).toBeNull();
    expect(removalBlock(owner, target({ paid: true }))).toBe(
      "To remove paid users, you must downgrade them to free and then remove them during the next billing cycle.",
    );
  });
});

describe("removalBlock on a legacy space (issue 26)", () => {
  it("does not tell to downgrade a paid user where the screen offers no downgrade", () => {
    const paid: RemovalFacts = { id: "b", role: "MEMBER", paid: true, status: "active" };
    const reason = removalBlock({ id: "o", role: "OWNER" }, paid, { legacy: true });
    expect(reason).toBe(
      "Paid users of a legacy plan cannot be removed here: the space owner chooses the users to keep when switching to a new plan.",
    );
    expect(reason).not.toContain("downgrade");
  });
});

describe("activationBlock (002 §5, §8)", () => {
  const space = { freeMembers: 49, freeLimit: 50 };
  it("refuses members from outside the space's domains", () => {
    expect(activationBlock([{ inDomain: false, paid: true }], space)).toBe(
      "Your current plan does not allow users from a different domain. Upgrade your space to re-activate them.",
    );
  });

  it("refuses more free members than the plan allows, and lets paid ones through", () => {
    const free = { inDomain: true, paid: false };
    expect(activationBlock([free], space)).toBeNull();
    expect(activationBlock([free, free], space)).toBe(
      "Your current plan does not allow more than 50 free user(s). Remove active users to re-activate disabled users.",
    );
    expect(activationBlock([{ inDomain: true, paid: true }], { freeMembers: 50, freeLimit: 50 })).toBeNull();
  });
});

describe("the address being typed, and a suggestion chosen for it (002 §5, §9)", () => {
  it("is what follows the last space or comma", () => {
    expect(tokenBeingTyped("ann@acme.test, sa")).toBe("sa");
    expect(tokenBeingTyped("ann@acme.test sa")).toBe("sa");
    expect(tokenBeingTyped("ann@acme.test, ")).toBe("");
    expect(tokenBeingTyped("")).toBe("");
  });

  it("is replaced by the chosen address, ready for the next one", () => {
    expect(withChosenAddress("ann@acme.test, sa", "sales.lead@acme.test")).toBe(
      "ann@acme.test, sales.lead@acme.test, ",
    );
    expect(withChosenAddress("sa", "sales.lead@acme.test")).toBe("sales.lead@acme.test, ");
  });
});

describe("memberHints (002 §6)", () => {
  it("offers the role change only to an owner whose plan allows it", () => {
    expect(memberHints("OWNER", true)).toEqual(["Change their role", "Remove them from the space"]);
    expect(memberHints("OWNER", false)).toEqual(["Remove them from the space"]);
    expect(memberHints("ADMIN", true)).toEqual(["Remove them from the space"]);
    expect(memberHints("MEMBER", true)).toBeNull();
  });
});
