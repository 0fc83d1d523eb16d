import type {
  LegacyType,
  MemberStatus,
  PaymentSource,
  Role,
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
  /** Per-seat spaces only (e.g. ADDED_YAMM_USER, PENDING_YAMM_USER). */
  seat_type: string | null;
  create_timestamp: number;
  last_update_timestamp: number;
  free_trial_end_timestamp: number | null;
}

export interface WorkspaceTables {
  workspaces: WorkspacesTable;
  workspace_domains: WorkspaceDomainsTable;
  workspace_plan_features: WorkspacePlanFeaturesTable;
  workspace_members: WorkspaceMembersTable;
}
