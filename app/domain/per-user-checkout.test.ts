import { describe, expect, it } from "vitest";
import { checkoutResult, checkoutResultQuery } from "./billing-query";
import {
  availableUsers,
  blockedChange,
  chargeWording,
  daysLeft,
  legacyMarks,
  legacySwitchOffered,
  optionsNextDisabled,
  optionsNextText,
  ownerLocked,
  paidAfter,
  paidRadioBlock,
  perUserFlowType,
  perUserSteps,
  purchaseResult,
  spansMultipleDomains,
  summaryDelta,
  userChangeCounts,
  userUpdates,
  type CheckoutUser,
} from "./per-user-checkout";

const user = (id: string, fields: Partial<CheckoutUser> = {}): CheckoutUser => ({
  id,
  email: `${id}@bigco.test`,
  role: "MEMBER",
  plan: "FREE",
  status: "ACTIVE",
  toBeRemoved: false,
  scheduledDowngrade: false,
  ...fields,
});
const none = new Set<string>();

describe("legacySwitchOffered (001 §4: UPGRADE_LEGACY_BE shows the server-error state)", () => {
  it("offers the switch for the US entity's licences only", () => {
    expect(legacySwitchOffered({ legalEntity: "US", kind: "TEAM" })).toBe(true);
    expect(legacySwitchOffered({ legalEntity: "US", kind: "INDIVIDUAL" })).toBe(true);
    expect(legacySwitchOffered(null)).toBe(true);
    expect(legacySwitchOffered({ legalEntity: "BE", kind: "TEAM" })).toBe(false);
    expect(legacySwitchOffered({ legalEntity: "BE", kind: "INDIVIDUAL" })).toBe(false);
  });
});

describe("blockedChange (cannot-downgrade worded for what was asked)", () => {
  it("tells a downgrade from a cycle change, a change of who is paid and an upgrade", () => {
    expect(blockedChange("DOWNGRADE", { from: "YEARLY", to: "YEARLY" })).toBe("downgrade");
    expect(blockedChange("UPGRADE", { from: "YEARLY", to: "MONTHLY" })).toBe("cycle");
    expect(blockedChange("UPGRADE", { from: "YEARLY", to: "YEARLY" })).toBe("paid-users");
    expect(blockedChange("PURCHASE", { from: null, to: "YEARLY" })).toBe("upgrade");
    expect(blockedChange("UPGRADE_LEGACY_US", { from: "YEARLY", to: "YEARLY" })).toBe("upgrade");
  });
});

describe("daysLeft", () => {
  it("counts a part of a day as a day, and nothing after the end", () => {
    const now = Date.UTC(2026, 0, 1);
    expect(daysLeft(now + 230 * 86_400_000, now)).toBe(230);
    expect(daysLeft(now + 1, now)).toBe(1);
    expect(daysLeft(now - 5, now)).toBe(0);
  });
});

describe("userChangeCounts (001 §2 Summary step)", () => {
  it("counts the users a selection moves each way, Gmail users apart", () => {
    const users = [
      user("a", { plan: "PRO" }),
      user("b"),
      user("c", { email: "c@gmail.com" }),
      user("d", { email: "d@gmail.com", plan: "PRO_PERSONAL" }),
      user("e", { plan: "PRO", scheduledDowngrade: true }),
    ];
    expect(userChangeCounts(users, new Set(["b", "c", "e"]))).toEqual({
      upgraded: 2,
      gmailUpgraded: 1,
      downgraded: 1,
      gmailDowngraded: 1,
    });
    expect(userChangeCounts(users, new Set(["a", "d"]))).toEqual({
      upgraded: 0,
      gmailUpgraded: 0,
      downgraded: 0,
      gmailDowngraded: 0,
    });
  });
});

describe("flow type selection (001 §4)", () => {
  it("purchases from free or no plan", () => {
    expect(perUserFlowType("FREE", "PRO", null)).toBe("PURCHASE");
    expect(perUserFlowType(null, "PREMIUM", null)).toBe("PURCHASE");
  });
  it("picks the legacy type by legal entity and team or individual", () => {
    expect(perUserFlowType("LEGACY", "PRO", { legalEntity: "US", kind: "TEAM" })).toBe("UPGRADE_LEGACY_US");
    expect(perUserFlowType("LEGACY", "PRO", { legalEntity: "BE", kind: "TEAM" })).toBe("UPGRADE_LEGACY_BE");
    expect(perUserFlowType("LEGACY", "PRO", { legalEntity: "US", kind: "INDIVIDUAL" })).toBe(
      "UPGRADE_LEGACY_US_INDIVIDUAL",
    );
    expect(perUserFlowType("LEGACY", "PRO", { legalEntity: "BE", kind: "INDIVIDUAL" })).toBe(
      "UPGRADE_LEGACY_BE_INDIVIDUAL",
    );
  });
  it("downgrades from Premium to Pro, upgrades otherwise", () => {
    expect(perUserFlowType("PREMIUM", "PRO", null)).toBe("DOWNGRADE");
    expect(perUserFlowType("PREMIUM", "PREMIUM", null)).toBe("UPGRADE");
    expect(perUserFlowType("PRO", "PREMIUM", null)).toBe("UPGRADE");
    expect(perUserFlowType("PRO", "PRO", null)).toBe("UPGRADE");
  });
});

describe("steps and the Next button (001 §2)", () => {
  it("lists the steps of each flow", () => {
    expect(perUserSteps("PURCHASE", true).map((step) => step.title)).toEqual([
      "Billing options",
      "Billing information",
      "Checkout",
    ]);
    expect(perUserSteps("PURCHASE", false).map((step) => step.title)).toEqual(["Billing information", "Checkout"]);
    expect(perUserSteps("UPGRADE", false).map((step) => step.title)).toEqual(["Review"]);
    // A change of paid users on the same plan is chosen on the options first.
    expect(perUserSteps("UPGRADE", true).map((step) => step.title)).toEqual(["Billing options", "Review"]);
    expect(perUserSteps("DOWNGRADE", true).map((step) => step.title)).toEqual(["Billing options", "Review"]);
    expect(perUserSteps("UPGRADE_LEGACY_US", true)).toEqual([]);
  });
  it("names Next by flow and disables it for a purchase without paid users", () => {
    expect(optionsNextText("PURCHASE")).toBe("Next: Billing information");
    expect(optionsNextText("UPGRADE_LEGACY_US_INDIVIDUAL")).toBe("Next: Billing information");
    expect(optionsNextText("UPGRADE_LEGACY_BE")).toBe("Confirm the plan switch");
    expect(optionsNextText("DOWNGRADE")).toBe("Next: Review");
    expect(optionsNextDisabled("PURCHASE", 0)).toBe(true);
    expect(optionsNextDisabled("PURCHASE", 1)).toBe(false);
    expect(optionsNextDisabled("DOWNGRADE", 0)).toBe(false);
  });
});

describe("paid-user selection (001 §4, §5)", () => {
  const owner = user("owner", { role: "OWNER", plan: "PRO" });
  it("leaves out users to be removed and those neither active nor disabled", () => {
    const users = [
      owner,
      user("gone", { toBeRemoved: true }),
      user("pending", { status: "PENDING" }),
      user("trial", { status: "FREE_TRIAL" }),
      user("disabled", { status: "DISABLED" }),
    ];
    expect(availableUsers(users).map((entry) => entry.id)).toEqual(["owner", "disabled"]);
  });
  it("applies the choice to the current paid users, a scheduled downgrade counting as free", () => {
    const users = [owner, user("a", { plan: "PRO" }), user("b"), user("c", { plan: "PRO", scheduledDowngrade: true })];
    expect([...paidAfter(users, { paid: new Set(["b"]), free: new Set(["a"]) })].sort()).toEqual(["b", "owner"]);
  });
  it("re-marks the owner paid when nobody is left, and locks their radio", () => {
    const users = [owner, user("a", { plan: "PRO" })];
    const paid = paidAfter(users, { paid: none, free: new Set(["owner", "a"]) });
    expect([...paid]).toEqual(["owner"]);
    expect(ownerLocked(users, paid)).toBe(true);
    expect(ownerLocked(users, new Set(["owner", "a"]))).toBe(false);
  });
  it("closes a free user's Paid radio at the limit or when paid elsewhere", () => {
    const facts = { limit: 2, paidElsewhere: new Set(["hana"]) };
    expect(paidRadioBlock(user("hana"), new Set(["owner"]), facts)).toBe(
      "User is already a paid user in another space.",
    );
    expect(paidRadioBlock(user("b"), new Set(["owner", "a"]), facts)).toBe(
      "Your current plan allows a maximum of 2 paid users.",
    );
    expect(paidRadioBlock(user("a"), new Set(["owner", "a"]), facts)).toBeNull();
    expect(paidRadioBlock(user("b"), new Set(["owner"]), facts)).toBeNull();
  });
  it("sends an update only for users whose paid state moves, Gmail users on Pro Personal", () => {
    const users = [owner, user("a", { plan: "PRO" }), user("b"), user("g", { email: "g@gmail.com" })];
    expect(userUpdates(users, new Set(["owner", "b", "g"]))).toEqual([
      { userId: "a", userPlan: "FREE" },
      { userId: "b", userPlan: "PRO" },
      { userId: "g", userPlan: "PRO_PERSONAL" },
    ]);
  });
  it("finds users of several domains, Gmail users aside", () => {
    expect(spansMultipleDomains([owner, user("g", { email: "g@gmail.com" })])).toBe(false);
    expect(spansMultipleDomains([owner, user("x", { email: "x@other.test" })])).toBe(true);
  });
});

describe("summary (001 §4)", () => {
  const base = {
    fromPlan: "PREMIUM" as const,
    toPlan: "PREMIUM" as const,
    fromInterval: "YEARLY" as const,
    toInterval: "YEARLY" as const,
    currentAmount: 1000,
    targetAmount: 1000,
  };
  it("tells the delta type", () => {
    expect(summaryDelta({ ...base, toInterval: "MONTHLY", toPlan: "PRO" })).toBe("CYCLE_CHANGE");
    expect(summaryDelta({ ...base, toPlan: "PRO" })).toBe("DOWNGRADE");
    expect(summaryDelta({ ...base, fromPlan: "PRO", toPlan: "PREMIUM", targetAmount: 10 })).toBe("UPGRADE");
    expect(summaryDelta({ ...base, targetAmount: 999 })).toBe("DOWNGRADE");
    expect(summaryDelta({ ...base, targetAmount: 1000 })).toBe("UPGRADE");
  });
  it("words the charge", () => {
    const same = { planChanges: false };
    expect(chargeWording({ ...same, fromInterval: "YEARLY", toInterval: "MONTHLY", chargedToday: 500 })).toEqual({
      kind: "end-of-cycle",
    });
    expect(chargeWording({ ...same, fromInterval: "MONTHLY", toInterval: "MONTHLY", chargedToday: 0 })).toEqual({
      kind: "renewal",
    });
    expect(chargeWording({ ...same, fromInterval: "YEARLY", toInterval: "YEARLY", chargedToday: -5 })).toEqual({
      kind: "renewal",
    });
    expect(chargeWording({ ...same, fromInterval: "MONTHLY", toInterval: "YEARLY", chargedToday: 1250 })).toEqual({
      kind: "charged",
      amount: 1250,
    });
  });

  it("says a plan change charging nothing applies at once (issue 25: Premium to Pro is not at renewal)", () => {
    expect(chargeWording({ planChanges: true, fromInterval: "YEARLY", toInterval: "YEARLY", chargedToday: 0 })).toEqual(
      { kind: "plan-now" },
    );
    expect(
      chargeWording({ planChanges: true, fromInterval: "YEARLY", toInterval: "YEARLY", chargedToday: 900 }),
    ).toEqual({ kind: "charged", amount: 900 });
  });
});

describe("legacy users (001 §4)", () => {
  it("keeps the selected users, marks the others, never the owner", () => {
    const users = [
      { id: "o", role: "OWNER" },
      { id: "a", role: "ADMIN" },
      { id: "m", role: "MEMBER" },
    ];
    expect(legacyMarks(users, new Set(["a"]))).toEqual([
      { userId: "a", toBeRemoved: false },
      { userId: "m", toBeRemoved: true },
    ]);
  });
});

describe("a purchase's result on billing (001 §2 after success, §4 post-checkout query check)", () => {
  const gmail = (id: string) => user(id, { email: `${id}@gmail.com` });
  const landing = (paid: string[], users: CheckoutUser[], plan: "PRO" | "PREMIUM" = "PRO") =>
    checkoutResult(new URLSearchParams(checkoutResultQuery(purchaseResult(paid, users, plan))));

  it("names the paid users as seats of one kind, which billing takes for the started banner", () => {
    expect(purchaseResult(["a", "b"], [user("a"), user("b")], "PREMIUM")).toEqual({
      from: "FREE",
      to: "PREMIUM",
      workspaceSeats: 2,
    });
    expect(purchaseResult(["g"], [user("a"), gmail("g")], "PRO")).toEqual({ from: "FREE", to: "PRO", gmailSeats: 1 });
    expect(landing(["a", "g"], [user("a"), gmail("g")])).toEqual({ kind: "started", seats: 2 });
  });

  it("counts two or more Gmail users alone as workspace seats: billing takes one Gmail seat at most", () => {
    expect(landing(["g", "h"], [gmail("g"), gmail("h"), user("a")])).toEqual({ kind: "started", seats: 2 });
  });
});
