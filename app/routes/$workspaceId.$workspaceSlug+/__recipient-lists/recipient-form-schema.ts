import { z } from "zod";
import { IDEMPOTENCY_FIELD } from "~/domain/idempotency";
import { idempotencyKeySchema } from "~/domain/idempotency-schema";
import { recipientFields, recipientIntents } from "~/domain/recipients";

/**
 * The two forms of the unsubscription and bounce pages (002 §2, §5): add the
 * typed addresses, or delete one. The addresses are judged one by one by the
 * pure tag parser (~/domain/email-tags), since 002 §5 adds the valid ones and
 * flags the rest. The action and both forms share it.
 */
export const recipientFormSchema = z.discriminatedUnion(recipientFields.intent, [
  z.object({
    [recipientFields.intent]: z.literal(recipientIntents.add),
    [recipientFields.emails]: z.string().default(""),
    [IDEMPOTENCY_FIELD]: idempotencyKeySchema,
  }),
  z.object({
    [recipientFields.intent]: z.literal(recipientIntents.delete),
    [recipientFields.address]: z.string().trim().min(1).max(254),
  }),
]);
