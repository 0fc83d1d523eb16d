import { z } from "zod";
import { IDEMPOTENCY_FIELD } from "~/domain/idempotency";
import { idempotencyKeySchema } from "~/domain/idempotency-schema";
import { CANCEL_INTENT } from "~/domain/scheduled-merges";

/** The cancel form (002 §2): one intent; anything else is a 400. The action and the form share it. */
export const cancelFormSchema = z.object({ intent: z.literal(CANCEL_INTENT), [IDEMPOTENCY_FIELD]: idempotencyKeySchema });
