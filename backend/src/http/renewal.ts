import { Hono } from "hono";
import { z } from "zod";
import { stopLicenseAutoRenewal } from "../store/license-renewals";
import type { AppEnv, RouteDeps } from "./app-env";
import { requireCallerUser } from "./caller";
import { HttpError } from "./errors";
import { parseJsonBody } from "./validation";

/** 000 §5: "Cancel renewal requires a subscriptionId, else 'Subscription Id is missing'". */
const SUBSCRIPTION_ID_MISSING = "Subscription Id is missing";

const cancelAutoRenewalBody = z.object({
  subscriptionId: z.string({ required_error: SUBSCRIPTION_ID_MISSING }).trim().min(1, SUBSCRIPTION_ID_MISSING),
});

const subscriptionNotFound = () => new HttpError(404, "subscription_not_found");

/**
 * Billing API (mounted at /billing): stopping the automatic renewal of the
 * caller's licence, e.g. a legacy PayPal plan (000 §2 Stop automatic renewal, §7).
 */
export function renewalRoutes({ db }: RouteDeps) {
  const routes = new Hono<AppEnv>();

  // The session check sits on the route: the billing mount has no /api-wide middleware of its own.
  routes.post("/_ah/api/subscriptions/v1/cancelAutoRenewal", async (c) => {
    const { subscriptionId } = await parseJsonBody(c, cancelAutoRenewalBody);
    const user = await requireCallerUser(db, c);
    // Only the caller's own licence: someone else's id is as unknown as a made-up one.
    if (user.license_subscription_id !== subscriptionId) throw subscriptionNotFound();
    await stopLicenseAutoRenewal(db, { subscriptionId, userId: user.id });
    return c.json({ autoRenew: false });
  });

  return routes;
}
