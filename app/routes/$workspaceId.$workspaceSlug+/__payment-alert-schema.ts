import { z } from "zod";

/** Dismiss a payment alert (001 §4): its key (kind and subscription id) and where to go back to. */
export const dismissPaymentAlertSchema = z.object({
  key: z.string().regex(/^(failed|confirmation|all-failed):[\w-]{1,100}$/),
  redirectTo: z.string().max(2000).optional(),
});
