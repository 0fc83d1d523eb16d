import { z } from "zod";
import type { AuthContext } from "./caller.server";
import { backendPath, optionalTimestamp } from "./http.server";
import { legacyTypeSchema, memberStatusSchema, roleSchema, userPlanSchema, workspacePlanSchema } from "./schemas";

const countersSchema = z.object({
  totalNumberOfMailsSent: z.object({ count: z.number() }),
  monthlySentMails: z.array(z.object({ year: z.number(), month: z.number(), count: z.number() })),
});

export const workspaceUserFeatureSchema = z.object({
  hasMultiDomain: z.boolean(),
  allowedUserCount: z.number(),
  workspacePlan: workspacePlanSchema,
  userPlan: userPlanSchema,
  otherFeatures: z.object({
    teamAnalyticsDashboard: z.boolean(),
    manageUserRoles: z.boolean(),
    transferOwnerShip: z.boolean(),
    shareUnsubscribesAcrossWorkspace: z.boolean(),
    shareBouncesAccrossWorkspace: z.boolean(),
  }),
  canAccessTeamReport: z.boolean(),
  canAccessWorkspace: z.boolean(),
  canAccessWorkspaceBilling: z.boolean(),
});

export const userWorkspaceSchema = z.object({
  workspaceId: z.string(),
  workspaceName: z.string(),
  workspacePlan: workspacePlanSchema,
  userPlan: userPlanSchema,
  userRole: roleSchema,
  status: memberStatusSchema,
  urlPrefix: z.string(),
  legacyPlanType: legacyTypeSchema.nullish().transform((value) => value ?? null),
  isPerSeat: z.boolean().default(false),
  workspaceUserFeature: workspaceUserFeatureSchema,
  counters: countersSchema,
});

export const userSchema = z.object({
  userId: z.string(),
  userEmail: z.string(),
  userName: z.string(),
  profilePictureUrl: z
    .string()
    .nullish()
    .transform((value) => value ?? null),
  isPersonal: z.boolean(),
  installationTimestamp: optionalTimestamp,
  lastUpdateTimestamp: optionalTimestamp,
  domain: z
    .object({ domainName: z.string() })
    .nullish()
    .transform((value) => value ?? null),
  addonWorkspaceId: z
    .string()
    .nullish()
    .transform((value) => value ?? null),
  freeUserQuota: z
    .number()
    .nullish()
    .transform((value) => value ?? null),
  isPerSeat: z.boolean().default(false),
  license: z
    // autoRenew: false once its automatic renewal is stopped (the reference backend says it; else taken as on).
    .object({ subscriptionId: z.string(), paymentSource: z.string(), autoRenew: z.boolean().default(true) })
    .nullish()
    .transform((value) => value ?? null),
  counters: countersSchema,
  userWorkspaces: z.array(userWorkspaceSchema).default([]),
});

export type User = z.infer<typeof userSchema>;
export type UserWorkspace = z.infer<typeof userWorkspaceSchema>;
export type Counters = z.infer<typeof countersSchema>;

/** GET /users/me?includeWorkspaces=true (v2). */
export function getMe(auth: AuthContext) {
  return auth.call({
    base: "v2",
    path: backendPath`/users/me`,
    query: { includeWorkspaces: true },
    schema: userSchema,
  });
}

/** POST /users/workspace-activation-create-user (v2). */
export function createUser(auth: AuthContext) {
  return auth.call({
    base: "v2",
    path: backendPath`/users/workspace-activation-create-user`,
    method: "POST",
    query: { checkPeopleApi: false },
    body: { createSource: "WEBAPP" },
    schema: userSchema,
  });
}

const activationStatusSchema = z.object({
  isRegistered: z.boolean(),
  isEligible: z.boolean(),
  isPerSeat: z.boolean(),
  userV2: z.unknown().optional(),
  lastActivatedStep: z.number().nullish(),
});

/** GET /users/workspace-activation-status/me (v2): the rollout status. */
export function getActivationStatus(auth: AuthContext) {
  return auth.call({
    base: "v2",
    path: backendPath`/users/workspace-activation-status/me`,
    query: {
      checkIsRegistered: true,
      includeUserV1: false,
      includeUserV2: true,
      includeUserV2Workspace: false,
      includeFBData: false,
    },
    schema: activationStatusSchema,
  });
}
