import { describe, expect, it } from "vitest";
import { formatCount } from "./format";
import { formatDate, formatDateTime } from "./zoned-format";

describe("formatDateTime", () => {
  const instant = Date.UTC(2026, 10, 21, 9, 5);
  const sameYear = Date.UTC(2026, 11, 1);
  it("uses the spec's pattern in UTC", () => {
    expect(formatDateTime(instant, "UTC", sameYear)).toBe("Nov. 21, 9:05 AM");
  });
  it("shows the user's time zone", () => {
    expect(formatDateTime(instant, "America/New_York", sameYear)).toBe("Nov. 21, 4:05 AM");
    expect(formatDateTime(instant, "Asia/Tokyo", sameYear)).toBe("Nov. 21, 6:05 PM");
  });
  it("adds the year when the date is not in the current year", () => {
    expect(formatDateTime(instant, "UTC", Date.UTC(2027, 0, 2))).toBe("Nov. 21, 2026, 9:05 AM");
    expect(formatDateTime(instant, "UTC", Date.UTC(2025, 11, 31))).toBe("Nov. 21, 2026, 9:05 AM");
  });
  it("compares years in the user's time zone", () => {
    const newYearInTokyo = Date.UTC(2026, 11, 31, 20, 0);
    const nowInTokyo2027 = Date.UTC(2027, 0, 1, 3, 0);
    expect(formatDateTime(newYearInTokyo, "Asia/Tokyo", nowInTokyo2027)).toBe("Jan. 1, 5:00 AM");
    expect(formatDateTime(newYearInTokyo, "UTC", nowInTokyo2027)).toBe("Dec. 31, 2026, 8:00 PM");
  });
  it("puts no period after a short month that is the whole word", () => {
    expect(formatDateTime(Date.UTC(2026, 4, 3, 9, 5), "UTC", sameYear)).toBe("May 3, 9:05 AM");
    expect(formatDateTime(Date.UTC(2026, 5, 3, 9, 5), "UTC", sameYear)).toBe("Jun. 3, 9:05 AM");
    expect(formatDate(Date.UTC(2026, 4, 3), "UTC")).toBe("May 3, 2026");
    expect(formatDate(Date.UTC(2026, 8, 3), "UTC")).toBe("Sep. 3, 2026");
  });
});

describe("formatCount", () => {
  it("groups thousands with dots", () => {
    expect(formatCount(1234567)).toBe("1.234.567");
    expect(formatCount(999)).toBe("999");
  });
});
