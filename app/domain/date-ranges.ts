import { TZDate } from "@date-fns/tz";
import { endOfMonth, startOfMonth, startOfYear, subDays, subMonths } from "date-fns";

/**
 * The Sent tab's date filters (002 §2, §9), as `{ gte, lte }` bounds of the
 * campaigns' lastUpdateTimestamp in epoch milliseconds. Calendar boundaries
 * (start of month, of year) are those of the user's time zone. ALL_TIME is
 * this app's own: the spec's widest filter is the default 12 months, so
 * merges older than that could never be listed, and an empty range must
 * offer a wider one (issue 9).
 */
export const dateRanges = [
  "LAST_30_DAYS",
  "LAST_MONTH",
  "THIS_MONTH",
  "LAST_12_MONTHS",
  "THIS_YEAR",
  "ALL_TIME",
] as const;
export type DateRange = (typeof dateRanges)[number];

export const DEFAULT_DATE_RANGE: DateRange = "LAST_12_MONTHS";

export const dateRangeLabels: Record<DateRange, string> = {
  LAST_30_DAYS: "Last 30 days",
  LAST_MONTH: "Last month",
  THIS_MONTH: "This month",
  LAST_12_MONTHS: "Last 12 months",
  THIS_YEAR: "This year",
  ALL_TIME: "All time",
};

/** The range in the URL, or the default for a missing or unknown value. */
export function parseDateRange(value: string | null | undefined): DateRange {
  return dateRanges.find((range) => range === value) ?? DEFAULT_DATE_RANGE;
}

/** No bound is "any time" (ALL_TIME). */
export interface DateBounds {
  gte?: number;
  lte?: number;
}

/**
 * - LAST_30_DAYS: now minus 30 days, to now
 * - LAST_MONTH: the whole previous calendar month (first to last millisecond)
 * - THIS_MONTH: the start of the current month, to now
 * - LAST_12_MONTHS: now minus 12 months, to now
 * - THIS_YEAR: the start of the current year, to now
 * - ALL_TIME: no bounds
 */
export function dateRangeBounds(range: DateRange, now: number, timeZone: string): DateBounds {
  const zonedNow = new TZDate(now, timeZone);
  switch (range) {
    case "LAST_30_DAYS":
      return { gte: subDays(zonedNow, 30).getTime(), lte: now };
    case "LAST_MONTH": {
      const previousMonth = subMonths(startOfMonth(zonedNow), 1);
      return { gte: previousMonth.getTime(), lte: endOfMonth(previousMonth).getTime() };
    }
    case "THIS_MONTH":
      return { gte: startOfMonth(zonedNow).getTime(), lte: now };
    case "LAST_12_MONTHS":
      return { gte: subMonths(zonedNow, 12).getTime(), lte: now };
    case "THIS_YEAR":
      return { gte: startOfYear(zonedNow).getTime(), lte: now };
    case "ALL_TIME":
      return {};
  }
}
