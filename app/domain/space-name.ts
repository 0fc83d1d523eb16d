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
  // Not in the spec (issues 13 and 26 refuse these characters): our own wording.
  INVALID_CHARACTERS:
    "Space name cannot contain invisible or text-direction characters, or more than 3 marks on a letter.",
  // Not in the spec (issue 26): a name the 000 §5 sanitiser empties says so, rather than asking to fill it in.
  ONLY_REMOVED_CHARACTERS:
    'The characters | & ; $ % @ " < > ( ) + , are removed from space names, which leaves this one empty.',
} as const;

/** 000 §5: the text sanitiser's characters, stripped from a name. */
const SANITISED_CHARACTERS = /[|&;$%@"<>()+,]/g;
/**
 * Characters that show nothing, or make a name read otherwise than it is
 * stored: Unicode's default-ignorable code points (zero-width spaces and
 * joiners, soft hyphen, word joiner, BOM, variation selectors, fillers such
 * as U+3164 and U+17B4: five of them make a blank name), controls, format
 * characters (text-direction marks: U+202E turns a name around), line and
 * paragraph separators, private-use and lone surrogate code units, and the
 * Braille blank. The backend (backend/src/domain/workspace-name.ts) refuses the same,
 * and one table tests both (tests/support/name-characters.ts).
 */
const INVISIBLE_CHARACTERS = /[\p{Default_Ignorable_Code_Point}\p{Cc}\p{Cf}\p{Co}\p{Cs}\p{Zl}\p{Zp}\u2800]/u;
/** More than three combining marks on one letter: a tower that spills over the lines around the name. */
const STACKED_MARKS = /\p{M}{4,}/u;

/** A name as 000 §5 cleans it: the sanitiser's characters stripped, then trimmed. */
export function cleanSpaceName(name: string) {
  return name.replace(SANITISED_CHARACTERS, "").trim();
}

export const spaceNameSchema = z
  .string({ required_error: spaceNameMessages.REQUIRED })
  .superRefine((name, ctx) => {
    // Fatal: the checks of the cleaned name below would only add "Please fill in this field.".
    if (name.trim() !== "" && cleanSpaceName(name) === "") {
      ctx.addIssue({ code: z.ZodIssueCode.custom, message: spaceNameMessages.ONLY_REMOVED_CHARACTERS, fatal: true });
    }
  })
  .transform(cleanSpaceName)
  .pipe(
    z
      .string({ required_error: spaceNameMessages.REQUIRED })
      .min(1, spaceNameMessages.REQUIRED)
      .min(SPACE_NAME_MIN, spaceNameMessages.TOO_SHORT)
      .max(SPACE_NAME_MAX, spaceNameMessages.TOO_LONG)
      .refine(
        (name) => !INVISIBLE_CHARACTERS.test(name) && !STACKED_MARKS.test(name),
        spaceNameMessages.INVALID_CHARACTERS,
      ),
  );
