import { TZDate } from "@date-fns/tz";

/**
 * The user's sent-mail counters in a space (000 §3, 002 §3): a lifetime total
 * and one count per calendar month (month 1–12). "This month" is the entry
 * matching the current year and month, in the user's time zone.
 */
export interface MonthlyCount {
  year: number;
  month: number;
  count: number;
}

export interface YearMonth {
  year: number;
  month: number;
}

export function yearMonthOf(now: number, timeZone: string): YearMonth {
  const zoned = new TZDate(now, timeZone);
  return { year: zoned.getFullYear(), month: zoned.getMonth() + 1 };
}

/** The count of the current month; 0 when the month has no entry yet. */
export function currentMonthCount(months: MonthlyCount[], now: number, timeZone: string) {
  const { year, month } = yearMonthOf(now, timeZone);
  return months
    .filter((entry) => entry.year === year && entry.month === month)
    .reduce((sum, entry) => sum + entry.count, 0);
}

/** The last `length` calendar months ending with the current one, oldest first; missing months count 0. */
export function recentMonthCounts(months: MonthlyCount[], now: number, timeZone: string, length = 12): MonthlyCount[] {
  const current = yearMonthOf(now, timeZone);
  return Array.from({ length }, (_, index) => {
    const back = length - 1 - index;
    const monthIndex = current.year * 12 + (current.month - 1) - back;
    const year = Math.floor(monthIndex / 12);
    const month = (monthIndex % 12) + 1;
    const count = months
      .filter((entry) => entry.year === year && entry.month === month)
      .reduce((sum, entry) => sum + entry.count, 0);
    return { year, month, count };
  });
}
