/**
 * The Sent tab's date filters (002 §2, §9); their bounds are in
 * date-range-bounds.ts, apart, so that the page's bundle does not carry the
 * time-zone library. ALL_TIME is
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
