import { z } from "zod";

/** Spec §5 and §9: space names are trimmed and 5 to 255 characters long. */
export const WORKSPACE_NAME_MIN_LENGTH = 5;
export const WORKSPACE_NAME_MAX_LENGTH = 255;

export type WorkspaceNameError = "REQUIRED" | "TOO_SHORT" | "TOO_LONG" | "INVALID_CHARACTERS";

/** Spec 000 §5: the text sanitiser's characters, stripped from a name. */
const SANITISED_CHARACTERS = /[|&;$%@"<>()+,]/g;
/**
 * Characters that show nothing, or make a name read otherwise than it is
 * stored: Unicode's default-ignorable code points (zero-width spaces and
 * joiners, soft hyphen, word joiner, BOM, variation selectors, fillers such
 * as U+3164 and U+17B4: five of them make a blank name), controls, format
 * characters (text-direction marks: U+202E turns a name around), line and
 * paragraph separators, private-use and lone surrogate code units, and the
 * Braille blank. The app (app/domain/space-name.ts) refuses the same,
 * and one table tests both (tests/support/name-characters.ts).
 */
const INVISIBLE_CHARACTERS = /[\p{Default_Ignorable_Code_Point}\p{Cc}\p{Cf}\p{Co}\p{Cs}\p{Zl}\p{Zp}\u2800]/gu;
/** More than three combining marks on one letter: a tower that spills over the lines around the name. */
const STACKED_MARKS = /\p{M}{4,}/u;

/** A name as §5 cleans it: the sanitiser's characters stripped, then trimmed. */
export function cleanWorkspaceName(name: string): string {
  return name.replace(SANITISED_CHARACTERS, "").trim();
}

/** Counts code points, so an emoji or accented letter is one character as the user sees it. */
function characterCount(value: string): number {
  return [...value].length;
}

export function workspaceNameError(trimmedName: string): WorkspaceNameError | null {
  const length = characterCount(trimmedName);
  if (length === 0) return "REQUIRED";
  if (length < WORKSPACE_NAME_MIN_LENGTH) return "TOO_SHORT";
  if (length > WORKSPACE_NAME_MAX_LENGTH) return "TOO_LONG";
  if (trimmedName.search(INVISIBLE_CHARACTERS) >= 0 || STACKED_MARKS.test(trimmedName)) return "INVALID_CHARACTERS";
  return null;
}

/**
 * zod field for create and rename: the name cleaned as §5 says, then checked.
 * Failures are custom issues whose message is the bare code (REQUIRED,
 * TOO_SHORT, TOO_LONG, INVALID_CHARACTERS), which the HTTP layer sends as
 * the 400 `reason` so the app can map it to the spec's texts.
 */
export const workspaceNameSchema = z.preprocess(
  (value) => value ?? "",
  z
    .string()
    .transform(cleanWorkspaceName)
    .superRefine((value, ctx) => {
      const error = workspaceNameError(value);
      if (error) ctx.addIssue({ code: z.ZodIssueCode.custom, message: error });
    }),
);

const PERSONAL_SPACE_SUFFIX = "'s space";

/**
 * The space made for a new user: "{name}'s space". A missing or one-letter
 * name says nothing, so the e-mail's local part stands in for it.
 */
export function personalSpaceName(userName: string, email: string): string {
  // Made for the user, from a name Google gave us: cleaned rather than refused.
  const name = cleanWorkspaceName(userName.replace(INVISIBLE_CHARACTERS, ""));
  const owner = characterCount(name) >= 2 ? name : email.slice(0, email.lastIndexOf("@"));
  const room = WORKSPACE_NAME_MAX_LENGTH - PERSONAL_SPACE_SUFFIX.length;
  return [...owner].slice(0, room).join("") + PERSONAL_SPACE_SUFFIX;
}
