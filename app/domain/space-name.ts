import { z } from "zod";

/** 000 §5, §9: a space name is trimmed and holds 5 to 255 characters. */
export const SPACE_NAME_MIN = 5;
export const SPACE_NAME_MAX = 255;
/** 000 §9: a user may own at most 5 spaces. */
export const MAX_OWNED_SPACES = 5;

export const spaceNameMessages = {
  REQUIRED: "Please fill in this field.",
  TOO_SHORT: "Space name should contain at least 5 characters.",
  TOO_LONG: "Space name could contain at most 255 characters.",
} as const;

export const spaceNameSchema = z
  .string({ required_error: spaceNameMessages.REQUIRED })
  .trim()
  .min(1, spaceNameMessages.REQUIRED)
  .min(SPACE_NAME_MIN, spaceNameMessages.TOO_SHORT)
  .max(SPACE_NAME_MAX, spaceNameMessages.TOO_LONG);
