import { z } from "zod";
import type { AuthContext } from "./caller.server";
import { isBackendError, timestamp } from "./http.server";
import { nullableString, userPlanSchema } from "./schemas";

const seatPlanSchema = z.object({
  paymentPlanId: z.string(),
  userPlanType: userPlanSchema,
  totalSeats: z.number().int(),
  assignedSeats: z.number().int(),
  availableSeats: z.number().int(),
});

const subscriptionSchema = z.object({
  subscriptionId: z.string(),
  paymentSource: nullableString,
  billingInterval: z.enum(["MONTHLY", "YEARLY"]),
  endTimestamp: timestamp,
  subscriptionPaymentPlans: z.array(seatPlanSchema),
});
export type Subscription = z.infer<typeof subscriptionSchema>;

const removalSchema = z.object({
  paymentPlanId: z.string(),
  targetSeatsQuantity: z.number().int(),
  removeSeatsAtTimestamp: timestamp,
});
export type ScheduledRemoval = z.infer<typeof removalSchema>;

const spacePath = (workspaceId: string) => `/workspace-billing/workspaces/${encodeURIComponent(workspaceId)}`;

/** The space's active subscriptions with their seat plans (001 §7 Subscriptions v2, status=ACTIVE). */
export async function listActiveSubscriptions(auth: AuthContext, workspaceId: string): Promise<Subscription[]> {
  const answer = await auth.call({
    base: "billing",
    path: `${spacePath(workspaceId)}/subscriptions/v2`,
    query: { status: "ACTIVE" },
    schema: z.object({ items: z.array(subscriptionSchema) }),
  });
  return answer.items;
}

/**
 * The subscription's pending seat removals (001 §7 Scheduled removals,
 * status=PENDING); a 404 or 400 means there is none.
 */
export async function listScheduledRemovals(
  auth: AuthContext,
  workspaceId: string,
  subscriptionId: string,
): Promise<ScheduledRemoval[]> {
  try {
    const answer = await auth.call({
      base: "billing",
      path: `${spacePath(workspaceId)}/subscriptions/v2/${encodeURIComponent(subscriptionId)}/seats/v1/scheduled-removals`,
      query: { status: "PENDING" },
      schema: z.object({ items: z.array(removalSchema) }),
    });
    return answer.items;
  } catch (error) {
    if (isBackendError(error, 404) || isBackendError(error, 400)) return [];
    throw error;
  }
}

/** Cancels the subscription's scheduled seat removal (DELETE …/scheduled-removals). */
export async function cancelScheduledRemovals(auth: AuthContext, workspaceId: string, subscriptionId: string) {
  await auth.call({
    base: "billing",
    method: "DELETE",
    path: `${spacePath(workspaceId)}/subscriptions/v2/${encodeURIComponent(subscriptionId)}/seats/v1/scheduled-removals`,
  });
}
