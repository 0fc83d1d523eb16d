import { parseWithZod } from "@conform-to/zod";
import { acceptInvitationSchema } from "./__invitation-schema";

/** Parses the accept form here, server-only, so that zod and conform stay out of the page's first load. */
export function parseAcceptInvitation(formData: FormData) {
  return parseWithZod(formData, { schema: acceptInvitationSchema });
}
