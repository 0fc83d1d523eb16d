import { describe, expect, it } from "vitest";
import { dateRangeBounds } from "./date-range-bounds";
import { DEFAULT_DATE_RANGE, dateRangeLabels, dateRanges, parseDateRange } from "./date-ranges";

const iso = (ms: number | undefined) => (ms === undefined ? "unbounded" : new Date(ms).toISOString());

describe("parseDateRange", () => {
  it("reads the filters and defaults to the last 12 months", () => {
    for (const range of dateRanges) expect(parseDateRange(range)).toBe(range);
    expect(parseDateRange(null)).toBe("LAST_12_MONTHS");
    expect(parseDateRange("last_month")).toBe(DEFAULT_DATE_RANGE);
  });
  it("labels the spec's five as the spec does, then the app's own All time", () => {
    expect(dateRanges.map((range) => dateRangeLabels[range])).toEqual([
      "Last 30 days",
      "Last month",
      "This month",
      "Last 12 months",
      "This year",
      "All time",
    ]);
    expect(dateRangeBounds("ALL_TIME", Date.now(), "UTC")).toEqual({});
  });
});

describe("dateRangeBounds in UTC", () => {
  const now = Date.UTC(2026, 10, 21, 9, 55, 30); // Sat Nov 21 2026 09:55:30 UTC

  it("last 30 days is now minus 30 days", () => {
    const { gte, lte } = dateRangeBounds("LAST_30_DAYS", now, "UTC");
    expect(iso(gte)).toBe("2026-10-22T09:55:30.000Z");
    expect(lte).toBe(now);
  });
  it("last month is the whole previous calendar month", () => {
    const { gte, lte } = dateRangeBounds("LAST_MONTH", now, "UTC");
    expect(iso(gte)).toBe("2026-10-01T00:00:00.000Z");
    expect(iso(lte)).toBe("2026-10-31T23:59:59.999Z");
  });
  it("this month starts at the start of the month", () => {
    const { gte, lte } = dateRangeBounds("THIS_MONTH", now, "UTC");
    expect(iso(gte)).toBe("2026-11-01T00:00:00.000Z");
    expect(lte).toBe(now);
  });
  it("last 12 months is now minus 12 months", () => {
    expect(iso(dateRangeBounds("LAST_12_MONTHS", now, "UTC").gte)).toBe("2025-11-21T09:55:30.000Z");
  });
  it("this year starts on January 1st", () => {
    expect(iso(dateRangeBounds("THIS_YEAR", now, "UTC").gte)).toBe("2026-01-01T00:00:00.000Z");
  });
});

describe("dateRangeBounds at month and year boundaries", () => {
  it("in January, last month is December of the previous year", () => {
    const { gte, lte } = dateRangeBounds("LAST_MONTH", Date.UTC(2026, 0, 15, 12), "UTC");
    expect(iso(gte)).toBe("2025-12-01T00:00:00.000Z");
    expect(iso(lte)).toBe("2025-12-31T23:59:59.999Z");
  });
  it("in March, last month is February with its 28 or 29 days", () => {
    expect(iso(dateRangeBounds("LAST_MONTH", Date.UTC(2026, 2, 31, 12), "UTC").lte)).toBe("2026-02-28T23:59:59.999Z");
    expect(iso(dateRangeBounds("LAST_MONTH", Date.UTC(2028, 2, 1, 12), "UTC").lte)).toBe("2028-02-29T23:59:59.999Z");
  });
  it("12 months before February 29th is February 28th", () => {
    expect(iso(dateRangeBounds("LAST_12_MONTHS", Date.UTC(2028, 1, 29, 8), "UTC").gte)).toBe(
      "2027-02-28T08:00:00.000Z",
    );
  });
  it("on January 1st, this year and this month start the same midnight", () => {
    const now = Date.UTC(2027, 0, 1, 0, 30);
    expect(iso(dateRangeBounds("THIS_YEAR", now, "UTC").gte)).toBe("2027-01-01T00:00:00.000Z");
    expect(iso(dateRangeBounds("THIS_MONTH", now, "UTC").gte)).toBe("2027-01-01T00:00:00.000Z");
  });
});

describe("dateRangeBounds in the user's time zone", () => {
  it("starts months at local midnight", () => {
    // Nov 21 2026 09:55 UTC is Nov 21 in Berlin (UTC+1 in winter).
    const now = Date.UTC(2026, 10, 21, 9, 55);
    expect(iso(dateRangeBounds("THIS_MONTH", now, "Europe/Berlin").gte)).toBe("2026-10-31T23:00:00.000Z");
    expect(iso(dateRangeBounds("THIS_YEAR", now, "America/New_York").gte)).toBe("2026-01-01T05:00:00.000Z");
  });
  it("uses the local calendar when the UTC date is already in the next month", () => {
    // Dec 1 2026 02:00 UTC is still Nov 30 in New York: last month is October there, November in UTC.
    const now = Date.UTC(2026, 11, 1, 2);
    const newYork = dateRangeBounds("LAST_MONTH", now, "America/New_York");
    expect(iso(newYork.gte)).toBe("2026-10-01T04:00:00.000Z"); // EDT, UTC-4
    expect(iso(newYork.lte)).toBe("2026-11-01T03:59:59.999Z");
    const utc = dateRangeBounds("LAST_MONTH", now, "UTC");
    expect(iso(utc.gte)).toBe("2026-11-01T00:00:00.000Z");
  });
  it("Tokyo's new year comes before UTC's", () => {
    const now = Date.UTC(2026, 11, 31, 20); // Jan 1 2027 05:00 in Tokyo
    expect(iso(dateRangeBounds("THIS_YEAR", now, "Asia/Tokyo").gte)).toBe("2026-12-31T15:00:00.000Z");
    expect(iso(dateRangeBounds("LAST_MONTH", now, "Asia/Tokyo").gte)).toBe("2026-11-30T15:00:00.000Z");
  });
  it("keeps the wall-clock time across a daylight saving change", () => {
    // Nov 21 2026 10:00 in Berlin (CET) minus 30 days is Oct 22 10:00 CEST = 08:00 UTC.
    const now = Date.UTC(2026, 10, 21, 9);
    expect(iso(dateRangeBounds("LAST_30_DAYS", now, "Europe/Berlin").gte)).toBe("2026-10-22T08:00:00.000Z");
  });
});
