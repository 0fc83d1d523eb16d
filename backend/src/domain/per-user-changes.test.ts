import { describe, expect, it } from "vitest";
import {
  itemChanges,
  perUserItems,
  planPerUserChange,
  prorationAmount,
  quotePerUserChange,
  quotePerUserPurchase,
  type Item,
  type PerUserChangeTerms,
} from "./per-user-changes";

const NOW = Date.UTC(2026, 10, 21, 12);
const DAY = 86_400_000;
const item = (paymentPlanId: string, userPlan: Item["userPlan"], quantity: number, unitAmount: number): Item => ({
  paymentPlanId,
  userPlan,
  quantity,
  unitAmount,
});
const premium = (quantity: number) => item("premium-yearly-usd", "PRO", quantity, 12_000);
const pro = (quantity: number) => item("pro-yearly-usd", "PRO", quantity, 6000);
const gmail = (quantity: number) => item("pro-personal-yearly-usd", "PRO_PERSONAL", quantity, 3600);
const team5 = item("team-5-yearly-eur", "PRO", 1, 15_000);

/** Bigco as seeded: 4 Premium users and a Gmail user, yearly. */
const bigco = (extra: Partial<PerUserChangeTerms> = {}): PerUserChangeTerms => ({
  held: [premium(4), gmail(1)],
  currentPlan: "PREMIUM",
  targetPlan: "PREMIUM",
  currentInterval: "YEARLY",
  renewalInterval: "YEARLY",
  currency: "USD",
  counts: { PRO: 4, PRO_PERSONAL: 1 },
  madePaid: { PRO: 0, PRO_PERSONAL: 0 },
  legacy: false,
  ...extra,
});

/** A Belgian legacy team licence in euros moving to Pro for `users` domain users. */
const ghentToPro = (users: number): PerUserChangeTerms => ({
  ...bigco(),
  held: [team5],
  currentPlan: "LEGACY",
  targetPlan: "PRO",
  currency: "EUR",
  counts: { PRO: users, PRO_PERSONAL: 0 },
  legacy: true,
});

describe("perUserItems", () => {
  it("prices domain users at the plan and Gmail users at Gmail Pro, and leaves out kinds with nobody", () => {
    expect(perUserItems({ PRO: 3, PRO_PERSONAL: 1 }, "PREMIUM", "MONTHLY", "EUR")).toEqual([
      item("premium-monthly-eur", "PRO", 3, 4000),
      item("pro-personal-monthly-eur", "PRO_PERSONAL", 1, 1000),
    ]);
    expect(perUserItems({ PRO: 2, PRO_PERSONAL: 0 }, "PRO", "YEARLY", "USD")).toEqual([pro(2)]);
  });
});

describe("itemChanges and prorationAmount", () => {
  it("keeps an item's place for its kind of user, deletes team items, adds the rest, skips the unchanged", () => {
    expect(itemChanges([premium(4), gmail(1)], [premium(5), gmail(1)])).toEqual([{ from: premium(4), to: premium(5) }]);
    expect(itemChanges([team5], [pro(3), gmail(1)])).toEqual([
      { from: team5, to: null },
      { from: null, to: pro(3) },
      { from: null, to: gmail(1) },
    ]);
    expect(itemChanges([pro(2), gmail(1)], [pro(2)])).toEqual([{ from: gmail(1), to: null }]);
  });

  it("charges a quantity's difference, and a new price less the old one's unused time, line by line", () => {
    expect(prorationAmount([{ from: premium(4), to: premium(5) }], 0.5)).toBe(6000);
    // Pro → Premium for 3 users, a third of the year left: −6000 + 12 000.
    expect(prorationAmount([{ from: pro(3), to: premium(3) }], 1 / 3)).toBe(6000);
    expect(
      prorationAmount(
        [
          { from: team5, to: null },
          { from: null, to: pro(3) },
        ],
        0.5,
      ),
    ).toBe(1500);
  });
});

describe("planPerUserChange", () => {
  it("changes nothing when nothing changes", () => {
    expect(planPerUserChange(bigco())).toEqual({ steps: [], renewal: [premium(4), gmail(1)] });
  });

  it("charges the seats of users made paid, and drops the leaving ones' seats afterwards without charge", () => {
    const change = planPerUserChange(
      bigco({ counts: { PRO: 4, PRO_PERSONAL: 1 }, madePaid: { PRO: 1, PRO_PERSONAL: 0 } }),
    );
    expect(change.steps).toEqual([
      { charged: true, items: [premium(5), gmail(1)] },
      { charged: false, items: [premium(4), gmail(1)] },
    ]);
  });

  it("moves Pro to Premium in the charged step, and Premium to Pro before it, uncharged", () => {
    const up = planPerUserChange({
      ...bigco(),
      held: [pro(2)],
      currentPlan: "PRO",
      counts: { PRO: 3, PRO_PERSONAL: 0 },
      madePaid: { PRO: 1, PRO_PERSONAL: 0 },
    });
    expect(up.steps).toEqual([{ charged: true, items: [premium(3)] }]);
    const down = planPerUserChange(
      bigco({ targetPlan: "PRO", counts: { PRO: 5, PRO_PERSONAL: 1 }, madePaid: { PRO: 1, PRO_PERSONAL: 0 } }),
    );
    expect(down.steps).toEqual([
      { charged: false, items: [pro(4), gmail(1)] },
      { charged: true, items: [pro(5), gmail(1)] },
    ]);
    const downOnly = planPerUserChange(bigco({ targetPlan: "PRO" }));
    expect(downOnly.steps).toEqual([{ charged: false, items: [pro(4), gmail(1)] }]);
  });

  it("replaces a legacy licence's team item at once, charged, and plans the renewal at the other interval", () => {
    const legacy = planPerUserChange(ghentToPro(3));
    expect(legacy.steps).toEqual([{ charged: true, items: [item("pro-yearly-eur", "PRO", 3, 6000)] }]);
    const monthly = planPerUserChange(bigco({ renewalInterval: "MONTHLY" }));
    expect(monthly).toEqual({
      steps: [],
      renewal: [item("premium-monthly-usd", "PRO", 4, 4000), item("pro-personal-monthly-usd", "PRO_PERSONAL", 1, 1000)],
    });
  });
});

describe("quotes", () => {
  const period = { startTimestamp: NOW - 200 * DAY, endTimestamp: NOW + 165 * DAY };
  const terms = {
    held: [premium(4), gmail(1)],
    currency: "USD" as const,
    taxRate: 0,
    currentInterval: "YEARLY" as const,
    renewalInterval: "YEARLY" as const,
    period,
    prorate: true,
    now: NOW,
  };

  it("prices a purchase: charged today the first cycle, renewing a cycle later", () => {
    const quote = quotePerUserPurchase({
      items: [premium(2), gmail(1)],
      currency: "EUR",
      taxRate: 21,
      billingInterval: "MONTHLY",
      now: NOW,
    });
    expect(quote).toMatchObject({
      totalBeforeTax: 27_600,
      totalAmount: 33_396,
      chargedToday: 33_396,
      currentAmount: 0,
    });
    expect(new Date(quote.nextPaymentTimestamp).toISOString()).toBe("2026-12-21T12:00:00.000Z");
  });

  it("charges a change's charged step for the time left, with tax, and prices the next cycle after it all", () => {
    const change = planPerUserChange(
      bigco({ counts: { PRO: 5, PRO_PERSONAL: 1 }, madePaid: { PRO: 1, PRO_PERSONAL: 0 } }),
    );
    const quote = quotePerUserChange(change, { ...terms, taxRate: 10 });
    const fraction = 165 / 365;
    expect(quote).toMatchObject({
      proratedDays: 165,
      chargedToday: Math.round(Math.round(12_000 * fraction) * 1.1),
      totalBeforeTax: 63_600,
      currentAmount: Math.round(51_600 * 1.1),
      nextPaymentTimestamp: period.endTimestamp,
      couponId: null,
    });
    expect(quotePerUserChange(change, { ...terms, prorate: false })).toMatchObject({
      chargedToday: 0,
      proratedDays: null,
    });
  });

  it("charges nothing when the credit of a legacy licence exceeds the new prices", () => {
    const legacy = planPerUserChange(ghentToPro(2));
    expect(quotePerUserChange(legacy, { ...terms, held: [team5], currency: "EUR", taxRate: 21 })).toMatchObject({
      chargedToday: 0,
      currentAmount: 18_150,
      totalAmount: 14_520,
    });
  });

  it("charges nothing now for a downgrade, and quotes the renewal at its interval", () => {
    const down = planPerUserChange(bigco({ counts: { PRO: 3, PRO_PERSONAL: 1 }, renewalInterval: "MONTHLY" }));
    expect(quotePerUserChange(down, { ...terms, renewalInterval: "MONTHLY" })).toMatchObject({
      chargedToday: 0,
      totalAmount: 3 * 4000 + 1000,
      targetBillingInterval: "MONTHLY",
    });
  });
});
