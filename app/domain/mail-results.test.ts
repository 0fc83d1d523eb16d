import { describe, expect, it } from "vitest";
import { deliveredCount, mailResults, percentOf } from "./mail-results";

describe("percentOf", () => {
  it("rounds to whole percent", () => {
    expect(percentOf(1, 3)).toBe(33);
    expect(percentOf(2, 3)).toBe(67);
    expect(percentOf(1, 8)).toBe(13); // 12.5 rounds up
    expect(percentOf(1, 200)).toBe(1); // 0.5 rounds up
    expect(percentOf(1, 201)).toBe(0);
  });
  it("gives 0 when dividing by zero", () => {
    expect(percentOf(0, 0)).toBe(0);
    expect(percentOf(5, 0)).toBe(0);
  });
});

describe("mailResults", () => {
  it("measures opened, clicked, responded and unsubscribed against delivered, bounced against sent", () => {
    const results = mailResults({
      sentCount: 200,
      bouncedCount: 20,
      openedCount: 90,
      clickedCount: 45,
      respondedCount: 9,
      unsubscribedCount: 2,
    });
    expect(results.delivered).toEqual({ count: 180, percent: 90 });
    expect(results.opened).toEqual({ count: 90, percent: 50 });
    expect(results.clicked).toEqual({ count: 45, percent: 25 });
    expect(results.responded).toEqual({ count: 9, percent: 5 });
    expect(results.unsubscribed).toEqual({ count: 2, percent: 1 }); // 1.11 → 1
    expect(results.bounced).toEqual({ count: 20, percent: 10 });
  });

  it("gives 0 everywhere for a merge that sent nothing", () => {
    const results = mailResults({ sentCount: 0, bouncedCount: 0, openedCount: 0, clickedCount: 0 });
    for (const result of Object.values(results)) expect(result.percent).toBe(0);
    expect(results.responded.count).toBe(0);
  });

  it("gives 0 against delivered when everything bounced", () => {
    const results = mailResults({ sentCount: 10, bouncedCount: 10, openedCount: 3, clickedCount: 1 });
    expect(results.delivered).toEqual({ count: 0, percent: 0 });
    expect(results.opened).toEqual({ count: 3, percent: 0 });
    expect(results.bounced.percent).toBe(100);
  });

  it("never lets delivered go below zero", () => {
    expect(deliveredCount({ sentCount: 3, bouncedCount: 5 })).toBe(0);
  });
});
