import type { Generated } from "kysely";
import type { InvitationStatus, UserPlan } from "../../domain/enums";

/** An invitation to join a space (002 §4). The token itself is never stored, only its SHA-256. */
export interface InvitationsTable {
  token_hash: string;
  workspace_id: string;
  /** Lower-cased. */
  invited_email: string;
  /** null once the inviting user is deleted. */
  invited_by_user_id: string | null;
  status: InvitationStatus;
  expires_at: number;
  created_at: number;
  accepted_at: number | null;
  /** The plan the invitee joins on: PRO when added to a per-seat space's paid seat (taken while pending). */
  user_plan: Generated<UserPlan>;
}

/** One row: the secret the seeded invite links derive their tokens from (db/seed/invitations.ts). */
export interface SeedSecretTable {
  id: number;
  value: string;
}

/** A mail the reference backend would have sent: an invite link, to the invitee. */
export interface OutboxMailsTable {
  id: Generated<number>;
  to_email: string;
  kind: "INVITATION";
  workspace_id: string;
  /** `/{workspaceId}/{slug}/invitations/{token}/accept`, under the app's origin. */
  link_path: string;
  created_at: number;
  /** Who made it go out: the inviter, or whoever resent it; null on mails older than the mail limits. */
  sent_by_user_id: string | null;
}

export interface InvitationTables {
  invitations: InvitationsTable;
  seed_secret: SeedSecretTable;
  outbox_mails: OutboxMailsTable;
}
