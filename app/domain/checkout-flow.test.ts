import { describe, expect, it } from "vitest";
import {
  checkoutQueryFlag,
  checkoutTarget,
  offeredPlanStart,
  perUserChangeLinks,
  purchaseStart,
  seatCheckoutBack,
  seatCheckoutSteps,
  seatCheckoutType,
  targetOffered,
} from "./checkout-flow";

describe("per-seat checkout flows (001 §2, §4)", () => {
  it("takes the type from the path, else from who buys", () => {
    expect(seatCheckoutType("add-seats", true)).toBe("ADDITIONAL_SEATS");
    expect(seatCheckoutType("remove-seats", false)).toBe("REMOVE_SEATS");
    expect(seatCheckoutType("details", false)).toBe("DOMAIN_PURCHASE");
    expect(seatCheckoutType("information", true)).toBe("GMAIL_PURCHASE");
    expect(seatCheckoutType(null, false)).toBe("EMPTY_FLOW");
  });

  it("lists each flow's steps", () => {
    const titles = (type: Parameters<typeof seatCheckoutSteps>[0]) => seatCheckoutSteps(type).map((step) => step.title);
    expect(titles("DOMAIN_PURCHASE")).toEqual(["Billing details", "Billing information", "Checkout"]);
    expect(titles("GMAIL_PURCHASE")).toEqual(["Billing information", "Checkout"]);
    expect(titles("ADDITIONAL_SEATS")).toEqual([]);
    expect(titles("REMOVE_SEATS")).toEqual([]);
    expect(titles("EMPTY_FLOW")).toEqual([]);
  });

  it("goes back one step, or to billing", () => {
    expect(seatCheckoutBack("DOMAIN_PURCHASE", "information")).toBe("details");
    expect(seatCheckoutBack("DOMAIN_PURCHASE", "details")).toBe("billing");
    expect(seatCheckoutBack("GMAIL_PURCHASE", "information")).toBe("billing");
    expect(seatCheckoutBack("ADDITIONAL_SEATS", "add-seats")).toBe("billing");
  });
});

describe("where buying starts (001 §2)", () => {
  it("starts per seat at details, or information for a Gmail user; per user at the options", () => {
    expect(purchaseStart({ isPerSeat: true, gmail: false, plan: "PRO" })).toBe("checkout/details");
    expect(purchaseStart({ isPerSeat: true, gmail: true, plan: "PRO" })).toBe("checkout/information");
    expect(purchaseStart({ isPerSeat: false, gmail: false, plan: "PREMIUM" })).toBe(
      "checkout?plan=PREMIUM&interval=YEARLY",
    );
  });
});

describe("the checkout's plan and interval (001 §3, §4)", () => {
  const target = (query: string) => checkoutTarget(new URLSearchParams(query));

  it("reads the plan and interval asked", () => {
    expect(target("plan=PREMIUM&interval=MONTHLY")).toEqual({ plan: "PREMIUM", interval: "MONTHLY", given: true });
  });

  it("takes the defaults for a missing value", () => {
    expect(target("")).toEqual({ plan: "PRO", interval: "YEARLY", given: false });
    expect(target("interval=MONTHLY")).toEqual({ plan: "PRO", interval: "MONTHLY", given: false });
    expect(target("plan=PREMIUM")).toEqual({ plan: "PREMIUM", interval: "YEARLY", given: false });
  });

  it("refuses a value that is there but neither (a broken link), whatever the other", () => {
    expect(target("plan=FOO&interval=MONTHLY")).toBeNull();
    expect(target("plan=PREMIUM&interval=WEEKLY")).toBeNull();
    expect(target("plan=premium&interval=YEARLY")).toBeNull();
    expect(target("plan=&interval=YEARLY")).toBeNull();
    expect(target("plan=PRO")).not.toBeNull();
  });
});

describe("checkout query flags (001 §4)", () => {
  const current = { workspacePlan: "PRO", billingInterval: "YEARLY", hasSchedule: false };
  const flag = (query: string, over: Partial<typeof current> | null = {}) => {
    const search = new URLSearchParams(query);
    return checkoutQueryFlag(search, checkoutTarget(search)!, over && { ...current, ...over });
  };

  it("refuses a change of plan and cycle at once", () => {
    expect(flag("plan=PREMIUM&interval=MONTHLY")).toBe("cannot-update-subscription-plan-and-interval");
    expect(flag("plan=PREMIUM&interval=YEARLY")).toBeNull();
    expect(flag("plan=PRO&interval=MONTHLY")).toBeNull();
  });

  it("refuses a cycle change while a schedule waits", () => {
    expect(flag("plan=PRO&interval=MONTHLY", { hasSchedule: true })).toBe("cannot-change-billing-cycle-when-scheduled");
    expect(flag("change-billing-cycle=1", { hasSchedule: true })).toBe("cannot-change-billing-cycle-when-scheduled");
    expect(flag("plan=PREMIUM", { hasSchedule: true })).toBeNull();
  });

  it("takes the defaults, and says nothing without a subscription", () => {
    expect(flag("", { workspacePlan: "PREMIUM", billingInterval: "MONTHLY" })).toBe(
      "cannot-update-subscription-plan-and-interval",
    );
    expect(flag("plan=PREMIUM&interval=MONTHLY", null)).toBeNull();
  });
});

describe("targetOffered (001 §6 restrictions)", () => {
  const held = { PREMIUM_PLAN: true, MONTHLY_BILLING: true };
  const open = { PREMIUM_PLAN: false, MONTHLY_BILLING: false };
  const proYearly = { plan: "PRO", interval: "YEARLY" } as const;

  it("holds Premium and monthly billing back under their restrictions", () => {
    expect(targetOffered({ plan: "PREMIUM", interval: "YEARLY" }, held, null)).toBe(false);
    expect(targetOffered({ plan: "PRO", interval: "MONTHLY" }, held, proYearly)).toBe(false);
    expect(targetOffered(proYearly, held, null)).toBe(true);
    expect(targetOffered({ plan: "PREMIUM", interval: "MONTHLY" }, open, null)).toBe(true);
  });

  it("lets a subscription already on them keep them", () => {
    expect(
      targetOffered({ plan: "PREMIUM", interval: "MONTHLY" }, held, { plan: "PREMIUM", interval: "MONTHLY" }),
    ).toBe(true);
  });
});

describe("perUserChangeLinks (001 §2 Billing page, per user)", () => {
  const open = { PREMIUM_PLAN: false, MONTHLY_BILLING: false };

  it("offers the paid users, the other plan at this cycle and the other cycle at this plan", () => {
    expect(perUserChangeLinks({ plan: "PREMIUM", interval: "YEARLY", hasSchedule: false, restrictions: open })).toEqual(
      {
        paidUsers: "checkout?plan=PREMIUM&interval=YEARLY",
        plan: { to: "PRO", href: "checkout?plan=PRO&interval=YEARLY" },
        cycle: { to: "MONTHLY", href: "checkout/summary?plan=PREMIUM&interval=MONTHLY" },
      },
    );
  });

  it("offers no cycle change while one waits, and follows the Premium and monthly restrictions", () => {
    const restricted = { PREMIUM_PLAN: true, MONTHLY_BILLING: true };
    const pro = perUserChangeLinks({ plan: "PRO", interval: "YEARLY", hasSchedule: false, restrictions: restricted });
    expect(pro.plan).toBeNull();
    expect(pro.cycle).toBeNull();
    const monthly = perUserChangeLinks({
      plan: "PRO",
      interval: "MONTHLY",
      hasSchedule: false,
      restrictions: restricted,
    });
    expect(monthly.cycle).toEqual({ to: "YEARLY", href: "checkout/summary?plan=PRO&interval=YEARLY" });
    expect(
      perUserChangeLinks({ plan: "PRO", interval: "MONTHLY", hasSchedule: true, restrictions: open }).cycle,
    ).toBeNull();
  });
});

describe("offeredPlanStart (000 §4 Wrong plan)", () => {
  it("starts a free space's Pro purchase for the account type, a legacy space's upgrade, and billing otherwise", () => {
    expect(offeredPlanStart({ workspacePlan: "FREE", isPerSeat: false }, false)).toBe(
      "checkout?plan=PRO&interval=YEARLY",
    );
    expect(offeredPlanStart({ workspacePlan: "FREE", isPerSeat: true }, true)).toBe("checkout/information");
    expect(offeredPlanStart({ workspacePlan: "FREE", isPerSeat: true }, false)).toBe("checkout/details");
    expect(offeredPlanStart({ workspacePlan: "LEGACY", isPerSeat: false }, false)).toBe("checkout/legacy/users");
    expect(offeredPlanStart({ workspacePlan: "PRO", isPerSeat: false }, false)).toBe("space/billing");
  });
});
