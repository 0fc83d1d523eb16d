import { describe, expect, it } from "vitest";
import { billingTexts } from "./billing-texts";
import { perUserTexts } from "./per-user-texts";
import { RECIPIENTS_PER_DAY, recipientsPerDay } from "./quotas";
import { offeredPlans, wrongPlanTexts } from "./wrong-plan";

describe("daily recipient quotas (000 §9)", () => {
  it("are the spec's numbers", () => {
    expect(RECIPIENTS_PER_DAY).toEqual({ FREE: 20, PRO: 1500, PRO_PERSONAL: 400 });
    expect(recipientsPerDay(1500)).toBe("1,500 recipients per day");
  });

  it("are what the billing page, the checkout and the wrong-plan page say", () => {
    // Issue 25: the Pro card said "Unlimited recipients per day", the wrong-plan page 1,500 and 400.
    expect(billingTexts.plans.PRO.summary(false)).toBe(
      "Up to 1,500 recipients per day for each user of your domain, and scheduled mail merges.",
    );
    expect(billingTexts.plans.PRO.summary(true)).toBe("Up to 400 recipients per day and scheduled mail merges.");
    expect(billingTexts.currentPlan.free).toContain("limited to 20 recipients per day");
    expect(perUserTexts.options.explanation).toContain("limited to 20 recipients per day");
    expect(wrongPlanTexts.card.recipientsPerDay(offeredPlans.workspace.recipientsPerDay)).toBe(
      "1,500 recipients per day",
    );
    expect(wrongPlanTexts.card.recipientsPerDay(offeredPlans.gmail.recipientsPerDay)).toBe("400 recipients per day");
    expect(wrongPlanTexts.quotaDialog.intro).toBe(
      "Google Workspace accounts can send to 1,500 recipients per day, as long as:",
    );
  });
});
