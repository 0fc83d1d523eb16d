import { isBackendError, logSurvivedFailure } from "./http.server";

/**
 * The filterBy of every list call, and what a refused one means for a list
 * (backend/README.md "v2 and v1", backend/src/domain/list-query.ts).
 */

/** A filter's value: text or a number, or several enum values; empty or absent: no filter. */
export type FilterValue = string | number | readonly string[] | null | undefined;

/**
 * A lone UTF-16 surrogate (a 200-character cut through an emoji) would make
 * encodeURIComponent throw; it becomes U+FFFD, as a browser would send it.
 */
function wellFormed(text: string) {
  return text.replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, "\uFFFD");
}

const encodeValue = (value: string | number) => encodeURIComponent(wellFormed(String(value)));

/**
 * `key:value` pairs joined by commas, each value percent-encoded and enum
 * values joined by `|`: whatever a person typed stays one value, since `,`,
 * `:`, `|` and `%` in it arrive escaped and the backend decodes them strictly.
 */
export function buildFilterBy(pairs: Record<string, FilterValue>): string | undefined {
  const encoded: string[] = [];
  for (const [key, value] of Object.entries(pairs)) {
    if (value === null || value === undefined || value === "") continue;
    if (typeof value === "string" || typeof value === "number") encoded.push(`${key}:${encodeValue(value)}`);
    else if (value.length > 0) encoded.push(`${key}:${value.map(encodeValue).join("|")}`);
  }
  return encoded.length > 0 ? encoded.join(",") : undefined;
}

/** The backend refused the list's query (400): the list's own fault, not the backend's. */
export function isRefusedQuery(error: unknown) {
  return isBackendError(error, 400);
}

/**
 * A list page whose query the backend refuses matches nothing: the page shows
 * its no-match state with the search kept, instead of an error screen
 * (ARCHITECTURE "Strict input"). `none` is the answer that matches nothing.
 */
export async function answerOrNoneIfRefused<T>(answer: Promise<T>, none: () => T | Promise<T>): Promise<T> {
  try {
    return await answer;
  } catch (error) {
    if (!isRefusedQuery(error)) throw error;
    // Also how a bug of ours in a filter would show, so it leaves a trace.
    logSurvivedFailure(error, "list query refused");
    return none();
  }
}

/** answerOrNoneIfRefused for a list that is its rows. */
export function rowsOrNoneIfRefused<T>(rows: Promise<T[]>): Promise<T[]> {
  return answerOrNoneIfRefused(rows, () => []);
}
