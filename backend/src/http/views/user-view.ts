import type { BackendDb } from "../../db/connection";
import { deriveWorkspaceUserFeature, type WorkspaceUserFeature } from "../../domain/features";
import type { LegacyType, MemberStatus, Role, UserPlan, WorkspacePlan } from "../../domain/enums";
import { NO_PLAN_FEATURES } from "../../domain/plan-features";
import { urlPrefix } from "../../domain/slug";
import { licenseAutoRenews } from "../../store/license-renewals";
import { monthlyCountsOfUser, monthlyCountsOfUserBySpace } from "../../store/sent-mail-counters";
import { listMembershipsOfUser, type UserRow } from "../../store/users";
import { listPlanFeatures } from "../../store/workspaces";
import { countersView, sumCounts, type CountersView } from "./counters-view";
import { timestamp } from "./timestamps";

export interface UserWorkspaceView {
  workspaceId: string;
  workspaceName: string;
  workspacePlan: WorkspacePlan;
  userPlan: UserPlan;
  userRole: Role;
  status: MemberStatus;
  urlPrefix: string;
  legacyPlanType: LegacyType | null;
  isPerSeat: boolean;
  workspaceUserFeature: WorkspaceUserFeature;
  counters: CountersView;
}

export interface UserView {
  userId: string;
  userEmail: string;
  userName: string;
  profilePictureUrl: string | null;
  isPersonal: boolean;
  installationTimestamp: string | null;
  lastUpdateTimestamp: string;
  domain: { domainName: string };
  addonWorkspaceId: string | null;
  freeUserQuota: number;
  isPerSeat: boolean;
  /** autoRenew: false once its automatic renewal is stopped (000 §2 Stop automatic renewal). */
  license: { subscriptionId: string; paymentSource: string; autoRenew: boolean } | null;
  counters: CountersView;
  userWorkspaces?: UserWorkspaceView[];
}

async function userWorkspacesView(db: BackendDb, userId: string): Promise<UserWorkspaceView[]> {
  const memberships = await listMembershipsOfUser(db, userId);
  const [planFeatures, countsBySpace] = await Promise.all([
    listPlanFeatures(
      db,
      memberships.map((membership) => membership.workspaceId),
    ),
    monthlyCountsOfUserBySpace(db, userId),
  ]);

  return memberships.map((membership) => {
    const features = planFeatures.find(
      (row) => row.workspace_id === membership.workspaceId && row.user_plan === membership.userPlan,
    );
    const months = countsBySpace.get(membership.workspaceId) ?? [];
    const isPerSeat = membership.isPerSeat === 1;
    return {
      workspaceId: membership.workspaceId,
      workspaceName: membership.workspaceName,
      workspacePlan: membership.plan,
      userPlan: membership.userPlan,
      userRole: membership.role,
      status: membership.status,
      urlPrefix: urlPrefix(membership.workspaceId, membership.slug),
      legacyPlanType: membership.legacyType,
      isPerSeat,
      workspaceUserFeature: deriveWorkspaceUserFeature({
        workspacePlan: membership.plan,
        legacyType: membership.legacyType,
        userPlan: membership.userPlan,
        role: membership.role,
        memberStatus: membership.status,
        isPerSeat,
        planFeatures: features
          ? { hasMultiDomain: features.has_multi_domain === 1, allowedUserCount: features.allowed_user_count }
          : NO_PLAN_FEATURES,
      }),
      counters: countersView(sumCounts(months), months),
    };
  });
}

/** The contract's `User`, with `userWorkspaces` only when asked for. */
export async function userView(
  db: BackendDb,
  user: UserRow,
  options: { includeWorkspaces: boolean },
): Promise<UserView> {
  const licenseId = user.license_subscription_id;
  const [months, userWorkspaces, autoRenew] = await Promise.all([
    monthlyCountsOfUser(db, user.id),
    options.includeWorkspaces ? userWorkspacesView(db, user.id) : undefined,
    licenseId ? licenseAutoRenews(db, licenseId) : true,
  ]);
  return {
    userId: user.id,
    userEmail: user.email,
    userName: user.name,
    profilePictureUrl: user.picture,
    isPersonal: user.is_personal === 1,
    installationTimestamp: timestamp(user.installation_timestamp),
    lastUpdateTimestamp: timestamp(user.last_update_timestamp),
    domain: { domainName: user.domain_name },
    addonWorkspaceId: user.addon_workspace_id,
    freeUserQuota: user.free_user_quota,
    isPerSeat: user.is_per_seat === 1,
    license:
      licenseId && user.license_payment_source
        ? { subscriptionId: licenseId, paymentSource: user.license_payment_source, autoRenew }
        : null,
    counters: countersView(user.total_mails_sent, months),
    ...(userWorkspaces && { userWorkspaces }),
  };
}
