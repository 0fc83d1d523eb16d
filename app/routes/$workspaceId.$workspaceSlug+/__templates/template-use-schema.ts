import { z } from "zod";
import { IDEMPOTENCY_FIELD } from "~/domain/idempotency";
import { idempotencyKeySchema } from "~/domain/idempotency-schema";
import { USE_TEMPLATE_INTENT } from "~/domain/templates";

/** 'Use' (002 §4, §7): the intent and the template's id. The action and the form share it. */
export const templateUseSchema = z.object({
  intent: z.literal(USE_TEMPLATE_INTENT),
  templateId: z.string().regex(/^[\w-]{1,64}$/),
  [IDEMPOTENCY_FIELD]: idempotencyKeySchema,
});
