import { describe, expect, it } from "vitest";
import {
  accountTypeOf,
  billingPathFor,
  isGmailAddress,
  isQuotaConditionsOpen,
  offeredPlans,
  parseRequestedPlan,
  planCardPrice,
  planMatchesAccount,
  withQuotaConditions,
  wrongPlanTexts,
} from "./wrong-plan";

describe("isGmailAddress", () => {
  it("recognises the consumer domains, in any case", () => {
    expect(isGmailAddress("solo@gmail.com")).toBe(true);
    expect(isGmailAddress("Solo@GoogleMail.com")).toBe(true);
  });

  it("treats every other domain as Google Workspace", () => {
    expect(isGmailAddress("owner@acme.test")).toBe(false);
    expect(isGmailAddress("someone@gmail.com.evil.test")).toBe(false);
    expect(isGmailAddress("gmail.com")).toBe(false);
    expect(accountTypeOf("owner@acme.test")).toBe("workspace");
  });
});

describe("parseRequestedPlan", () => {
  it("accepts the five plan values exactly", () => {
    expect(parseRequestedPlan("TEAM")).toBe("TEAM");
    expect(parseRequestedPlan("pro-gmail")).toBe("pro-gmail");
    expect(parseRequestedPlan("team")).toBeNull();
    expect(parseRequestedPlan(null)).toBeNull();
  });
});

describe("planMatchesAccount", () => {
  it("matches Gmail accounts with pro-gmail and PERSONAL", () => {
    expect(planMatchesAccount("pro-gmail", "gmail")).toBe(true);
    expect(planMatchesAccount("PERSONAL", "gmail")).toBe(true);
    expect(planMatchesAccount("pro-google-workspace", "gmail")).toBe(false);
    expect(planMatchesAccount("TEAM", "gmail")).toBe(false);
  });

  it("matches Workspace accounts with pro-google-workspace and PROFESSIONAL", () => {
    expect(planMatchesAccount("pro-google-workspace", "workspace")).toBe(true);
    expect(planMatchesAccount("PROFESSIONAL", "workspace")).toBe(true);
    expect(planMatchesAccount("pro-gmail", "workspace")).toBe(false);
    expect(planMatchesAccount("PERSONAL", "workspace")).toBe(false);
  });
});

describe("plan prices", () => {
  it("divides the yearly price by 12 with at most 2 decimals", () => {
    expect(planCardPrice(36)).toBe("$3");
    expect(planCardPrice(60)).toBe("$5");
    expect(planCardPrice(50)).toBe("$4.17");
    expect(planCardPrice(1200)).toBe("$100");
  });

  it("drops the decimals of whole amounts only", () => {
    expect(planCardPrice(36)).toBe("$3");
    expect(planCardPrice(50)).toBe("$4.17");
    expect(planCardPrice(54)).toBe("$4.50");
  });

  it("prices the offered plans from the PERSONAL and PROFESSIONAL yearly prices", () => {
    expect(planCardPrice(offeredPlans.gmail.yearlyPriceUsd)).toBe("$3");
    expect(planCardPrice(offeredPlans.workspace.yearlyPriceUsd)).toBe("$5");
  });
});

describe("query helpers", () => {
  const search = new URLSearchParams("plan=TEAM&quota-conditions=1");

  it("opens and closes the quota-conditions dialog, keeping the rest", () => {
    expect(isQuotaConditionsOpen(search)).toBe(true);
    expect(withQuotaConditions(search, false)).toBe("?plan=TEAM");
    expect(withQuotaConditions(new URLSearchParams("plan=TEAM"), true)).toBe("?plan=TEAM&quota-conditions=1");
    expect(withQuotaConditions(new URLSearchParams(""), false)).toBe("");
  });

  it("sends the purchase to billing with the offered plan", () => {
    expect(billingPathFor(new URLSearchParams("plan=TEAM&interval=YEARLY&quota-conditions=1"), "pro-gmail")).toBe(
      "/settings/billing?plan=pro-gmail&interval=YEARLY",
    );
  });
});

describe("wrongPlanTexts", () => {
  it("names the plan and the address", () => {
    expect(wrongPlanTexts.heading("pro-google-workspace", "solo@gmail.com")).toBe(
      "You are trying to purchase a Pro Google Workspace plan with solo@gmail.com",
    );
    expect(wrongPlanTexts.card.recipientsPerDay(1500)).toBe("1,500 recipients per day");
  });
});
