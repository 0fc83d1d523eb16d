import { parseWithZod } from "@conform-to/zod";
import { stopRenewalSchema } from "./__stop-renewal-schema";

/** Parses the form here, server-only, so that zod and conform stay out of the page's first load. */
export function parseStopRenewal(formData: FormData) {
  return parseWithZod(formData, { schema: stopRenewalSchema });
}
