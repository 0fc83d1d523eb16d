import { z } from "zod";
import { CANCEL_INTENT } from "~/domain/scheduled-merges";

/** The cancel form (002 §2): one intent; anything else is a 400. The action and the form share it. */
export const cancelFormSchema = z.object({ intent: z.literal(CANCEL_INTENT) });
