import { parseWithZod } from "@conform-to/zod";
import { z } from "zod";
import { STOP_RENEWAL_INTENT } from "~/domain/renewal";

/**
 * Schemas of the small forms whose route modules have no other server module
 * to hold them. They live in a *.server module so that zod stays out of the
 * pages' browser bundles (ARCHITECTURE budgets).
 */

/** Stop automatic renewal: no fields of its own, the licence is the signed-in user's. */
export function parseStopRenewal(formData: FormData) {
  return parseWithZod(formData, { schema: z.object({ intent: z.literal(STOP_RENEWAL_INTENT) }) });
}

/** Accept an invitation: the invitation token is required (002 §5). */
export function parseAcceptInvitation(formData: FormData) {
  return parseWithZod(formData, { schema: z.object({ invitationToken: z.string().min(1).max(200) }) });
}
