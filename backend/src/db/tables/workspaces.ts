import type { Generated } from "kysely";
import type {
  LegacyType,
  MemberStatus,
  PaymentSource,
  Role,
  SeatType,
  UserPlan,
  WorkspacePlan,
  WorkspaceStatus,
} from "../../domain/enums";
import type { SqlBoolean } from "./users";

export interface WorkspacesTable {
  id: string;
  name: string;
  slug: string;
  plan: WorkspacePlan;
  status: WorkspaceStatus;
  member_invite_user: SqlBoolean;
  legacy_type: LegacyType | null;
  payment_source: PaymentSource | null;
  is_per_seat: SqlBoolean;
  /** JSON object of restriction key → boolean (see domain/restrictions.ts). */
  restrictions: string;
  created_at: number;
}

export interface WorkspaceDomainsTable {
  workspace_id: string;
  domain_name: string;
}

export interface WorkspacePlanFeaturesTable {
  workspace_id: string;
  user_plan: UserPlan;
  has_multi_domain: SqlBoolean;
  allowed_user_count: number;
}

export interface WorkspaceMembersTable {
  workspace_id: string;
  user_id: string;
  role: Role;
  user_plan: UserPlan;
  status: MemberStatus;
  /** ADDED_YAMM_USER once joined, PENDING_YAMM_USER while invited (migration 0008 filled older rows). */
  seat_type: SeatType | null;
  create_timestamp: number;
  last_update_timestamp: number;
  free_trial_end_timestamp: number | null;
  /** When the member last moved to a paid user plan; null if never (added by migration 0008). */
  last_become_paid_timestamp: number | null;
  /** Moves to the FREE user plan at the next renewal (002 §4); added by migration 0018. */
  scheduled_downgrade: Generated<SqlBoolean>;
  /** Marked on the legacy users page: dropped when the legacy licence is replaced (001 §4); added by migration 0021. */
  to_be_removed: Generated<SqlBoolean>;
}

export interface WorkspaceTables {
  workspaces: WorkspacesTable;
  workspace_domains: WorkspaceDomainsTable;
  workspace_plan_features: WorkspacePlanFeaturesTable;
  workspace_members: WorkspaceMembersTable;
}
