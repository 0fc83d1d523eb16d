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
  // Not in the spec (issue 13 refuses these characters): our own wording.
  INVALID_CHARACTERS: "Space name cannot contain invisible or text-direction characters.",
} as const;

/** 000 §5: the text sanitiser's characters, stripped from a name. */
const SANITISED_CHARACTERS = /[|&;$%@"<>()+,]/g;
/** Controls and text-direction marks would make a name read otherwise than it is stored (U+202E turns it around). */
// eslint-disable-next-line no-control-regex -- control characters are exactly what it finds
const INVISIBLE_CHARACTERS = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/;

/** A name as 000 §5 cleans it: the sanitiser's characters stripped, then trimmed. */
export function cleanSpaceName(name: string) {
  return name.replace(SANITISED_CHARACTERS, "").trim();
}

export const spaceNameSchema = z
  .string({ required_error: spaceNameMessages.REQUIRED })
  .transform(cleanSpaceName)
  .pipe(
    z
      .string({ required_error: spaceNameMessages.REQUIRED })
      .min(1, spaceNameMessages.REQUIRED)
      .min(SPACE_NAME_MIN, spaceNameMessages.TOO_SHORT)
      .max(SPACE_NAME_MAX, spaceNameMessages.TOO_LONG)
      .refine((name) => !INVISIBLE_CHARACTERS.test(name), spaceNameMessages.INVALID_CHARACTERS),
  );
