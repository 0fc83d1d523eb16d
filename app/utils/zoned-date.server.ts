/**
 * Dates in the user's time zone are made on the server only (loaders and
 * CSV exports render them as text). Domain modules import TZDate from here,
 * not from @date-fns/tz, so the browser build (where *.server modules are
 * empty) does not carry the time-zone library into pages that only need their texts.
 */
export { TZDate } from "@date-fns/tz";
