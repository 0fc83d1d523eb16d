import { describe, expect, it } from "vitest";
import { formatMoney } from "./money";
import { monthlySeatRate, perMonth, seatCoupon } from "./seat-pricing";

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

describe("seat coupons (001 §9)", () => {
  it.each([
    [1, null],
    [4, null],
    [5, "5SEATS"],
    [9, "5SEATS"],
    [10, "10SEATS"],
    [24, "10SEATS"],
    [25, "25SEATS"],
    [49, "25SEATS"],
    [50, "50SEATS"],
    [99, "50SEATS"],
    [100, "100SEATS"],
  ])("%i seats get %s", (seats, id) => {
    expect(seatCoupon(seats)?.id ?? null).toBe(id);
  });

  it("gives each code its percentage", () => {
    expect([5, 10, 25, 50, 100].map((seats) => seatCoupon(seats)!.percentOff)).toEqual([20, 30, 40, 50, 60]);
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
