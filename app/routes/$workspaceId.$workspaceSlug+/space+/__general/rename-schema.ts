import { z } from "zod";
import { GENERAL_INTENTS } from "~/domain/general-settings";
import { spaceNameSchema } from "~/domain/space-name";

/** The rename form (002 §5): the space name's rules, as the New space form has them. */
export const renameSchema = z.object({
  intent: z.literal(GENERAL_INTENTS.rename),
  spaceName: spaceNameSchema,
});
