import { describe, expect, it } from "vitest";
import { formatMoney } from "./money";
import { monthlySeatRate, perMonth } from "./seat-pricing";

describe("formatMoney (001 §9)", () => {
  it("puts the symbol first with two decimals", () => {
    expect(formatMoney(6000, "USD")).toBe("$60.00");
    expect(formatMoney(1250, "EUR")).toBe("€12.50");
    expect(formatMoney(480000, "INR")).toBe("₹4,800.00");
    expect(formatMoney(120000, "usd")).toBe("$1,200.00");
  });

  it("drops the decimals of a whole amount on plan cards only", () => {
    expect(formatMoney(500, "USD", { plain: true })).toBe("$5");
    expect(formatMoney(333, "USD", { plain: true })).toBe("$3.33");
    expect(formatMoney(500, "USD")).toBe("$5.00");
  });

  it("signs a negative amount before the symbol", () => {
    expect(formatMoney(-250, "EUR")).toBe("-€2.50");
  });
});

describe("monthly seat rate (001 §9)", () => {
  it("is the yearly amount over 12", () => {
    expect(monthlySeatRate({ yearlyUnitAmount: 6000, couponPercentOff: null, taxRate: 0 })).toBe(500);
  });

  it("takes the coupon off, then adds the tax", () => {
    expect(monthlySeatRate({ yearlyUnitAmount: 6000, couponPercentOff: 30, taxRate: 0 })).toBe(350);
    expect(monthlySeatRate({ yearlyUnitAmount: 6000, couponPercentOff: 20, taxRate: 19 })).toBe(476);
  });

  it("prices a yearly plan per month for the cards", () => {
    expect(perMonth(6000)).toBe(500);
    expect(perMonth(3600)).toBe(300);
  });
});
