import { z } from "zod";
import type { AuthContext } from "./caller.server";
import { backendPath, timestamp } from "./http.server";
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
    path: backendPath`/workspace-billing/payment-plans/v1`,
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
    path: backendPath`${billingSpacePath(workspaceId)}/stripe/checkout/v2/info`,
    changesNothing: true,
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

/** 001 §3 Payment info, per user (backend `PerUserQuote`): who would be paid, for how much. */
const usersLineSchema = z.object({
  count: z.number().int(),
  unitAmount: z.number().int(),
  totalAmount: z.number().int(),
});
const perUserQuoteSchema = quoteSchema.extend({
  currentWorkspacePlan: workspacePlanSchema,
  targetWorkspacePlan: z.enum(["PRO", "PREMIUM"]),
  currentBillingInterval: intervalSchema.nullish().transform((value) => value ?? null),
  targetBillingInterval: intervalSchema,
  paidUsers: usersLineSchema,
  gmailPaidUsers: usersLineSchema,
  userChanges: z.object({
    upgraded: z.number().int(),
    gmailUpgraded: z.number().int(),
    downgraded: z.number().int(),
    gmailDowngraded: z.number().int(),
  }),
  maxPaidUsers: z.number().int(),
  userRestrictions: z.array(z.object({ userId: z.string(), errorCode: z.string() })),
});
export type PerUserQuote = z.infer<typeof perUserQuoteSchema>;

export interface PerUserChange {
  workspacePlan: "PRO" | "PREMIUM";
  billingInterval: BillingInterval;
  /** The users whose plan moves (001 §3 Checkout user). */
  userUpdates: Array<{ userId: string; userPlan: "FREE" | "PRO" | "PRO_PERSONAL" }>;
  /** 001 §7: set for a legacy space, whose licence the change replaces. */
  upgradeLegacySubscription: boolean;
}

/**
 * 001 §7 Checkout info v1: the price of a per-user change, or of a purchase
 * without a subscription; `previewProratedChanges` adds what it charges today.
 */
export function quotePerUser(
  auth: AuthContext,
  workspaceId: string,
  request: PerUserChange & { country: string; business: boolean; previewProratedChanges: boolean },
): Promise<PerUserQuote> {
  return auth.call({
    base: "billing",
    method: "POST",
    path: backendPath`${billingSpacePath(workspaceId)}/stripe/checkout/v1/info`,
    changesNothing: true,
    query: { previewProratedChanges: request.previewProratedChanges },
    body: {
      purchaseType: request.business ? "B2B" : "B2C",
      country: request.country,
      billingInterval: request.billingInterval,
      workspacePlan: request.workspacePlan,
      userUpdates: request.userUpdates,
      upgradeLegacySubscription: request.upgradeLegacySubscription,
    },
    schema: perUserQuoteSchema,
  });
}

/**
 * 001 §7 Update subscription (per user): the plan, cycle and paid users of
 * an active subscription; what it charges now comes back as its invoice.
 */
export async function updatePerUserSubscription(
  auth: AuthContext,
  workspaceId: string,
  subscriptionId: string,
  change: PerUserChange,
  idempotencyKey: string,
) {
  await auth.call({
    base: "billing",
    method: "PUT",
    path: backendPath`${billingSpacePath(workspaceId)}/subscriptions/v1/${subscriptionId}`,
    body: {
      workspacePlan: change.workspacePlan,
      billingInterval: change.billingInterval,
      workspaceUserPlans: change.userUpdates,
      upgradeLegacySubscription: change.upgradeLegacySubscription,
    },
    idempotencyKey,
  });
}

/**
 * What a checkout session buys: seats (v2, per-seat spaces) or the chosen
 * users, one price per kind of account (v1, per-user spaces).
 */
export type CheckoutLines =
  | { kind: "seats"; stripePlans: Array<{ stripePriceId: string; quantity: number }> }
  | {
      kind: "users";
      plans: Array<{ stripePriceId: string; userIds: string[] }>;
      upgradeLegacySubscription: boolean;
    };

const linesBody = (lines: CheckoutLines) =>
  lines.kind === "seats"
    ? { stripePlans: lines.stripePlans }
    : {
        plans: lines.plans.map((plan) => ({ ...plan, downgradeToFree: false })),
        upgradeLegacySubscription: lines.upgradeLegacySubscription,
      };

export interface CheckoutSessionRequest {
  address: { country: string; state: string | null; city: string; postalCode: string | null; street: string };
  companyName: string | null;
  customerName: string;
  isBusinessPurchase: boolean;
  vatNumber: string | null;
  userName: string;
  lines: CheckoutLines;
  /** Where Stripe sends the person back: on success, and on Back. */
  successUrl: string;
  goBackUrl: string;
}

/** 001 §7 Checkout session v2 (seats) or v1 (users): the hosted Checkout page to send the person to. */
export function createCheckoutSession(
  auth: AuthContext,
  workspaceId: string,
  request: CheckoutSessionRequest,
  idempotencyKey: string,
) {
  return auth.call({
    base: "billing",
    method: "POST",
    path:
      request.lines.kind === "seats"
        ? backendPath`${billingSpacePath(workspaceId)}/stripe/checkout/v2/session`
        : backendPath`${billingSpacePath(workspaceId)}/stripe/checkout/v1/session`,
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
      ...linesBody(request.lines),
    },
    idempotencyKey,
    schema: z.object({ stripeCheckoutSessionId: z.string(), url: z.string().url() }),
  });
}

/**
 * Issue 33: the buyer back from Checkout has the backend apply the session
 * as Stripe holds it (the webhook may be late or lost). Answers where it
 * stands: paid (applied now), still open, or expired.
 */
export async function settleCheckoutSession(auth: AuthContext, workspaceId: string, sessionId: string) {
  const answer = await auth.call({
    base: "billing",
    method: "POST",
    path: backendPath`${billingSpacePath(workspaceId)}/stripe/checkout/v2/session/${sessionId}/settlement`,
    schema: z.object({ status: z.enum(["paid", "open", "expired"]) }),
  });
  return answer.status;
}

/** 001 §7 Customer portal: where "Manage billing" goes; never cached. */
export async function customerPortalUrl(auth: AuthContext, workspaceId: string, returnUrl: string) {
  const answer = await auth.call({
    base: "billing",
    path: backendPath`${billingSpacePath(workspaceId)}/stripe/customer/v1/portal`,
    query: { returnUrl },
    schema: z.object({ stripeCustomerPortalUrl: z.string().url() }),
  });
  return answer.stripeCustomerPortalUrl;
}

const subscriptionPath = (workspaceId: string, subscriptionId: string) =>
  backendPath`${billingSpacePath(workspaceId)}/subscriptions/v2/${subscriptionId}`;

const paymentIntentSchema = z
  .object({ status: z.string() })
  .nullish()
  .transform((value) => value ?? null);

/**
 * 001 §7 Add seats: asks Stripe for more seats, charged prorated at once.
 * They are added only once paid (Stripe's webhook follows): `pending` while
 * the payment waits for the customer's authentication; a declined card is a
 * 402 and adds nothing.
 */
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
    path: backendPath`${subscriptionPath(workspaceId, subscriptionId)}/seats/v1`,
    body: { workspaceId, subscriptionId, useProratedAmounts: true, seatPlans },
    idempotencyKey,
    schema: z.object({
      pending: z.boolean().default(false),
      latestInvoice: z
        .object({ paid: z.boolean(), hostedInvoiceUrl: nullableString, paymentIntent: paymentIntentSchema })
        .nullish()
        .transform((value) => value ?? null),
    }),
  });
}

/** 001 §7 Latest invoice: read from Stripe, paid or not, and where its payment stands. */
export function latestInvoice(auth: AuthContext, workspaceId: string, subscriptionId: string) {
  return auth.call({
    base: "billing",
    path: backendPath`${subscriptionPath(workspaceId, subscriptionId)}/latest-invoice/v1`,
    schema: z.object({ paid: z.boolean(), hostedInvoiceUrl: nullableString, paymentIntent: paymentIntentSchema }),
  });
}

/**
 * Pays the latest invoice whose payment waits for the customer, through
 * Stripe's redirect-based authentication (no JavaScript): where the browser
 * goes to authenticate (Stripe then sends it to `returnUrl`), or, when no
 * authentication was needed, how the payment ended.
 */
export function confirmLatestPayment(
  auth: AuthContext,
  workspaceId: string,
  subscriptionId: string,
  returnUrl: string,
  idempotencyKey: string,
) {
  return auth.call({
    base: "billing",
    method: "POST",
    path: backendPath`${subscriptionPath(workspaceId, subscriptionId)}/latest-invoice/v1/confirmation`,
    body: { returnUrl },
    idempotencyKey,
    schema: z.object({ status: z.string(), redirectToUrl: z.string().url().nullable() }),
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
    path: backendPath`${subscriptionPath(workspaceId, subscriptionId)}/seats/v1/scheduled-removals`,
    body: { subscriptionPlanSeats },
    idempotencyKey,
  });
}

/** Cancels a scheduled billing-interval change (002 §7: body cancelScheduledBillingIntervalChange true). */
export async function cancelIntervalChange(auth: AuthContext, workspaceId: string, subscriptionId: string) {
  await auth.call({
    base: "billing",
    method: "PUT",
    path: backendPath`${billingSpacePath(workspaceId)}/subscriptions/v1/${subscriptionId}`,
    body: { cancelScheduledBillingIntervalChange: true },
  });
}

const draftPath = (workspaceId: string) => backendPath`${billingSpacePath(workspaceId)}/checkout-drafts/v1`;

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
