import { TZDate } from "@date-fns/tz";
import { format } from "date-fns";
import { describe, expect, it } from "vitest";
import {
  dayKey,
  formatCsvDateTime,
  formatDate,
  formatDateTime,
  formatPaymentDate,
  formatTime,
  monthName,
  shortMonthName,
} from "./zoned-format";

/** A date and time of the current year, where it shows no year. */
const formatDateTimeThisYear = (instant: number, timeZone: string) => formatDateTime(instant, timeZone, instant);

/**
 * Each function and the date-fns pattern it stands for (the product's dates
 * were made with date-fns before), except that "May" takes no period.
 */
const patterns = [
  [formatDateTimeThisYear, "LLL. d, p"],
  [formatTime, "p"],
  [dayKey, "yyyy-MM-dd"],
  [formatCsvDateTime, "yyyy-MM-dd HH:mm"],
  [formatDate, "LLL. d, yyyy"],
  [formatPaymentDate, "MMMM do, yyyy"],
] as const;

const zones = ["UTC", "America/New_York", "Asia/Kolkata", "Pacific/Chatham", "Europe/Berlin", "Australia/Lord_Howe"];

/** Every day of two years at a varying time, midnights and noons, and the hours around a daylight-saving change. */
const instants = [
  ...Array.from({ length: 731 }, (_, day) => Date.UTC(2025, 0, 1) + day * 86_400_000 + ((day * 7919) % 86_400) * 1000),
  Date.UTC(2026, 0, 1, 0, 0),
  Date.UTC(2026, 5, 15, 12, 0),
  ...Array.from({ length: 48 }, (_, hour) => Date.UTC(2026, 2, 28) + hour * 3_600_000),
];

describe("dates in the user's time zone", () => {
  for (const [formatIn, pattern] of patterns) {
    it(`${formatIn.name} writes what date-fns writes for "${pattern}"`, () => {
      for (const timeZone of zones) {
        for (const instant of instants) {
          expect(formatIn(instant, timeZone)).toBe(
            format(new TZDate(instant, timeZone), pattern).replace("May.", "May"),
          );
        }
      }
    });
  }

  it("answers again from the parts kept for each minute, as at first", () => {
    for (const timeZone of zones) {
      for (const instant of instants.slice(-48)) {
        const first = formatCsvDateTime(instant, timeZone);
        expect(formatCsvDateTime(instant + 59_999, timeZone)).toBe(first);
        expect(formatCsvDateTime(instant, timeZone)).toBe(first);
        expect(formatCsvDateTime(instant + 60_000, timeZone)).toBe(
          format(new TZDate(instant + 60_000, timeZone), "yyyy-MM-dd HH:mm"),
        );
      }
    }
  });

  it("names the months", () => {
    for (let month = 1; month <= 12; month++) {
      const date = new TZDate(2026, month - 1, 15, "UTC");
      expect(shortMonthName(month)).toBe(format(date, "LLL"));
      expect(monthName(month)).toBe(format(date, "LLLL"));
    }
  });

  it("formats the spec's examples", () => {
    expect(formatDateTime(Date.UTC(2026, 10, 21, 9, 5), "UTC", Date.UTC(2026, 11, 1))).toBe("Nov. 21, 9:05 AM");
    expect(formatPaymentDate(Date.UTC(2025, 2, 5, 12), "UTC")).toBe("March 5th, 2025");
  });
});

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
