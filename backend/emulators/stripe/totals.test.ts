import { describe, expect, it } from "vitest";
import { totalsOf } from "./totals";

const vat = (percentage: number, inclusive = false) => ({
  id: `txr_${percentage}${inclusive ? "_in" : ""}`,
  percentage,
  inclusive,
});

describe("totalsOf", () => {
  it("takes the coupon off the subtotal, then adds exclusive tax on what is left", () => {
    expect(totalsOf([{ amount: 18_000, taxRates: [vat(21)] }], 30)).toMatchObject({
      subtotal: 18_000,
      discount: 5_400,
      tax: 2_646,
      totalExcludingTax: 12_600,
      total: 15_246,
      taxes: [{ amount: 2_646, taxableAmount: 12_600 }],
    });
  });

  it("rounds the discount and the tax to minor units", () => {
    // 20 % of 2997 is 599.4; 19 % of 2398 is 455.62.
    expect(totalsOf([{ amount: 2_997, taxRates: [vat(19)] }], 20)).toMatchObject({
      discount: 599,
      tax: 456,
      total: 2_854,
    });
  });

  it("shares the discount between lines so that the shares add up to the discount of the subtotal", () => {
    const totals = totalsOf(
      [
        { amount: 333, taxRates: [] },
        { amount: 333, taxRates: [] },
      ],
      50,
    );
    expect(totals.lines.map((line) => line.discount)).toEqual([167, 166]);
    expect(totals.discount).toBe(333);
  });

  it("takes an inclusive tax out of the amount without adding it to the total", () => {
    expect(totalsOf([{ amount: 12_100, taxRates: [vat(21, true)] }], null)).toMatchObject({
      discount: 0,
      tax: 2_100,
      totalExcludingTax: 10_000,
      total: 12_100,
      taxes: [{ amount: 2_100, taxableAmount: 10_000 }],
    });
  });

  it("adds up each rate's tax over the lines", () => {
    const totals = totalsOf(
      [
        { amount: 1_000, taxRates: [vat(10)] },
        { amount: 3_000, taxRates: [vat(10)] },
      ],
      null,
    );
    expect(totals.taxes).toEqual([{ rate: vat(10), amount: 400, taxableAmount: 4_000 }]);
    expect(totals.total).toBe(4_400);
  });
});
