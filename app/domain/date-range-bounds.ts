import { TZDate } from "@date-fns/tz";
import { endOfMonth, startOfMonth, startOfYear, subDays, subMonths } from "date-fns";
import type { DateRange } from "./date-ranges";

/*
 * The Sent tab's date filters as `{ gte, lte }` bounds of the campaigns'
 * lastUpdateTimestamp in epoch milliseconds (002 §2, §9). Calendar boundaries
 * (start of month, of year) are those of the user's time zone. Used on the
 * server only.
 */

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
