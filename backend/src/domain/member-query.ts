import { MEMBER_STATUSES, ROLES, type MemberStatus, type Role } from "./enums";

/**
 * The members list's query language (002 §7 `GET /workspaces/{id}/members`):
 *
 *   filterBy=role:OWNER|ADMIN,status:ACTIVE,search:ann
 *   sortBy=userName:desc
 *
 * Pure parsing; a bad value throws a MemberQueryError whose message is the 400's reason.
 */

export class MemberQueryError extends Error {}

/** ACCEPTED is the spec's other word for a member who joined (002 §4 "PENDING becomes ACTIVE/ACCEPTED"). */
export const MEMBER_FILTER_STATUSES = [...MEMBER_STATUSES, "ACCEPTED"] as const;
export type MemberFilterStatus = (typeof MEMBER_FILTER_STATUSES)[number];

export const MEMBER_SEARCH_MAX_LENGTH = 100;

export interface MemberFilter {
  /** Any of these roles; absent: every role. */
  roles?: Role[];
  /** Any of these stored statuses (ACCEPTED already mapped to ACTIVE); absent: every status. */
  statuses?: MemberStatus[];
  /** Case-insensitive substring of the name or the e-mail. */
  search?: string;
}

export const MEMBER_SORT_FIELDS = ["userName", "userEmail", "createTimestamp", "userRole"] as const;
export type MemberSortField = (typeof MEMBER_SORT_FIELDS)[number];

export interface MemberSort {
  field: MemberSortField;
  direction: "asc" | "desc";
}

export const DEFAULT_MEMBER_SORT: MemberSort = { field: "userName", direction: "asc" };

const FILTER_KEYS = ["role", "status", "search"] as const;
type FilterKey = (typeof FILTER_KEYS)[number];

/**
 * Pairs are separated by commas, but only where a known `key:` follows, so a
 * search text may itself contain commas. Within role and status, values are
 * separated by `|` (a comma is accepted too: `role:OWNER,ADMIN`).
 */
const PAIR_SEPARATOR = new RegExp(`,(?=\\s*(?:${FILTER_KEYS.join("|")}):)`);

function enumValues<T extends string>(key: string, raw: string, allowed: readonly T[]): T[] {
  const values = raw
    .split(/[|,]/)
    .map((value) => value.trim())
    .filter((value) => value !== "");
  if (values.length === 0) throw new MemberQueryError(`filterBy: ${key} needs at least one value`);
  for (const value of values) {
    if (!(allowed as readonly string[]).includes(value)) {
      throw new MemberQueryError(`filterBy: unknown ${key} "${value}" (expected ${allowed.join(", ")})`);
    }
  }
  return [...new Set(values as T[])];
}

export function parseMemberFilter(filterBy: string | undefined): MemberFilter {
  const filter: MemberFilter = {};
  if (filterBy === undefined || filterBy.trim() === "") return filter;
  const seen = new Set<FilterKey>();

  for (const pair of filterBy.split(PAIR_SEPARATOR)) {
    const colon = pair.indexOf(":");
    const key = (colon < 0 ? pair : pair.slice(0, colon)).trim();
    if (colon < 0 || !(FILTER_KEYS as readonly string[]).includes(key)) {
      throw new MemberQueryError(`filterBy: expected key:value pairs with keys ${FILTER_KEYS.join(", ")}`);
    }
    const filterKey = key as FilterKey;
    if (seen.has(filterKey)) throw new MemberQueryError(`filterBy: ${filterKey} given twice`);
    seen.add(filterKey);
    const value = pair.slice(colon + 1);

    if (filterKey === "role") {
      filter.roles = enumValues("role", value, ROLES);
    } else if (filterKey === "status") {
      const statuses = enumValues("status", value, MEMBER_FILTER_STATUSES);
      filter.statuses = [...new Set(statuses.map((status) => (status === "ACCEPTED" ? "ACTIVE" : status)))];
    } else {
      const search = value.trim();
      if (search.length > MEMBER_SEARCH_MAX_LENGTH) {
        throw new MemberQueryError(`filterBy: search is longer than ${MEMBER_SEARCH_MAX_LENGTH} characters`);
      }
      // An empty search means no filter, as in the other searchable lists (002 §5).
      if (search !== "") filter.search = search;
    }
  }
  return filter;
}

export function parseMemberSort(sortBy: string | undefined): MemberSort {
  if (sortBy === undefined || sortBy.trim() === "") return DEFAULT_MEMBER_SORT;
  const [field, direction = "asc", ...rest] = sortBy.trim().split(":");
  if (!(MEMBER_SORT_FIELDS as readonly string[]).includes(field)) {
    throw new MemberQueryError(`sortBy: expected one of ${MEMBER_SORT_FIELDS.join(", ")}`);
  }
  if (rest.length > 0 || (direction !== "asc" && direction !== "desc")) {
    throw new MemberQueryError("sortBy: the direction is asc or desc");
  }
  return { field: field as MemberSortField, direction };
}
