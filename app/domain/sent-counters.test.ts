import { describe, expect, it } from "vitest";
import { currentMonthCount, recentMonthCounts, yearMonthOf } from "./sent-counters";

const months = [
  { year: 2025, month: 11, count: 500 },
  { year: 2025, month: 12, count: 40 },
  { year: 2026, month: 1, count: 70 },
  { year: 2026, month: 10, count: 310 },
  { year: 2026, month: 11, count: 120 },
];

describe("currentMonthCount", () => {
  it("matches the current year and month", () => {
    expect(currentMonthCount(months, Date.UTC(2026, 10, 21), "UTC")).toBe(120);
    expect(currentMonthCount(months, Date.UTC(2026, 0, 3), "UTC")).toBe(70);
  });
  it("does not take the same month of another year", () => {
    expect(currentMonthCount(months, Date.UTC(2024, 10, 21), "UTC")).toBe(0);
  });
  it("is 0 for a month without an entry", () => {
    expect(currentMonthCount(months, Date.UTC(2026, 6, 1), "UTC")).toBe(0);
    expect(currentMonthCount([], Date.UTC(2026, 10, 21), "UTC")).toBe(0);
  });
  it("follows the user's calendar", () => {
    // Nov 1 2026 02:00 UTC is still Oct 31 in New York.
    const now = Date.UTC(2026, 10, 1, 2);
    expect(currentMonthCount(months, now, "UTC")).toBe(120);
    expect(currentMonthCount(months, now, "America/New_York")).toBe(310);
    expect(yearMonthOf(Date.UTC(2025, 11, 31, 20), "Asia/Tokyo")).toEqual({ year: 2026, month: 1 });
  });
});

describe("recentMonthCounts", () => {
  it("gives the last 12 months ending with the current one, oldest first, with gaps as 0", () => {
    const recent = recentMonthCounts(months, Date.UTC(2026, 10, 21), "UTC");
    expect(recent).toHaveLength(12);
    expect(recent[0]).toEqual({ year: 2025, month: 12, count: 40 });
    expect(recent[1]).toEqual({ year: 2026, month: 1, count: 70 });
    expect(recent[2]).toEqual({ year: 2026, month: 2, count: 0 });
    expect(recent[11]).toEqual({ year: 2026, month: 11, count: 120 });
  });
  it("crosses the year boundary in January", () => {
    const recent = recentMonthCounts(months, Date.UTC(2026, 0, 10), "UTC");
    expect(recent.map(({ year, month }) => `${year}-${month}`)).toEqual([
      "2025-2",
      "2025-3",
      "2025-4",
      "2025-5",
      "2025-6",
      "2025-7",
      "2025-8",
      "2025-9",
      "2025-10",
      "2025-11",
      "2025-12",
      "2026-1",
    ]);
    expect(recent.at(-2)!.count).toBe(40);
  });
});
