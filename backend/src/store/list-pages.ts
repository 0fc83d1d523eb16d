import { sql, type RawBuilder, type SqlBool } from "kysely";
import type { BackendDb } from "../db/connection";
import type { SortDirection } from "../domain/list-query";

/**
 * Paging by `limitOffset` without paying for the offset.
 *
 * Every list is read in the order of an index whose columns hold the sort key
 * (ending with a unique column, so each row has a distinct key) and every
 * column the filters look at. Skipping rows is done on that index alone: the
 * key of the last skipped row is read with `SELECT key … LIMIT 1 OFFSET n`
 * (a covering index scan, no table reads), then the page is the `limit` rows
 * after that key (`WHERE key > ?`, a seek). Deep pages skip from an anchor:
 * the key of every ANCHOR_SPACING-th row, found once with the same short
 * skips and kept per list query, so a page at offset 99,975 steps over fewer
 * than ANCHOR_SPACING matching index entries, like the first pages do.
 *
 * Anchors are cached per database, per list query (scope, filter and sort),
 * and dropped as soon as list_versions says the table changed in that space
 * (triggers raise it on every write, db/migrations/0010-list-versions.ts).
 * The first deep page of a query pays for finding its anchors (one pass over
 * the index up to that offset); later pages of it, and the CSV export walking
 * the list page by page, do not.
 */
export const ANCHOR_SPACING = 250;
/** List queries whose anchors are kept, least recently used dropped first. */
const MAX_CACHED_QUERIES = 500;

/** The values of a row's sort columns, in order. */
export type SortKey = readonly (string | number)[];

/** One list query as a seekable sequence. */
export interface SeekableList<Row> {
  /** The first `limit` rows after `after` (exclusive; null: from the start), in list order. */
  rows(after: SortKey | null, limit: number): Promise<Row[]>;
  /**
   * The sort key of the row `offset` places after `after` (null: from the start); undefined past the end.
   * Reads only the sort index (it holds the key and the filtered columns).
   */
  keyAt(after: SortKey | null, offset: number): Promise<SortKey | undefined>;
}

export interface ListIdentity {
  /** The table, as named in list_versions. */
  list: string;
  workspaceId: string;
  /** Everything else that makes the query: caller, filter, sort. */
  query: unknown;
}

export interface Page {
  limit: number;
  offset: number;
}

interface Anchors {
  version: number;
  keys: SortKey[];
  /** The list ended before the next anchor. */
  complete: boolean;
  /** Extensions run one after another: two requests must not append the same anchor twice. */
  extending: Promise<void>;
}

const anchorsByDb = new WeakMap<BackendDb, Map<string, Anchors>>();

/** The change counter of a table in a space (0 before its first write). */
export async function listVersion(db: BackendDb, list: string, workspaceId: string): Promise<number> {
  const row = await db
    .selectFrom("list_versions")
    .select("version")
    .where("list", "=", list)
    .where("workspace_id", "=", workspaceId)
    .executeTakeFirst();
  return row?.version ?? 0;
}

async function anchorsFor(db: BackendDb, identity: ListIdentity): Promise<Anchors> {
  let cache = anchorsByDb.get(db);
  if (!cache) {
    cache = new Map();
    anchorsByDb.set(db, cache);
  }
  const key = JSON.stringify([identity.list, identity.workspaceId, identity.query]);
  const version = await listVersion(db, identity.list, identity.workspaceId);
  let anchors = cache.get(key);
  if (!anchors || anchors.version !== version) {
    anchors = { version, keys: [], complete: false, extending: Promise.resolve() };
  }
  // Re-inserting keeps the Map in least-recently-used order.
  cache.delete(key);
  cache.set(key, anchors);
  if (cache.size > MAX_CACHED_QUERIES) cache.delete(cache.keys().next().value!);
  return anchors;
}

/** Finds anchors until there are `wanted` of them or the list ends. */
function extendAnchors<Row>(anchors: Anchors, source: SeekableList<Row>, wanted: number): Promise<void> {
  anchors.extending = anchors.extending.then(async () => {
    while (anchors.keys.length < wanted && !anchors.complete) {
      const previous = anchors.keys.length > 0 ? anchors.keys[anchors.keys.length - 1] : null;
      const next = await source.keyAt(previous, ANCHOR_SPACING - 1);
      if (next === undefined) anchors.complete = true;
      else anchors.keys.push(next);
    }
  });
  return anchors.extending;
}

/** One page of a list; the same rows as `ORDER BY … LIMIT limit OFFSET offset`. */
export async function pageOfList<Row>(
  db: BackendDb,
  identity: ListIdentity,
  source: SeekableList<Row>,
  page: Page,
): Promise<Row[]> {
  let start: SortKey | null = null;
  let skip = page.offset;
  if (page.offset >= ANCHOR_SPACING) {
    const anchors = await anchorsFor(db, identity);
    // Anchor n (1-based) is the key of the row at position n × ANCHOR_SPACING − 1.
    const wanted = Math.floor(page.offset / ANCHOR_SPACING);
    await extendAnchors(anchors, source, wanted);
    const usable = Math.min(wanted, anchors.keys.length);
    if (usable > 0) {
      start = anchors.keys[usable - 1];
      skip = page.offset - usable * ANCHOR_SPACING;
    }
  }
  if (skip > 0) {
    const last = await source.keyAt(start, skip - 1);
    if (last === undefined) return [];
    start = last;
  }
  return source.rows(start, page.limit);
}

/** `(a, b, c) > (?, ?, ?)` (or `<` for a descending list): the rows after a sort key. */
export function after(columns: readonly string[], direction: SortDirection, key: SortKey): RawBuilder<SqlBool> {
  const operator = sql.raw(direction === "asc" ? ">" : "<");
  return sql<SqlBool>`(${sql.join(columns.map((column) => sql.ref(column)))}) ${operator} (${sql.join([...key])})`;
}

/** The sort columns of a row read back as a key (selected as k0, k1…). */
export function keyColumns(columns: readonly string[]) {
  return columns.map((column, index) => sql.ref(column).as(`k${index}`));
}

export function keyOf(row: Record<string, unknown> | undefined, size: number): SortKey | undefined {
  if (!row) return undefined;
  return Array.from({ length: size }, (_, index) => row[`k${index}`] as string | number);
}

/** `%`, `_` and the escape character itself are literal in a user's search text. */
export function likeContains(text: string): string {
  return `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}
