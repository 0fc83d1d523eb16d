import { describe, expect, it } from "vitest";
import { findPaymentPlan, PAYMENT_PLANS, seatPlanFor } from "./payment-plans";

describe("the payment plan catalog", () => {
  it("prices 001 §9's plans in three currencies and two cycles, in minor units", () => {
    expect(PAYMENT_PLANS).toHaveLength(8 * 3 * 2);
    expect(findPaymentPlan("pro-yearly-usd")).toEqual({
      paymentPlanId: "pro-yearly-usd",
      workspacePlan: "PRO",
      userPlan: "PRO",
      teamSize: null,
      currency: "USD",
      billingInterval: "YEARLY",
      unitAmount: 6000,
    });
    expect(findPaymentPlan("pro-personal-monthly-eur")).toMatchObject({ userPlan: "PRO_PERSONAL", unitAmount: 1000 });
    expect(findPaymentPlan("team-25-yearly-inr")).toMatchObject({
      workspacePlan: "LEGACY",
      teamSize: 25,
      unitAmount: 3_600_000,
    });
    expect(findPaymentPlan("premium-monthly-usd")?.unitAmount).toBe(4000);
  });

  it("finds the seat price of a plan, never a team size, and none for a Premium Gmail seat", () => {
    expect(
      seatPlanFor({ workspacePlan: "PRO", userPlan: "PRO", billingInterval: "YEARLY", currency: "EUR" })?.paymentPlanId,
    ).toBe("pro-yearly-eur");
    expect(
      seatPlanFor({ workspacePlan: "PREMIUM", userPlan: "PRO_PERSONAL", billingInterval: "YEARLY", currency: "USD" }),
    ).toBeUndefined();
    expect(
      seatPlanFor({ workspacePlan: "LEGACY", userPlan: "PRO", billingInterval: "YEARLY", currency: "USD" }),
    ).toBeUndefined();
  });
});
