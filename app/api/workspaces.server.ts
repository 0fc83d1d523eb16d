import { z } from "zod";
import type { AuthContext } from "./caller.server";
import { RESTRICTIONS, type Restriction } from "~/domain/account-types";
import { legacyTypeSchema, userPlanSchema, workspacePlanSchema } from "./schemas";
import { backendPath } from "./http.server";

const restrictionsSchema = z
  .record(z.string(), z.boolean())
  .nullish()
  .transform(
    (value) =>
      Object.fromEntries(RESTRICTIONS.map((key) => [key, value?.[key] === true])) as Record<Restriction, boolean>,
  );

const activeWorkspaceSchema = z.object({
  workspaceId: z.string(),
  workspaceName: z.string(),
  memberCount: z
    .number()
    .nullish()
    .transform((value) => value ?? null),
  workspacePlan: workspacePlanSchema,
  status: z.literal("ACTIVE"),
  memberInviteUser: z.boolean(),
  workspaceDomains: z.array(z.object({ domainName: z.string() })).default([]),
  workspaceFeatures: z
    .array(z.object({ userPlan: userPlanSchema, hasMultiDomain: z.boolean(), allowedUserCount: z.number() }))
    .default([]),
  legacyType: legacyTypeSchema.nullish().transform((value) => value ?? null),
  paymentSource: z
    .string()
    .nullish()
    .transform((value) => value ?? null),
  urlPrefix: z.string(),
  isPerSeat: z.boolean().default(false),
  restrictions: restrictionsSchema,
  /** A legacy space's licence: who sold it, team or individual (001 §4 legacy flow types). */
  legacyLicense: z
    .object({ legalEntity: z.enum(["US", "BE"]), kind: z.enum(["TEAM", "INDIVIDUAL"]) })
    .nullish()
    .transform((value) => value ?? null),
});

/** A disabled space answers only its name, plan, legacy type and status (000 §4). */
const disabledWorkspaceSchema = z.object({
  workspaceId: z.string(),
  workspaceName: z.string(),
  workspacePlan: workspacePlanSchema,
  legacyType: legacyTypeSchema.nullish().transform((value) => value ?? null),
  status: z.literal("DISABLED"),
});

export const workspaceSchema = z.discriminatedUnion("status", [activeWorkspaceSchema, disabledWorkspaceSchema]);
export type Workspace = z.infer<typeof workspaceSchema>;
export type ActiveWorkspace = z.infer<typeof activeWorkspaceSchema>;

/** GET /workspaces/{id} (v1) with domains, features and the member count. */
export function getWorkspace(auth: AuthContext, workspaceId: string) {
  return auth.call({
    base: "v1",
    path: backendPath`/workspaces/${workspaceId}`,
    query: { includeDomains: true, includeFeatures: true, includeMembersCount: true },
    schema: workspaceSchema,
  });
}

/** POST /workspaces (v1): a new FREE space owned by the user. */
export function createWorkspace(
  auth: AuthContext,
  { workspaceName, userId, idempotencyKey }: { workspaceName: string; userId: string; idempotencyKey: string },
) {
  return auth.call({
    base: "v1",
    path: backendPath`/workspaces`,
    method: "POST",
    body: { workspaceName, userId, memberInviteUser: true },
    idempotencyKey,
    schema: activeWorkspaceSchema,
  });
}

/** PUT /workspaces/{id} (v1). */
export function updateWorkspace(auth: AuthContext, workspaceId: string, changes: { workspaceName?: string }) {
  return auth.call({
    base: "v1",
    path: backendPath`/workspaces/${workspaceId}`,
    method: "PUT",
    body: changes,
    schema: activeWorkspaceSchema,
  });
}

/** PUT /workspaces/{id}/owner (v1, 002 §7): the member becomes the owner, the caller a regular member. */
export function transferWorkspaceOwnership(auth: AuthContext, workspaceId: string, userId: string) {
  return auth.call({
    base: "v1",
    path: backendPath`/workspaces/${workspaceId}/owner`,
    method: "PUT",
    body: { userId },
    schema: activeWorkspaceSchema,
  });
}
