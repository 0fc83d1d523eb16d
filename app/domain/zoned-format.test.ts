import { TZDate } from "@date-fns/tz";
import { format } from "date-fns";
import { describe, expect, it } from "vitest";
import {
  dayKey,
  formatCsvDateTime,
  formatDate,
  formatDateTime,
  formatLongDateTime,
  formatPaymentDate,
  formatTime,
  monthName,
  shortMonthName,
} from "./zoned-format";

/** Each function and the date-fns pattern it stands for (the product's dates were made with date-fns before). */
const patterns = [
  [formatDateTime, "LLL. d, p"],
  [formatLongDateTime, "PPp"],
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
          expect(formatIn(instant, timeZone)).toBe(format(new TZDate(instant, timeZone), pattern));
        }
      }
    });
  }

  it("names the months", () => {
    for (let month = 1; month <= 12; month++) {
      const date = new TZDate(2026, month - 1, 15, "UTC");
      expect(shortMonthName(month)).toBe(format(date, "LLL"));
      expect(monthName(month)).toBe(format(date, "LLLL"));
    }
  });

  it("formats the spec's examples", () => {
    expect(formatDateTime(Date.UTC(2026, 10, 21, 9, 5), "UTC")).toBe("Nov. 21, 9:05 AM");
    expect(formatPaymentDate(Date.UTC(2025, 2, 5, 12), "UTC")).toBe("March 5th, 2025");
  });
});
