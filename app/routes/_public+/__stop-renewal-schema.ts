import { z } from "zod";
import { STOP_RENEWAL_INTENT } from "~/domain/renewal";

/** Stop automatic renewal: no fields of its own, the licence is the signed-in user's. The action and the form share it. */
export const stopRenewalSchema = z.object({ intent: z.literal(STOP_RENEWAL_INTENT) });
