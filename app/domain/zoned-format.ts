/*
 * Dates in the user's time zone are made on the server (loaders and CSV
 * exports render them as text). They live apart from format.ts, which pages
 * import for counts, so that no browser bundle carries them.
 *
 * A list formats a date or two on every row and an export on every line: each
 * time zone gets one Intl.DateTimeFormat, made on its first use and kept (the
 * zones are the valid IANA names, a bounded set), and every pattern is put
 * together from its numbers, in English as date-fns' en-US writes them.
 */

/** The months' names, January first, as Intl writes them in English (made once). */
function monthNames(month: "short" | "long") {
  const format = new Intl.DateTimeFormat("en-US", { month, timeZone: "UTC" });
  return Array.from({ length: 12 }, (_, index) => format.format(Date.UTC(2000, index, 15)));
}

const SHORT_MONTHS = monthNames("short");
const MONTHS = monthNames("long");

interface ZonedParts {
  year: number;
  /** 1–12 */
  month: number;
  day: number;
  /** 0–23 */
  hour: number;
  minute: number;
}

const zoneFormats = new Map<string, Intl.DateTimeFormat>();

function zoneFormat(timeZone: string) {
  let format = zoneFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat("en-US", {
      timeZone,
      year: "numeric",
      month: "numeric",
      day: "numeric",
      hour: "numeric",
      minute: "numeric",
      hourCycle: "h23",
    });
    zoneFormats.set(timeZone, format);
  }
  return format;
}

/*
 * formatToParts was the costliest call of a list's render (a list's rows and
 * "now", on every request, for the same moments again on the next). Its parts
 * name a minute, and every zone's offset is whole minutes, so they are kept
 * per zone and minute (up to 10,000; then the kept ones are dropped).
 */
const keptParts = new Map<string, Readonly<ZonedParts>>();
const MINUTE = 60_000;

function zonedParts(timestamp: number, timeZone: string): Readonly<ZonedParts> {
  const key = `${timeZone} ${Math.floor(timestamp / MINUTE)}`;
  let parts = keptParts.get(key);
  if (!parts) {
    parts = partsOf(timestamp, timeZone);
    if (keptParts.size >= 10_000) keptParts.clear();
    keptParts.set(key, parts);
  }
  return parts;
}

function partsOf(timestamp: number, timeZone: string): ZonedParts {
  const parts: ZonedParts = { year: 0, month: 0, day: 0, hour: 0, minute: 0 };
  for (const { type, value } of zoneFormat(timeZone).formatToParts(timestamp)) {
    if (type in parts) parts[type as keyof ZonedParts] = Number(value);
  }
  return parts;
}

const twoDigits = (value: number) => String(value).padStart(2, "0");

/** "p": "9:05 AM" */
function clock({ hour, minute }: ZonedParts) {
  return `${hour % 12 || 12}:${twoDigits(minute)} ${hour < 12 ? "AM" : "PM"}`;
}

/** "yyyy-MM-dd": "2026-11-21" */
function isoDay({ year, month, day }: ZonedParts) {
  return `${year}-${twoDigits(month)}-${twoDigits(day)}`;
}

/** "do": 1st, 2nd, 3rd, 4th … 11th, 12th, 13th … 21st. */
function ordinal(day: number) {
  const suffix = day % 100 >= 11 && day % 100 <= 13 ? "th" : ({ 1: "st", 2: "nd", 3: "rd" }[day % 10] ?? "th");
  return `${day}${suffix}`;
}

/** "LLL": a month's short name (1–12), "Nov". */
export function shortMonthName(month: number) {
  return SHORT_MONTHS[month - 1]!;
}

/** "LLLL": a month's name (1–12), "November". */
export function monthName(month: number) {
  return MONTHS[month - 1]!;
}

/**
 * 000 §9's "LLL." without its period after a short month that is the whole
 * word: "Nov." but "May", which is no abbreviation.
 */
function shortMonthLabel(month: number) {
  const short = shortMonthName(month);
  return short === monthName(month) ? short : `${short}.`;
}

/**
 * 000 §9: dates look like "LLL. d, p" (e.g. "Nov. 21, 9:05 AM"), in the user's
 * time zone; a date of another year than `now`'s there says its year
 * ("Nov. 21, 2025, 9:05 AM"), or a list reaching back past New Year would read
 * as if it all happened this year.
 */
export function formatDateTime(timestamp: number, timeZone: string, now = Date.now()) {
  const parts = zonedParts(timestamp, timeZone);
  const year = parts.year === zonedParts(now, timeZone).year ? "" : ` ${parts.year},`;
  return `${shortMonthLabel(parts.month)} ${parts.day},${year} ${clock(parts)}`;
}

/** A clock time in the user's time zone ("10:05 AM"). */
export function formatTime(timestamp: number, timeZone: string) {
  return clock(zonedParts(timestamp, timeZone));
}

/** The calendar day in the user's time zone, to compare two moments ("2026-11-21"). */
export function dayKey(timestamp: number, timeZone: string) {
  return isoDay(zonedParts(timestamp, timeZone));
}

/** A CSV cell's date and time in the user's time zone ("2026-11-21 09:05"), which spreadsheets read as a date. */
export function formatCsvDateTime(timestamp: number, timeZone: string) {
  const parts = zonedParts(timestamp, timeZone);
  return `${isoDay(parts)} ${twoDigits(parts.hour)}:${twoDigits(parts.minute)}`;
}

/** A calendar date in the user's time zone ("Dec. 15, 2026"). */
export function formatDate(timestamp: number, timeZone: string) {
  const { year, month, day } = zonedParts(timestamp, timeZone);
  return `${shortMonthLabel(month)} ${day}, ${year}`;
}

/** 001 §2: a payment's due date, "March 5th, 2025", in the user's time zone. */
export function formatPaymentDate(timestamp: number, timeZone: string) {
  const { year, month, day } = zonedParts(timestamp, timeZone);
  return `${monthName(month)} ${ordinal(day)}, ${year}`;
}
