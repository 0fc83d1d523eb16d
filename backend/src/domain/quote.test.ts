import { describe, expect, it } from "vitest";
import { addBillingInterval, cycleAmount, quoteChange, quotePurchase, withTax, type PricedLine } from "./quote";

const NOW = Date.UTC(2026, 10, 21, 12);
const DAY = 86_400_000;
const proSeats = (quantity: number, unitAmount = 6000): PricedLine => ({
  paymentPlanId: "pro-yearly-usd",
  userPlan: "PRO",
  quantity,
  unitAmount,
});

describe("amounts", () => {
  it("applies the coupon per line, rounded to the minor unit, then adds tax on the total", () => {
    expect(cycleAmount([proSeats(3)], 0)).toBe(18_000);
    expect(cycleAmount([proSeats(7, 3333)], 20)).toBe(18_665);
    expect(withTax(30_000, 19)).toBe(35_700);
    expect(withTax(1001, 25.5)).toBe(1256);
  });

  it("adds a calendar month or year", () => {
    expect(new Date(addBillingInterval(Date.UTC(2026, 0, 31), "YEARLY")).toISOString()).toBe(
      "2027-01-31T00:00:00.000Z",
    );
    expect(new Date(addBillingInterval(Date.UTC(2026, 10, 21), "MONTHLY")).toISOString()).toBe(
      "2026-12-21T00:00:00.000Z",
    );
  });
});

describe("quotePurchase", () => {
  it("charges the first cycle today, without coupon under 5 seats", () => {
    const quote = quotePurchase({
      lines: [proSeats(3)],
      currency: "USD",
      taxRate: 0,
      billingInterval: "YEARLY",
      now: NOW,
    });
    expect(quote).toMatchObject({
      proratedDays: null,
      chargedToday: 18_000,
      totalAmount: 18_000,
      totalBeforeTax: 18_000,
      currentAmount: 0,
      currentBillingInterval: null,
      targetBillingInterval: "YEARLY",
      nextPaymentTimestamp: Date.UTC(2027, 10, 21, 12),
      couponId: null,
      couponPercentOff: null,
    });
    expect(quote.lines).toEqual([{ ...proSeats(3), totalAmount: 18_000 }]);
  });

  it("takes the coupon of the seat total and the EUR tax", () => {
    const quote = quotePurchase({
      lines: [proSeats(10)],
      currency: "EUR",
      taxRate: 19,
      billingInterval: "YEARLY",
      now: NOW,
    });
    // 10 × 60 € − 30 % = 420 €, + 19 % VAT = 499.80 €.
    expect(quote).toMatchObject({
      couponId: "10SEATS",
      couponPercentOff: 30,
      totalBeforeTax: 42_000,
      totalAmount: 49_980,
      chargedToday: 49_980,
    });
  });
});

describe("quoteChange", () => {
  const current = {
    lines: [proSeats(4)],
    couponPercentOff: 0,
    billingInterval: "YEARLY" as const,
    startTimestamp: NOW - 165 * DAY,
    endTimestamp: NOW + 200 * DAY,
  };

  it("charges the added seats for the days left, at the coupon of the new total", () => {
    const quote = quoteChange({
      lines: [proSeats(6)],
      current,
      currency: "USD",
      taxRate: 0,
      billingInterval: "YEARLY",
      prorate: true,
      now: NOW,
    });
    // 2 seats × 60 $ − 20 % (6 seats: 5SEATS) = 96 $, for 200 of the period's 365 days.
    expect(quote).toMatchObject({
      proratedDays: 200,
      chargedToday: Math.round(9600 * (200 / 365)),
      totalBeforeTax: 28_800,
      totalAmount: 28_800,
      currentAmount: 24_000,
      currentBillingInterval: "YEARLY",
      nextPaymentTimestamp: NOW + 200 * DAY,
      couponId: "5SEATS",
    });
  });

  it("adds the subscription's tax to today's charge", () => {
    const quote = quoteChange({
      lines: [proSeats(5)],
      current: { ...current, lines: [proSeats(5)], couponPercentOff: 20 },
      currency: "EUR",
      taxRate: 19,
      billingInterval: "YEARLY",
      prorate: true,
      now: NOW,
    });
    expect(quote.chargedToday).toBe(0);
    expect(quote.currentAmount).toBe(withTax(24_000, 19));
  });

  it("charges nothing today without proration: the next cycle of fewer seats", () => {
    const quote = quoteChange({
      lines: [proSeats(2)],
      current,
      currency: "USD",
      taxRate: 0,
      billingInterval: "YEARLY",
      prorate: false,
      now: NOW,
    });
    expect(quote).toMatchObject({ proratedDays: null, chargedToday: 0, totalAmount: 12_000, couponId: null });
  });
});
