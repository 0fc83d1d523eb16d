import { Hono, type Context } from "hono";
import { z } from "zod";
import type { BackendDb } from "../db/connection";
import { mayManageMembers } from "../domain/member-rights";
import { loadSpaceSeats } from "../store/space-seats";
import { cancelSeatRemovals, findSubscription, listSeatRemovals } from "../store/subscriptions";
import type { AppEnv, RouteDeps } from "./app-env";
import { requireActiveMembership } from "./caller";
import { forbidden, HttpError } from "./errors";
import { parseQuery } from "./validation";
import { timestamp } from "./views/timestamps";

const subscriptionsQuery = z.object({ status: z.enum(["ACTIVE"]).optional() });
const removalsQuery = z.object({ status: z.enum(["PENDING"]).optional() });

const subscriptionNotFound = () => new HttpError(404, "subscription_not_found");
const removalNotFound = () => new HttpError(404, "scheduled_removal_not_found");

const SPACE = "/workspace-billing/workspaces/:workspaceId";
const REMOVALS = `${SPACE}/subscriptions/v2/:subscriptionId/seats/v1/scheduled-removals`;

/**
 * The caller as an active OWNER or ADMIN of the space: subscriptions are
 * not listed for members (001 §5), and only the owner changes seats.
 */
async function requireBillingReader(db: BackendDb, c: Context<AppEnv>) {
  const caller = await requireActiveMembership(db, c, c.req.param("workspaceId") ?? "");
  if (!mayManageMembers(caller.membership.role)) throw forbidden("may not see the subscription");
  return caller;
}

/** One of the space's subscriptions, by the path's id (404 when not the space's). */
async function requireSubscription(db: BackendDb, c: Context<AppEnv>, workspaceId: string) {
  const subscription = await findSubscription(db, workspaceId, c.req.param("subscriptionId") ?? "");
  if (!subscription) throw subscriptionNotFound();
  return subscription;
}

/**
 * Billing API: a space's subscriptions with their seat plans (001 §7
 * "Subscriptions v2", 002 §3 Seat info) and its scheduled seat removals
 * ("Scheduled removals": read and cancel; scheduling one comes with checkout).
 */
export function subscriptionsRoutes({ db }: RouteDeps) {
  const routes = new Hono<AppEnv>();

  routes.get(`${SPACE}/subscriptions/v2`, async (c) => {
    parseQuery(c, subscriptionsQuery);
    const { workspace } = await requireBillingReader(db, c);
    const spaceSeats = await loadSpaceSeats(db, workspace.id, Date.now());
    return c.json({
      items: spaceSeats.map(({ subscription, plans }) => ({
        subscriptionId: subscription.id,
        workspaceId: subscription.workspace_id,
        workspacePlan: subscription.workspace_plan,
        status: subscription.status,
        billingInterval: subscription.billing_interval,
        currency: subscription.currency,
        paymentSource: subscription.payment_source,
        autoRenew: subscription.auto_renew === 1,
        endTimestamp: timestamp(subscription.end_timestamp),
        subscriptionPaymentPlans: plans.map((plan) => ({
          paymentPlanId: plan.paymentPlanId,
          userPlanType: plan.userPlan,
          totalSeats: plan.totalSeats,
          assignedSeats: plan.assignedSeats,
          availableSeats: plan.availableSeats,
          numberOfLicensesUsed: plan.assignedSeats,
          allowedQuantity: plan.totalSeats,
        })),
      })),
    });
  });

  routes.get(REMOVALS, async (c) => {
    parseQuery(c, removalsQuery);
    const { workspace } = await requireBillingReader(db, c);
    const subscription = await requireSubscription(db, c, workspace.id);
    const removals = await listSeatRemovals(db, subscription.id, "PENDING");
    // 001 §7: a 404 means "no scheduled removal".
    if (removals.length === 0) throw removalNotFound();
    return c.json({
      items: removals.map((removal) => ({
        paymentPlanId: removal.payment_plan_id,
        targetSeatsQuantity: removal.target_seats_quantity,
        removeSeatsAtTimestamp: timestamp(removal.remove_seats_at),
        status: removal.status,
      })),
    });
  });

  routes.delete(REMOVALS, async (c) => {
    const { workspace, membership } = await requireBillingReader(db, c);
    if (membership.role !== "OWNER") throw forbidden("only the owner changes seats");
    const subscription = await requireSubscription(db, c, workspace.id);
    if ((await cancelSeatRemovals(db, subscription.id)) === 0) throw removalNotFound();
    return c.body(null, 204);
  });

  return routes;
}
