import { parseWithZod } from "@conform-to/zod";
import type { AuthContext } from "~/api/caller.server";
import { logSurvivedFailure } from "~/api/http.server";
import { cancelAutoRenewal } from "~/api/renewal.server";
import { renewalTexts, type RenewalResult } from "~/domain/renewal";
import { requestLog } from "~/observability/request-context.server";
import { stopRenewalSchema } from "./__stop-renewal-schema";

/** Parses the form here, server-only, so that zod and conform stay out of the page's first load. */
export function parseStopRenewal(formData: FormData) {
  return parseWithZod(formData, { schema: stopRenewalSchema });
}

/** Stops the licence's automatic renewal; a failure is logged and shown as the failure page (000 §4). */
export async function stopRenewal(auth: AuthContext, subscriptionId: string | undefined): Promise<RenewalResult> {
  if (!subscriptionId) {
    requestLog().error(renewalTexts.subscriptionIdMissing);
    return "failure";
  }
  try {
    await cancelAutoRenewal(auth, subscriptionId);
    return "success";
  } catch (error) {
    // A sign-out redirect (the session could not be renewed) goes through as is.
    if (error instanceof Response) throw error;
    logSurvivedFailure(error, "cancelAutoRenewal failed");
    return "failure";
  }
}
