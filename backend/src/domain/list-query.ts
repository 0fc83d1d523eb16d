/**
 * The query language of every list endpoint (members, mail merges, recipients,
 * team report):
 *
 *   filterBy=workspaceId:5100000000000001,lastUpdateTimestamp.gte:1732185600000,search:q3%2C%20news
 *   sortBy=lastUpdateTimestamp:desc
 *
 * (the parameters as read, after the URL's own decoding). `filterBy` is
 * comma-separated `key:value` pairs, each key at most once;
 * an enum key takes several values separated by `|`. Every value is
 * percent-encoded (as encodeURIComponent does) and decoded here, so that no
 * character a person types can change the filter's structure: `,` `:` `|`
 * and `%` inside a value must arrive as `%2C` `%3A` `%7C` `%25`; a raw one,
 * a malformed escape (`%ZZ`, `%E2%82`) or an empty pair is refused. Other
 * characters may come raw. `sortBy` is `field` or `field:asc|desc`; a field
 * without a direction takes its own default one.
 *
 * Pure parsing, driven by a per-list spec; a bad value throws a ListQueryError
 * whose message is the 400's reason, starting with the parameter's name.
 */

export class ListQueryError extends Error {}

export type SortDirection = "asc" | "desc";

/** One of the listed values, or several separated by `|`. */
export interface EnumFilterSpec<V extends string = string> {
  kind: "enum";
  values: readonly V[];
}

/**
 * The longest search of every list, members included: the app keeps up to
 * this many characters of a search (app/domain/list-query.ts), so no search
 * it sends is refused for its length (issue 26).
 */
export const SEARCH_MAX_LENGTH = 200;

/** Free text, trimmed; empty means no filter. */
export interface SearchFilterSpec {
  kind: "search";
  maxLength: number;
}

/** An opaque id such as a space id: letters, digits, `-` and `_`. */
export interface IdFilterSpec {
  kind: "id";
}

/** Epoch milliseconds, a whole number ≥ 0. */
export interface TimestampFilterSpec {
  kind: "timestamp";
}

export type FilterSpec = EnumFilterSpec | SearchFilterSpec | IdFilterSpec | TimestampFilterSpec;

type FilterValue<D> = D extends EnumFilterSpec<infer V> ? V[] : D extends TimestampFilterSpec ? number : string;

/** What a filterBy parses into: optional keys, except the required ones. */
export type ParsedFilter<F extends Record<string, FilterSpec>, R extends keyof F = never> = {
  [K in Exclude<keyof F, R>]?: FilterValue<F[K]>;
} & { [K in R]: FilterValue<F[K]> };

export interface ListSort<S extends string> {
  field: S;
  direction: SortDirection;
}

export interface ListQuerySpec<F extends Record<string, FilterSpec>, S extends string, R extends keyof F & string> {
  filters: F;
  /** Keys that must be present (400 `filterBy: {key} is required` otherwise). */
  required?: readonly R[];
  /** Every sort field with the direction it takes when none is given. */
  sorts: Record<S, SortDirection>;
  /** The sort of a missing or blank sortBy, in its default direction. */
  defaultSort: NoInfer<S>;
}

export interface ListQuery<F extends Record<string, FilterSpec>, S extends string, R extends keyof F & string> {
  spec: ListQuerySpec<F, S, R>;
  parseFilter(filterBy: string | undefined): ParsedFilter<F, R>;
  parseSort(sortBy: string | undefined): ListSort<S>;
  defaultSort: ListSort<S>;
}

/** Characters with a meaning in filterBy: inside a value they must be percent-encoded. */
const RESERVED_IN_VALUE = /[,:|%]/;

/**
 * One value, percent-decoded. decodeURIComponent refuses a `%` without two
 * hex digits and escapes that are not UTF-8; a raw `%` that happens to form
 * an escape is indistinguishable from one, which is why the client encodes it.
 */
function decodeValue(key: string, raw: string): string {
  if (RESERVED_IN_VALUE.test(raw.replace(/%[0-9A-Fa-f]{2}/g, ""))) {
    throw new ListQueryError(`filterBy: ${key} has an unencoded , : | or % (values are percent-encoded)`);
  }
  try {
    return decodeURIComponent(raw);
  } catch {
    throw new ListQueryError(`filterBy: ${key} has a malformed percent-escape`);
  }
}

function enumValues(key: string, raw: string, allowed: readonly string[]): string[] {
  if (raw.trim() === "") throw new ListQueryError(`filterBy: ${key} needs at least one value`);
  const values = raw.split("|").map((value) => decodeValue(key, value).trim());
  for (const value of values) {
    if (!allowed.includes(value)) {
      throw new ListQueryError(`filterBy: unknown ${key} "${value}" (expected ${allowed.join(", ")})`);
    }
  }
  return [...new Set(values)];
}

function filterValue(key: string, raw: string, spec: FilterSpec): unknown {
  if (spec.kind === "enum") return enumValues(key, raw, spec.values);
  const value = decodeValue(key, raw).trim();
  switch (spec.kind) {
    case "search":
      if (value.length > spec.maxLength) {
        throw new ListQueryError(`filterBy: ${key} is longer than ${spec.maxLength} characters`);
      }
      // An empty search means no filter (002 §5).
      return value === "" ? undefined : value;
    case "id":
      if (value === "") throw new ListQueryError(`filterBy: ${key} needs a value`);
      if (!/^[\w-]+$/.test(value)) throw new ListQueryError(`filterBy: ${key} is not a valid id`);
      return value;
    case "timestamp": {
      const number = Number(value);
      if (!/^\d{1,16}$/.test(value) || !Number.isSafeInteger(number)) {
        throw new ListQueryError(`filterBy: ${key} must be a whole number of milliseconds`);
      }
      return number;
    }
  }
}

/** Builds the parsers of one list from its spec. */
export function defineListQuery<
  const F extends Record<string, FilterSpec>,
  S extends string,
  R extends keyof F & string = never,
>(spec: ListQuerySpec<F, S, R>): ListQuery<F, S, R> {
  const keys = Object.keys(spec.filters);
  const sortFields = Object.keys(spec.sorts) as S[];
  const defaultSort: ListSort<S> = { field: spec.defaultSort, direction: spec.sorts[spec.defaultSort] };

  function parseFilter(filterBy: string | undefined): ParsedFilter<F, R> {
    const filter: Record<string, unknown> = {};
    const seen = new Set<string>();
    if (filterBy !== undefined && filterBy.trim() !== "") {
      // Values never hold a raw comma, so every comma ends a pair.
      for (const pair of filterBy.split(",")) {
        const colon = pair.indexOf(":");
        const key = (colon < 0 ? pair : pair.slice(0, colon)).trim();
        if (colon < 0 || !keys.includes(key)) {
          throw new ListQueryError(`filterBy: expected key:value pairs with keys ${keys.join(", ")}`);
        }
        if (seen.has(key)) throw new ListQueryError(`filterBy: ${key} given twice`);
        seen.add(key);
        const value = filterValue(key, pair.slice(colon + 1), spec.filters[key]);
        if (value !== undefined) filter[key] = value;
      }
    }
    for (const key of spec.required ?? []) {
      if (!(key in filter)) throw new ListQueryError(`filterBy: ${key} is required`);
    }
    return filter as ParsedFilter<F, R>;
  }

  function parseSort(sortBy: string | undefined): ListSort<S> {
    if (sortBy === undefined || sortBy.trim() === "") return defaultSort;
    const [field, direction, ...rest] = sortBy.trim().split(":");
    if (!(sortFields as string[]).includes(field)) {
      throw new ListQueryError(`sortBy: expected one of ${sortFields.join(", ")}`);
    }
    const sortField = field as S;
    if (direction === undefined) return { field: sortField, direction: spec.sorts[sortField] };
    if (rest.length > 0 || (direction !== "asc" && direction !== "desc")) {
      throw new ListQueryError("sortBy: the direction is asc or desc");
    }
    return { field: sortField, direction };
  }

  return { spec, parseFilter, parseSort, defaultSort };
}
