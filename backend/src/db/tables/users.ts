import type { Generated } from "kysely";

/** SQLite has no boolean type: flags are stored as 0/1. */
export type SqlBoolean = 0 | 1;

export interface UsersTable {
  id: string;
  email: string;
  name: string;
  picture: string | null;
  is_personal: SqlBoolean;
  installation_timestamp: number | null;
  last_update_timestamp: number;
  domain_name: string;
  addon_workspace_id: string | null;
  // Spec §9: Free users send to 20 recipients a day unless given a personal quota.
  free_user_quota: Generated<number>;
  is_per_seat: SqlBoolean;
  license_subscription_id: string | null;
  license_payment_source: string | null;
  /** Lifetime total; covers history older than the monthly rows, so it is ≥ their sum. */
  total_mails_sent: number;
}

export interface MonthlySentMailsTable {
  id: Generated<number>;
  user_id: string;
  /** null: mails sent before the user joined any space. */
  workspace_id: string | null;
  year: number;
  /** 1 to 12. */
  month: number;
  count: number;
}

export interface UserTables {
  users: UsersTable;
  monthly_sent_mails: MonthlySentMailsTable;
}
