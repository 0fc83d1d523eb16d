import { BANNER_PARAMS } from "./banner-params";

/**
 * List state in the URL (ARCHITECTURE: list state): search, sort, direction
 * and page live in the query string, so a filtered list can be bookmarked,
 * shared and reloaded. Parsing is forgiving: a value that makes no sense falls
 * back to the default instead of failing the page.
 */

/** 001 §9: default table page size. */
export const PAGE_SIZE = 25;
/** The longest search text kept. */
export const MAX_SEARCH_LENGTH = 200;

export type SortDir = "asc" | "desc";

export interface ListQuery<Sort extends string> {
  q: string;
  sort: Sort;
  dir: SortDir;
  /** 1-based, as shown in the URL (`page=2`). */
  page: number;
}

export interface ListQueryOptions<Sort extends string> {
  sorts: readonly Sort[];
  defaultSort: Sort;
  /** The direction each sort starts with when chosen. */
  defaultDirs: Record<Sort, SortDir>;
}

export function parseListQuery<Sort extends string>(
  params: URLSearchParams,
  { sorts, defaultSort, defaultDirs }: ListQueryOptions<Sort>,
): ListQuery<Sort> {
  const sortParam = params.get("sort");
  const sort = sorts.find((candidate) => candidate === sortParam) ?? defaultSort;
  const dirParam = params.get("dir");
  const dir: SortDir = dirParam === "asc" || dirParam === "desc" ? dirParam : defaultDirs[sort];
  const pageParam = Number(params.get("page"));
  const page = Number.isInteger(pageParam) && pageParam >= 1 && pageParam <= 1_000_000 ? pageParam : 1;
  // Trimmed again after the cut: a cut that ends in a space would not be its own canonical form.
  const q = (params.get("q") ?? "").trim().slice(0, MAX_SEARCH_LENGTH).trim();
  return { q, sort, dir, page };
}

/**
 * Why a list shows no rows: past its last page, nothing matching the search,
 * or nothing at all. Each has its own state, so none says "your search"
 * when there was no search.
 */
export type EmptyReason = "pastEnd" | "noMatch" | "empty";

export function emptyReason(query: Pick<ListQuery<string>, "q" | "page">): EmptyReason {
  if (query.page > 1) return "pastEnd";
  return query.q ? "noMatch" : "empty";
}

/** The backend's limitOffset for a page; the list asks for one row more to know whether a next page exists. */
export function pageWindow(page: number, pageSize = PAGE_SIZE) {
  return { limit: pageSize + 1, limitOffset: (page - 1) * pageSize };
}

/** Splits the extra row off: the rows to show, and whether there is a next page. */
export function pageOf<T>(rows: T[], pageSize = PAGE_SIZE) {
  return { rows: rows.slice(0, pageSize), hasNextPage: rows.length > pageSize };
}

/**
 * One-time parameters: banners, action results and open confirmations. A
 * list link never carries them on, or the message would show again.
 */
export const ONE_TIME_PARAMS = [
  ...BANNER_PARAMS,
  "cancel",
  "result",
  "count",
  "draft",
  "template",
  "confirm",
  "dialog",
] as const;

/** The parameters of a list's state, in the order a canonical URL writes them (`range` is the Sent tab's). */
export const LIST_PARAMS = ["q", "range", "sort", "dir", "page"] as const;
export type ListParam = (typeof LIST_PARAMS)[number];

/**
 * One state, one URL (issue 9): the list's own parameters come first, in
 * LIST_PARAMS order, once each and only when they differ from the default
 * (`values` holds null for a default); every other parameter follows as it
 * was. "" or "?…", to compare with `URL.search`.
 */
export function canonicalSearch(params: URLSearchParams, values: Partial<Record<ListParam, string | null>>) {
  const canonical = new URLSearchParams();
  for (const key of LIST_PARAMS) {
    const value = values[key];
    if (value) canonical.set(key, value);
  }
  for (const [key, value] of params) if (!(key in values)) canonical.append(key, value);
  const query = canonical.toString();
  return query ? `?${query}` : "";
}

/** A parsed list state as canonical parameter values: null where it is the default. */
export function listParamValues<Sort extends string>(
  query: ListQuery<Sort>,
  { defaultSort, defaultDirs }: Pick<ListQueryOptions<Sort>, "defaultSort" | "defaultDirs">,
): Record<"q" | "sort" | "dir" | "page", string | null> {
  return {
    q: query.q || null,
    sort: query.sort === defaultSort ? null : query.sort,
    dir: query.dir === defaultDirs[query.sort] ? null : query.dir,
    page: query.page === 1 ? null : String(query.page),
  };
}

/** The same URL with some parameters changed (null removes one). Any change but the page's goes back to page 1. */
export function listHref(pathname: string, search: string | URLSearchParams, changes: Record<string, string | null>) {
  const params = new URLSearchParams(search);
  for (const key of ONE_TIME_PARAMS) params.delete(key);
  for (const [key, value] of Object.entries(changes)) {
    if (value === null || value === "") params.delete(key);
    else params.set(key, value);
  }
  if (!("page" in changes)) params.delete("page");
  const listValues = Object.fromEntries(LIST_PARAMS.map((key) => [key, params.get(key)]));
  return `${pathname}${canonicalSearch(params, listValues)}`;
}

/**
 * Where a column header's link goes: the same column flips direction, another
 * starts with its default. A default sort or direction is left out of the URL,
 * so the link is the canonical one the list would redirect to.
 */
export function sortHref<Sort extends string>(
  pathname: string,
  search: string | URLSearchParams,
  current: ListQuery<Sort>,
  column: Sort,
  { defaultSort, defaultDirs }: Pick<ListQueryOptions<Sort>, "defaultSort" | "defaultDirs">,
) {
  const dir = current.sort === column ? (current.dir === "asc" ? "desc" : "asc") : defaultDirs[column];
  return listHref(pathname, search, {
    sort: column === defaultSort ? null : column,
    dir: dir === defaultDirs[column] ? null : dir,
  });
}
