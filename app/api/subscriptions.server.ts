import { z } from "zod";
import type { AuthContext } from "./caller.server";
import { backendPath, isBackendError, optionalTimestamp, timestamp } from "./http.server";
import { nullableString, userPlanSchema, workspacePlanSchema } from "./schemas";

const seatPlanSchema = z.object({
  paymentPlanId: z.string(),
  unitAmount: z
    .number()
    .int()
    .nullish()
    .transform((value) => value ?? null),
  userPlanType: userPlanSchema,
  totalSeats: z.number().int(),
  assignedSeats: z.number().int(),
  availableSeats: z.number().int(),
});

const intervalSchema = z.enum(["MONTHLY", "YEARLY"]);

const latestInvoiceSchema = z.object({
  paid: z.boolean(),
  hostedInvoiceUrl: nullableString,
  /** When the subscription will be suspended unless this invoice gets paid (000 §8). */
  suspendTimestamp: optionalTimestamp,
  paymentIntent: z
    .object({ status: z.string() })
    .nullish()
    .transform((value) => value ?? null),
});

/** 001 §3 additionalStripeInfo: the customer, the coupon, the latest and the upcoming invoice. */
const stripeInfoSchema = z.object({
  country: nullableString,
  companyName: nullableString,
  couponId: nullableString,
  couponPercentOff: z
    .number()
    .nullish()
    .transform((value) => value ?? null),
  latestInvoice: latestInvoiceSchema.nullish().transform((value) => value ?? null),
  upcomingInvoice: z
    .object({ amountDue: z.number().int(), dueTimestamp: timestamp })
    .nullish()
    .transform((value) => value ?? null),
  /** Of ours: a second purchase of the space, paid at the same time, cancelled and refunded lately. */
  duplicateRefunds: z
    .array(z.object({ amount: z.number().int(), currency: z.string(), refundedTimestamp: timestamp }))
    .default([]),
});

/** 001 §3 Active subscription, as Subscriptions v2 answers it (amounts in minor units). */
const subscriptionSchema = z.object({
  subscriptionId: z.string(),
  workspacePlan: workspacePlanSchema,
  status: z.enum(["ACTIVE", "CANCELED"]),
  paymentSource: nullableString,
  billingInterval: intervalSchema,
  currency: z.string().default("USD"),
  taxRate: z.number().default(0),
  amount: z.number().int().default(0),
  discount: z
    .number()
    .nullish()
    .transform((value) => value ?? null),
  autoRenew: z.boolean(),
  endTimestamp: timestamp,
  scheduledChanges: z
    .object({ targetBillingInterval: intervalSchema })
    .nullish()
    .transform((value) => value ?? null),
  stripeSubscriptionScheduleId: nullableString,
  subscriptionPaymentPlans: z.array(seatPlanSchema),
  /** The legacy licence this subscription replaced (001 §4 "previous subscription was cancelled"). */
  legacyUpgrade: z
    .object({ subscriptionId: z.string() })
    .nullish()
    .transform((value) => value ?? null),
  additionalStripeInfo: stripeInfoSchema.nullish().transform((value) => value ?? null),
});
export type Subscription = z.infer<typeof subscriptionSchema>;

const removalSchema = z.object({
  paymentPlanId: z.string(),
  targetSeatsQuantity: z.number().int(),
  removeSeatsAtTimestamp: timestamp,
});
export type ScheduledRemoval = z.infer<typeof removalSchema>;

export const billingSpacePath = (workspaceId: string) => backendPath`/workspace-billing/workspaces/${workspaceId}`;

/** 001 §7 Subscriptions v2 without a status: every subscription of the space, newest first (a canceled one tells of failed payments). */
export async function listSubscriptions(
  auth: AuthContext,
  workspaceId: string,
  { fresh = false }: { fresh?: boolean } = {},
): Promise<Subscription[]> {
  const answer = await auth.call({
    base: "billing",
    path: backendPath`${billingSpacePath(workspaceId)}/subscriptions/v2`,
    fresh,
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
      path: backendPath`${billingSpacePath(workspaceId)}/subscriptions/v2/${subscriptionId}/seats/v1/scheduled-removals`,
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
    path: backendPath`${billingSpacePath(workspaceId)}/subscriptions/v2/${subscriptionId}/seats/v1/scheduled-removals`,
  });
}
