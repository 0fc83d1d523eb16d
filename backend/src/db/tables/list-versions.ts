/**
 * A counter per list table and space, raised by triggers on every insert,
 * update and delete: the list pager (store/list-pages.ts) drops its cached
 * page anchors when it changes, whoever wrote.
 */
export interface ListVersionsTable {
  list: string;
  workspace_id: string;
  version: number;
}

export interface ListVersionTables {
  list_versions: ListVersionsTable;
}
