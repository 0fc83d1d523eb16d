import { z } from "zod";
import { USE_TEMPLATE_INTENT } from "~/domain/templates";

/** 'Use' (002 §4, §7): the intent and the template's id. The action and the form share it. */
export const templateUseSchema = z.object({
  intent: z.literal(USE_TEMPLATE_INTENT),
  templateId: z.string().regex(/^[\w-]{1,64}$/),
});
