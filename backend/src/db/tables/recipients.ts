import type { Generated } from "kysely";
import type { RecipientType } from "../../domain/enums";

/**
 * An unsubscribed or bounced address in a space (002 §3). WORKSPACE entries
 * are shared with the space's members, USER entries belong to their owner.
 */
export interface RecipientsTable {
  id: Generated<number>;
  workspace_id: string;
  /** Who added it; for a USER entry, the only user who sees it. */
  owner_user_id: string;
  /** Lower-cased. */
  email: string;
  type: RecipientType;
  /** '' for WORKSPACE entries, the owner's id for USER ones: unique per (space, e-mail, scope); checked by the table. */
  scope_key: string;
  create_timestamp: number;
  last_update_timestamp: number;
}

// A type alias, not an interface: the two tables share one shape and the store is generic over them.
export type RecipientTables = {
  unsubscriptions: RecipientsTable;
  bounces: RecipientsTable;
};

export type RecipientTable = keyof RecipientTables;
