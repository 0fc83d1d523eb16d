/**
 * The query language of every list endpoint (members, mail merges, recipients,
 * team report):
 *
 *   filterBy=workspaceId:5100000000000001,lastUpdateTimestamp.gte:1732185600000,search:q3, news
 *   sortBy=lastUpdateTimestamp:desc
 *
 * `filterBy` is comma-separated `key:value` pairs, each key at most once. Pairs
 * are split only where a known `key:` follows, so a search text may contain
 * commas. Enum values are separated by `|` (a comma is accepted too:
 * `role:OWNER,ADMIN`). `sortBy` is `field` or `field:asc|desc`; a field
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

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

function enumValues(key: string, raw: string, allowed: readonly string[]): string[] {
  const values = raw
    .split(/[|,]/)
    .map((value) => value.trim())
    .filter((value) => value !== "");
  if (values.length === 0) throw new ListQueryError(`filterBy: ${key} needs at least one value`);
  for (const value of values) {
    if (!allowed.includes(value)) {
      throw new ListQueryError(`filterBy: unknown ${key} "${value}" (expected ${allowed.join(", ")})`);
    }
  }
  return [...new Set(values)];
}

function filterValue(key: string, raw: string, spec: FilterSpec, keys: readonly string[]): unknown {
  switch (spec.kind) {
    case "enum":
      return enumValues(key, raw, spec.values);
    case "search": {
      const search = raw.trim();
      if (search.length > spec.maxLength) {
        throw new ListQueryError(`filterBy: ${key} is longer than ${spec.maxLength} characters`);
      }
      // An empty search means no filter (002 §5).
      return search === "" ? undefined : search;
    }
    case "id": {
      const id = raw.trim();
      if (id === "") throw new ListQueryError(`filterBy: ${key} needs a value`);
      if (!/^[\w-]+$/.test(id)) {
        // "1,plan:PRO": an unknown key does not split, it lands in the value.
        if (id.includes(":"))
          throw new ListQueryError(`filterBy: expected key:value pairs with keys ${keys.join(", ")}`);
        throw new ListQueryError(`filterBy: ${key} is not a valid id`);
      }
      return id;
    }
    case "timestamp": {
      const text = raw.trim();
      const value = Number(text);
      if (!/^\d{1,16}$/.test(text) || !Number.isSafeInteger(value)) {
        throw new ListQueryError(`filterBy: ${key} must be a whole number of milliseconds`);
      }
      return value;
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
  const pairSeparator = new RegExp(`,(?=\\s*(?:${keys.map(escapeRegExp).join("|")}):)`);
  const sortFields = Object.keys(spec.sorts) as S[];
  const defaultSort: ListSort<S> = { field: spec.defaultSort, direction: spec.sorts[spec.defaultSort] };

  function parseFilter(filterBy: string | undefined): ParsedFilter<F, R> {
    const filter: Record<string, unknown> = {};
    const seen = new Set<string>();
    if (filterBy !== undefined && filterBy.trim() !== "") {
      for (const pair of filterBy.split(pairSeparator)) {
        const colon = pair.indexOf(":");
        const key = (colon < 0 ? pair : pair.slice(0, colon)).trim();
        if (colon < 0 || !keys.includes(key)) {
          throw new ListQueryError(`filterBy: expected key:value pairs with keys ${keys.join(", ")}`);
        }
        if (seen.has(key)) throw new ListQueryError(`filterBy: ${key} given twice`);
        seen.add(key);
        const value = filterValue(key, pair.slice(colon + 1), spec.filters[key], keys);
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
