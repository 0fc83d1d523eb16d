import { TZDate } from "@date-fns/tz";
import { format } from "date-fns";

/*
 * Dates in the user's time zone are made on the server (loaders and CSV
 * exports render them as text). They live apart from format.ts, which pages
 * import for counts, so that no browser bundle carries the time-zone library.
 */

/**
 * 000 §9's "LLL." without its period after a short month that is the whole
 * word: "Nov." but "May", which is no abbreviation.
 */
function shortMonth(date: Date) {
  const short = format(date, "LLL");
  return short === format(date, "LLLL") ? short : `${short}.`;
}

/**
 * 000 §9: dates look like "LLL. d, p" (e.g. "Nov. 21, 9:05 AM"), in the user's
 * time zone; a date of another year than `now`'s there says its year
 * ("Nov. 21, 2025, 9:05 AM"), or a list reaching back past New Year would read
 * as if it all happened this year.
 */
export function formatDateTime(timestamp: number, timeZone: string, now = Date.now()) {
  const date = new TZDate(timestamp, timeZone);
  const sameYear = date.getFullYear() === new TZDate(now, timeZone).getFullYear();
  return `${shortMonth(date)} ${format(date, sameYear ? "d, p" : "d, yyyy, p")}`;
}

/** A clock time in the user's time zone ("10:05 AM"). */
export function formatTime(timestamp: number, timeZone: string) {
  return format(new TZDate(timestamp, timeZone), "p");
}

/** The calendar day in the user's time zone, to compare two moments. */
export function dayKey(timestamp: number, timeZone: string) {
  return format(new TZDate(timestamp, timeZone), "yyyy-MM-dd");
}

/** A calendar date in the user's time zone ("Dec. 15, 2026"). */
export function formatDate(timestamp: number, timeZone: string) {
  const date = new TZDate(timestamp, timeZone);
  return `${shortMonth(date)} ${format(date, "d, yyyy")}`;
}

/** 001 §2: a payment's due date, "March 5th, 2025", in the user's time zone. */
export function formatPaymentDate(timestamp: number, timeZone: string) {
  return format(new TZDate(timestamp, timeZone), "MMMM do, yyyy");
}
