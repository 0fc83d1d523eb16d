import type { Generated } from "kysely";

export interface EventsTable {
  id: Generated<number>;
  user_email: string;
  type: string;
  /** JSON, or null when the event had no params. */
  params: string | null;
  created_at: number;
}

export interface EventTables {
  events: EventsTable;
}
