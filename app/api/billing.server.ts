import { z } from "zod";
import type { AuthContext } from "./caller.server";
import { timestamp } from "./http.server";
import { nullableString, userPlanSchema, workspacePlanSchema } from "./schemas";
import { billingSpacePath } from "./subscriptions.server";

/*
 * The billing backend's checkout and seat calls (001 §7, the contract in
 * backend/README.md "Billing API"). Amounts are in the currency's minor unit.
 */

const intervalSchema = z.enum(["MONTHLY", "YEARLY"]);
export type BillingInterval = z.infer<typeof intervalSchema>;

const paymentPlanSchema = z.object({
  paymentPlanId: z.string(),
  stripePriceId: z.string(),
  workspacePlan: workspacePlanSchema,
  userPlan: userPlanSchema,
  teamSize: z
    .number()
    .int()
    .nullish()
    .transform((value) => value ?? null),
  status: z.string(),
  currency: z.string(),
  billingInterval: intervalSchema,
  paymentPlanTiers: z.array(z.object({ unitAmount: z.number().int() })),
});
export type PaymentPlan = z.infer<typeof paymentPlanSchema>;

/** The catalogue (001 §7 Payment plans); for display only ACTIVE USD plans are read (001 §3). */
export async function listPaymentPlans(auth: AuthContext): Promise<PaymentPlan[]> {
  const answer = await auth.call({
    base: "billing",
    path: "/workspace-billing/payment-plans/v1",
    schema: z.object({ items: z.array(paymentPlanSchema) }),
  });
  return answer.items;
}

const quoteSchema = z.object({
  currency: z.string(),
  taxRate: z.number(),
  proratedDays: z
    .number()
    .int()
    .nullish()
    .transform((value) => value ?? null),
  chargedToday: z.number().int(),
  totalAmount: z.number().int(),
  totalBeforeTax: z.number().int(),
  currentAmount: z.number().int(),
  nextPaymentTimestamp: timestamp,
  couponId: nullableString,
  couponPercentOff: z
    .number()
    .nullish()
    .transform((value) => value ?? null),
  stripePlans: z.array(
    z.object({
      stripePriceId: z.string(),
      userPlan: userPlanSchema,
      quantity: z.number().int(),
      unitAmount: z.number().int(),
      totalAmount: z.number().int(),
    }),
  ),
});
export type Quote = z.infer<typeof quoteSchema>;

export interface SeatPlanRequest {
  userPlan: "PRO" | "PRO_PERSONAL";
  /** The seats the subscription would have in all. */
  quantity: number;
}

/**
 * 001 §7 Checkout info v2: the price of these seat totals. Without a
 * subscription, a purchase; with one and `previewProratedAmounts`, moving it
 * to those totals today; without that flag, its next cycle at those totals.
 */
export function quoteSeats(
  auth: AuthContext,
  workspaceId: string,
  request: {
    country: string;
    business: boolean;
    billingInterval?: BillingInterval;
    previewProratedAmounts: boolean;
    seatPlans: SeatPlanRequest[];
  },
): Promise<Quote> {
  return auth.call({
    base: "billing",
    method: "POST",
    path: `${billingSpacePath(workspaceId)}/stripe/checkout/v2/info`,
    body: {
      purchaseType: request.business ? "B2B" : "B2C",
      country: request.country,
      billingInterval: request.billingInterval ?? "YEARLY",
      workspacePlan: "PRO",
      previewProratedAmounts: request.previewProratedAmounts,
      seatPlans: request.seatPlans,
    },
    schema: quoteSchema,
  });
}

export interface CheckoutSessionRequest {
  address: { country: string; state: string | null; city: string; postalCode: string | null; street: string };
  companyName: string | null;
  customerName: string;
  isBusinessPurchase: boolean;
  vatNumber: string | null;
  userName: string;
  stripePlans: Array<{ stripePriceId: string; quantity: number }>;
  /** Where Stripe sends the person back: on success, and on Back. */
  successUrl: string;
  goBackUrl: string;
}

/** 001 §7 Checkout session v2: the hosted Checkout page to send the person to. */
export function createCheckoutSession(
  auth: AuthContext,
  workspaceId: string,
  request: CheckoutSessionRequest,
  idempotencyKey: string,
) {
  return auth.call({
    base: "billing",
    method: "POST",
    path: `${billingSpacePath(workspaceId)}/stripe/checkout/v2/session`,
    body: {
      workspaceId,
      addressInfo: {
        country: request.address.country,
        state: request.address.state ?? undefined,
        city: request.address.city,
        postalCode: request.address.postalCode ?? undefined,
        street: request.address.street,
      },
      companyName: request.companyName ?? undefined,
      customerName: request.customerName,
      isB2BTransaction: request.isBusinessPurchase,
      vatNumber: request.isBusinessPurchase ? (request.vatNumber ?? undefined) : undefined,
      goBackUrl: request.goBackUrl,
      successUrl: request.successUrl,
      userName: request.userName,
      stripePlans: request.stripePlans,
    },
    idempotencyKey,
    schema: z.object({ stripeCheckoutSessionId: z.string(), url: z.string().url() }),
  });
}

/** 001 §7 Customer portal: where "Manage billing" goes; never cached. */
export async function customerPortalUrl(auth: AuthContext, workspaceId: string, returnUrl: string) {
  const answer = await auth.call({
    base: "billing",
    path: `${billingSpacePath(workspaceId)}/stripe/customer/v1/portal`,
    query: { returnUrl },
    schema: z.object({ stripeCustomerPortalUrl: z.string().url() }),
  });
  return answer.stripeCustomerPortalUrl;
}

const subscriptionPath = (workspaceId: string, subscriptionId: string) =>
  `${billingSpacePath(workspaceId)}/subscriptions/v2/${encodeURIComponent(subscriptionId)}`;

/** 001 §7 Add seats: asks Stripe for more seats, charged prorated at once; the seats follow its webhook. */
export function addSeats(
  auth: AuthContext,
  workspaceId: string,
  subscriptionId: string,
  seatPlans: Array<{ userPlan: "PRO" | "PRO_PERSONAL"; quantity: number }>,
  idempotencyKey: string,
) {
  return auth.call({
    base: "billing",
    method: "POST",
    path: `${subscriptionPath(workspaceId, subscriptionId)}/seats/v1`,
    body: { workspaceId, subscriptionId, useProratedAmounts: true, seatPlans },
    idempotencyKey,
    schema: z.object({
      latestInvoice: z
        .object({
          paid: z.boolean(),
          hostedInvoiceUrl: nullableString,
          paymentIntent: z
            .object({ status: z.string() })
            .nullish()
            .transform((value) => value ?? null),
        })
        .nullish()
        .transform((value) => value ?? null),
    }),
  });
}

/** 001 §7 Latest invoice: read from Stripe, so its hosted page (to pay or confirm it) is the current one. */
export function latestInvoice(auth: AuthContext, workspaceId: string, subscriptionId: string) {
  return auth.call({
    base: "billing",
    path: `${subscriptionPath(workspaceId, subscriptionId)}/latest-invoice/v1`,
    schema: z.object({ paid: z.boolean(), hostedInvoiceUrl: nullableString }),
  });
}

/** 001 §7 update seats: fewer seats from the next renewal on (a scheduled removal). */
export async function scheduleSeatRemoval(
  auth: AuthContext,
  workspaceId: string,
  subscriptionId: string,
  subscriptionPlanSeats: Array<{ paymentPlanId: string; targetSeatsQuantity: number }>,
  idempotencyKey: string,
) {
  await auth.call({
    base: "billing",
    method: "POST",
    path: `${subscriptionPath(workspaceId, subscriptionId)}/seats/v1/scheduled-removals`,
    body: { subscriptionPlanSeats },
    idempotencyKey,
  });
}

/** Cancels a scheduled billing-interval change (002 §7: body cancelScheduledBillingIntervalChange true). */
export async function cancelIntervalChange(auth: AuthContext, workspaceId: string, subscriptionId: string) {
  await auth.call({
    base: "billing",
    method: "PUT",
    path: `${billingSpacePath(workspaceId)}/subscriptions/v1/${encodeURIComponent(subscriptionId)}`,
    body: { cancelScheduledBillingIntervalChange: true },
  });
}

const draftPath = (workspaceId: string) => `${billingSpacePath(workspaceId)}/checkout-drafts/v1`;

/** What the person typed in this space's checkout steps, kept by the backend between them (null: nothing yet). */
export async function readCheckoutDraft(auth: AuthContext, workspaceId: string): Promise<Record<string, string>> {
  const answer = await auth.call({
    base: "billing",
    path: draftPath(workspaceId),
    schema: z.object({ draft: z.record(z.string()).nullable() }),
  });
  return answer.draft ?? {};
}

export async function saveCheckoutDraft(auth: AuthContext, workspaceId: string, draft: Record<string, string>) {
  await auth.call({ base: "billing", method: "PUT", path: draftPath(workspaceId), body: { draft } });
}
