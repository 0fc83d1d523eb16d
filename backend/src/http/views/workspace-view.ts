import type { BackendDb } from "../../db/connection";
import type {
  LegacyType,
  LegalEntity,
  MemberStatus,
  PaymentSource,
  UserPlan,
  WorkspacePlan,
  WorkspaceStatus,
} from "../../domain/enums";
import { parseRestrictions, type Restrictions } from "../../domain/restrictions";
import { urlPrefix } from "../../domain/slug";
import type { WorkspacesTable } from "../../db/tables/workspaces";
import { findActiveLegacySubscription } from "../../store/subscriptions";
import { countMembers, listDomains, listPlanFeatures } from "../../store/workspaces";

/** What a disabled space, or a disabled member, may see (spec §4). */
export interface DisabledWorkspaceView {
  workspaceId: string;
  workspaceName: string;
  workspacePlan: WorkspacePlan;
  legacyType: LegacyType | null;
  status: "DISABLED";
}

export interface WorkspaceView {
  workspaceId: string;
  workspaceName: string;
  memberCount?: number;
  workspacePlan: WorkspacePlan;
  status: WorkspaceStatus;
  memberInviteUser: boolean;
  workspaceDomains?: Array<{ domainName: string }>;
  workspaceFeatures?: Array<{ userPlan: UserPlan; hasMultiDomain: boolean; allowedUserCount: number }>;
  legacyType: LegacyType | null;
  paymentSource: PaymentSource | null;
  urlPrefix: string;
  isPerSeat: boolean;
  restrictions: Restrictions;
  /** A LEGACY space's licence: what selects its legacy flow type (001 §4). */
  legacyLicense: LegacyLicenseView | null;
}

export interface LegacyLicenseView {
  subscriptionId: string | null;
  paymentSource: PaymentSource | null;
  legalEntity: LegalEntity;
  kind: "TEAM" | "INDIVIDUAL";
}

/** Team licences (TEAM, UNLIMITED) and individual ones (PERSONAL, PROFESSIONAL) upgrade by different flows. */
const TEAM_LEGACY_TYPES: ReadonlySet<LegacyType> = new Set(["TEAM", "UNLIMITED"]);

/** The licence of a LEGACY space, sold by the US entity unless its subscription says otherwise. */
async function legacyLicenseView(db: BackendDb, workspace: WorkspacesTable): Promise<LegacyLicenseView | null> {
  if (workspace.plan !== "LEGACY") return null;
  const license = await findActiveLegacySubscription(db, workspace.id);
  return {
    subscriptionId: license?.id ?? null,
    paymentSource: license?.payment_source ?? null,
    legalEntity: license?.legal_entity ?? "US",
    kind: workspace.legacy_type && TEAM_LEGACY_TYPES.has(workspace.legacy_type) ? "TEAM" : "INDIVIDUAL",
  };
}

export interface WorkspaceIncludes {
  includeDomains: boolean;
  includeFeatures: boolean;
  includeMembersCount: boolean;
}

export const INCLUDE_EVERYTHING: WorkspaceIncludes = {
  includeDomains: true,
  includeFeatures: true,
  includeMembersCount: true,
};

export async function workspaceView(
  db: BackendDb,
  workspace: WorkspacesTable,
  callerStatus: MemberStatus,
  include: WorkspaceIncludes,
): Promise<WorkspaceView | DisabledWorkspaceView> {
  if (workspace.status === "DISABLED" || callerStatus === "DISABLED") {
    return {
      workspaceId: workspace.id,
      workspaceName: workspace.name,
      workspacePlan: workspace.plan,
      legacyType: workspace.legacy_type,
      status: "DISABLED",
    };
  }

  const [memberCount, domains, features, legacyLicense] = await Promise.all([
    include.includeMembersCount ? countMembers(db, workspace.id) : undefined,
    include.includeDomains ? listDomains(db, workspace.id) : undefined,
    include.includeFeatures ? listPlanFeatures(db, [workspace.id]) : undefined,
    legacyLicenseView(db, workspace),
  ]);

  return {
    workspaceId: workspace.id,
    workspaceName: workspace.name,
    ...(memberCount !== undefined && { memberCount }),
    workspacePlan: workspace.plan,
    status: workspace.status,
    memberInviteUser: workspace.member_invite_user === 1,
    ...(domains && { workspaceDomains: domains.map((domainName) => ({ domainName })) }),
    ...(features && {
      workspaceFeatures: features.map((row) => ({
        userPlan: row.user_plan,
        hasMultiDomain: row.has_multi_domain === 1,
        allowedUserCount: row.allowed_user_count,
      })),
    }),
    legacyType: workspace.legacy_type,
    paymentSource: workspace.payment_source,
    urlPrefix: urlPrefix(workspace.id, workspace.slug),
    isPerSeat: workspace.is_per_seat === 1,
    restrictions: parseRestrictions(workspace.restrictions),
    legacyLicense,
  };
}
