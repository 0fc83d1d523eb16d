import { getZodConstraint } from "@conform-to/zod";
import { z } from "zod";
import type { Role } from "./account-types";
import { IDEMPOTENCY_FIELD } from "./idempotency";
import { idempotencyKeySchema } from "./idempotency-schema";
import { MAX_OWNED_SPACES, spaceNameMessages, spaceNameSchema } from "./space-name";

/** The New space form (000 §2, §5): one field, plus where its Cancel link goes back to. */
export const newSpaceSchema = z.object({
  spaceName: spaceNameSchema,
  returnTo: z.string().max(2000).optional(),
  [IDEMPOTENCY_FIELD]: idempotencyKeySchema,
});

/**
 * Native constraints for the form. A browser counts untrimmed characters, so
 * a native maxlength would cut a valid name padded with spaces and silently
 * truncate a long paste: the length limit is left to the schema, which says so.
 */
export const newSpaceConstraint = (() => {
  const constraint = getZodConstraint(newSpaceSchema);
  const { maxLength: _maxLength, ...spaceName } = constraint.spaceName ?? {};
  return { ...constraint, spaceName };
})();

/** 000 §9: at most 5 owned spaces. */
export function ownedSpaceCount(spaces: { userRole: Role }[]) {
  return spaces.filter((space) => space.userRole === "OWNER").length;
}

/** What the New space dialog needs to know about the limit. */
export function spaceLimit(spaces: { userRole: Role }[]) {
  return { owned: ownedSpaceCount(spaces), max: MAX_OWNED_SPACES };
}

/** 000 §8: the backend's create-space validation codes, as the form's own messages. */
export function spaceNameMessageForReason(reason: string | undefined): string | null {
  switch (reason) {
    case "REQUIRED":
    case "EMPTY":
      return spaceNameMessages.REQUIRED;
    case "TOO_SHORT":
      return spaceNameMessages.TOO_SHORT;
    case "TOO_LONG":
      return spaceNameMessages.TOO_LONG;
    case "INVALID_CHARACTERS":
      return spaceNameMessages.INVALID_CHARACTERS;
    default:
      return null;
  }
}
