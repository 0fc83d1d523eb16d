import { TZDate } from "@date-fns/tz";
import { format } from "date-fns";

/** 000 §9: dates look like "LLL. d, p" (e.g. "Nov. 21, 9:05 AM"), in the user's time zone. */
export function formatDateTime(timestamp: number, timeZone: string) {
  return format(new TZDate(timestamp, timeZone), "LLL. d, p");
}

/** Counts use German number formatting (002 §9): 1.234.567. */
export function formatCount(value: number) {
  return new Intl.NumberFormat("de-DE").format(value);
}
