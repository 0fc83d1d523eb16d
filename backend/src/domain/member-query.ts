import { MEMBER_STATUSES, ROLES, type MemberStatus, type Role } from "./enums";
import { defineListQuery, SEARCH_MAX_LENGTH, type ListSort } from "./list-query";

/**
 * The members list's query (002 §7 `GET /workspaces/{id}/members`), in the
 * shared list query language (list-query.ts):
 *
 *   filterBy=role:OWNER|ADMIN,status:ACTIVE,search:ann
 *   sortBy=userName:desc
 */

/** Kept under its first name: a bad members query throws the shared ListQueryError. */
export { ListQueryError as MemberQueryError } from "./list-query";

/** ACCEPTED is the spec's other word for a member who joined (002 §4 "PENDING becomes ACTIVE/ACCEPTED"). */
export const MEMBER_FILTER_STATUSES = [...MEMBER_STATUSES, "ACCEPTED"] as const;
export type MemberFilterStatus = (typeof MEMBER_FILTER_STATUSES)[number];

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
export type MemberSort = ListSort<MemberSortField>;

const memberQuery = defineListQuery({
  filters: {
    role: { kind: "enum", values: ROLES },
    status: { kind: "enum", values: MEMBER_FILTER_STATUSES },
    search: { kind: "search", maxLength: SEARCH_MAX_LENGTH },
  },
  sorts: { userName: "asc", userEmail: "asc", createTimestamp: "asc", userRole: "asc" },
  defaultSort: "userName",
});

export const DEFAULT_MEMBER_SORT: MemberSort = memberQuery.defaultSort;

export function parseMemberFilter(filterBy: string | undefined): MemberFilter {
  const parsed = memberQuery.parseFilter(filterBy);
  const filter: MemberFilter = {};
  if (parsed.role) filter.roles = parsed.role;
  if (parsed.status) {
    filter.statuses = [...new Set(parsed.status.map((status) => (status === "ACCEPTED" ? "ACTIVE" : status)))];
  }
  if (parsed.search !== undefined) filter.search = parsed.search;
  return filter;
}

export function parseMemberSort(sortBy: string | undefined): MemberSort {
  return memberQuery.parseSort(sortBy);
}
