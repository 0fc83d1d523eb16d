import { describe, expect, it } from "vitest";
import {
  disabledReason,
  displayStatus,
  isPaidMember,
  memberHints,
  memberSortBy,
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
