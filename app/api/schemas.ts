import { z } from "zod";
import { LEGACY_TYPES, MEMBER_STATUSES, ROLES, USER_PLANS, WORKSPACE_PLANS } from "~/domain/account-types";

/** Shared enums of the backend contract (000 §4), from the domain's lists. */
export const roleSchema = z.enum(ROLES);
export const workspacePlanSchema = z.enum(WORKSPACE_PLANS);
export const userPlanSchema = z.enum(USER_PLANS);
export const legacyTypeSchema = z.enum(LEGACY_TYPES);
export const memberStatusSchema = z.enum(MEMBER_STATUSES);

/** A text the backend may leave out or send as null: null either way. */
export const nullableString = z
  .string()
  .nullish()
  .transform((value) => value ?? null);
