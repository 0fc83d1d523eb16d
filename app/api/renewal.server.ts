import type { AuthContext } from "./caller.server";
import { backendPath } from "./http.server";

/**
 * POST /_ah/api/subscriptions/v1/cancelAutoRenewal on the billing backend
 * (000 §7). The answer is not read: any 2xx is success, anything else throws.
 */
export function cancelAutoRenewal(auth: AuthContext, subscriptionId: string) {
  return auth.call<void>({
    base: "billing",
    path: backendPath`/_ah/api/subscriptions/v1/cancelAutoRenewal`,
    method: "POST",
    body: { subscriptionId },
  });
}
