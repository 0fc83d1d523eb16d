import type { SqlBoolean } from "./users";

/**
 * The renewal state of a user's licence (users.license_subscription_id, e.g.
 * a PayPal agreement). A licence without a row renews automatically: rows are
 * only written when that changes (000 §7 cancelAutoRenewal).
 */
export interface LicenseRenewalsTable {
  subscription_id: string;
  user_id: string;
  auto_renew: SqlBoolean;
  updated_at: number;
}

// A type alias, not an interface: Kysely's withTables() needs an index-compatible type.
export type LicenseRenewalTables = {
  license_renewals: LicenseRenewalsTable;
};
