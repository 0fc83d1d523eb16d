import { parseWithZod } from "@conform-to/zod";
import { cancelFormSchema } from "./__cancel-schema";

/** Parses the cancel form here, server-only, so that zod and conform stay out of the page's first load. */
export function parseCancelForm(formData: FormData) {
  return parseWithZod(formData, { schema: cancelFormSchema });
}
