import { z } from "zod";

/** Shared enums of the backend contract (000 §4). */
export const roleSchema = z.enum(["MEMBER", "ADMIN", "OWNER"]);
export const workspacePlanSchema = z.enum(["FREE", "PRO", "PREMIUM", "LEGACY", "OFFLINE"]);
export const userPlanSchema = z.enum(["FREE", "PRO", "PRO_PERSONAL"]);
export const legacyTypeSchema = z.enum(["PERSONAL", "PROFESSIONAL", "TEAM", "UNLIMITED"]);
export const memberStatusSchema = z.enum(["ACTIVE", "ACCEPTED", "PENDING", "DISABLED", "FREE_TRIAL", "LEGACY"]);

export type Role = z.infer<typeof roleSchema>;
export type WorkspacePlan = z.infer<typeof workspacePlanSchema>;
export type UserPlan = z.infer<typeof userPlanSchema>;
export type LegacyType = z.infer<typeof legacyTypeSchema>;
