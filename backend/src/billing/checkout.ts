import type Stripe from "stripe";
import type { BillingCustomerRow } from "../store/billing-customers";
import { conflict } from "../http/errors";
import { applyCheckoutSession } from "./settle-checkout";
import { callStripe, findOnStripe, stripeIdempotencyKey } from "./stripe-client";
import type { WebhookDeps } from "./webhook-events";

/**
 * A purchase's Stripe objects (001 §4 Purchase flow): the space's one
 * customer, the VAT rate of a euro purchase, and the Checkout Session whose
 * hosted page takes the payment. Every create passes on the request's
 * idempotency key (per call, see stripeIdempotencyKey).
 */

export interface BuyerDetails {
  workspaceId: string;
  email: string;
  /** The company for a business purchase, the person otherwise. */
  name: string;
  address: { country: string; state?: string; city: string; postalCode?: string; street: string };
  /** A business purchase's EU VAT number, registered as the customer's `eu_vat` tax id. */
  vatNumber: string | null;
}

/**
 * The space's Stripe customer with the buyer's current details: made on the
 * first checkout, brought up to date on the next ones (a new VAT number is
 * added to its tax ids). Stripe refusing the VAT number is the one refusal
 * the buyer can fix (400 `tax_id_invalid`).
 */
export async function upsertCustomer(
  stripe: Stripe,
  existing: BillingCustomerRow | undefined,
  buyer: BuyerDetails,
  requestKey: string | undefined,
): Promise<string> {
  const details = {
    email: buyer.email,
    name: buyer.name,
    address: {
      country: buyer.address.country,
      state: buyer.address.state,
      city: buyer.address.city,
      postal_code: buyer.address.postalCode,
      line1: buyer.address.street,
    },
    metadata: { workspaceId: buyer.workspaceId },
  };
  if (!existing) {
    const params: Stripe.CustomerCreateParams = {
      ...details,
      ...(buyer.vatNumber && { tax_id_data: [{ type: "eu_vat", value: buyer.vatNumber }] }),
    };
    const customer = await callStripe(() =>
      stripe.customers.create(params, { idempotencyKey: stripeIdempotencyKey(requestKey, "customer", params) }),
    );
    return customer.id;
  }
  const customerId = existing.stripe_customer_id;
  await callStripe(() =>
    stripe.customers.update(customerId, details, {
      idempotencyKey: stripeIdempotencyKey(requestKey, "customer-update", [customerId, details]),
    }),
  );
  const vatNumber = buyer.vatNumber;
  if (vatNumber && vatNumber !== existing.vat_number) {
    const params: Stripe.CustomerCreateTaxIdParams = { type: "eu_vat", value: vatNumber };
    await callStripe(() =>
      stripe.customers.createTaxId(customerId, params, {
        idempotencyKey: stripeIdempotencyKey(requestKey, "tax-id", [customerId, params]),
      }),
    );
  }
  return customerId;
}

/** The space's VAT rate for `country`: the one made before for that country, or a new one. */
export async function vatRateFor(
  stripe: Stripe,
  existing: BillingCustomerRow | undefined,
  vat: { workspaceId: string; country: string; percentage: number },
  requestKey: string | undefined,
): Promise<string> {
  if (existing?.tax_rate_id && existing.tax_rate_country === vat.country) return existing.tax_rate_id;
  const params: Stripe.TaxRateCreateParams = {
    display_name: "VAT",
    percentage: vat.percentage,
    inclusive: false,
    country: vat.country,
    metadata: { workspaceId: vat.workspaceId },
  };
  const taxRate = await callStripe(() =>
    stripe.taxRates.create(params, { idempotencyKey: stripeIdempotencyKey(requestKey, "tax-rate", params) }),
  );
  return taxRate.id;
}

export interface CheckoutRequest {
  workspaceId: string;
  userId: string;
  userName: string;
  customerId: string;
  lines: ReadonlyArray<{ stripePriceId: string; quantity: number }>;
  couponId: string | null;
  taxRateId: string | null;
  successUrl: string;
  cancelUrl: string;
  /** More for the session's and the subscription's metadata (a v1 checkout's id and plan). */
  metadata: Record<string, string>;
}

/**
 * A subscription-mode Checkout Session for the space's customer: the seats,
 * the seat coupon, the VAT rate on the subscription, and the space and buyer
 * in the metadata of both the session and the subscription it makes (the
 * webhooks find the space by them).
 */
export async function openCheckoutSession(stripe: Stripe, checkout: CheckoutRequest, requestKey: string | undefined) {
  const metadata = { ...checkout.metadata, workspaceId: checkout.workspaceId, userId: checkout.userId };
  const params: Stripe.Checkout.SessionCreateParams = {
    mode: "subscription",
    customer: checkout.customerId,
    client_reference_id: checkout.workspaceId,
    line_items: checkout.lines.map((line) => ({ price: line.stripePriceId, quantity: line.quantity })),
    ...(checkout.couponId && { discounts: [{ coupon: checkout.couponId }] }),
    subscription_data: {
      metadata,
      ...(checkout.taxRateId && { default_tax_rates: [checkout.taxRateId] }),
    },
    metadata: { ...metadata, userName: checkout.userName },
    success_url: checkout.successUrl,
    cancel_url: checkout.cancelUrl,
  };
  const session = await callStripe(() =>
    stripe.checkout.sessions.create(params, {
      idempotencyKey: stripeIdempotencyKey(requestKey, "checkout-session", params),
    }),
  );
  return { stripeCheckoutSessionId: session.id, url: session.url };
}

/** A subscription still paying for the space (Stripe keeps a past due one going). */
const RUNNING = new Set(["active", "past_due", "trialing", "incomplete", "unpaid", "paused"]);

/**
 * Before a space's new Checkout Session: its other sessions still open are
 * expired, so their hosted pages refuse payment (Stripe: "This Checkout
 * Session is no longer active.") and one purchase at most can be paid. One
 * already paid whose subscription still runs means the space was paid for
 * meanwhile, its webhook late or lost: it is applied now (as the webhook
 * would), and the new purchase refused, 409 `subscription_exists`.
 */
export async function expireOtherSessions(deps: WebhookDeps, sessions: ReadonlyArray<{ id: string }>): Promise<void> {
  const { stripe } = deps;
  for (const { id } of sessions) {
    const session = await findOnStripe(() => stripe.checkout.sessions.retrieve(id, { expand: ["subscription"] }));
    if (session?.status === "complete") {
      const subscription = session.subscription;
      if (subscription && typeof subscription !== "string" && RUNNING.has(subscription.status)) {
        await applyCheckoutSession(deps, session, Date.now());
        throw conflict("subscription_exists");
      }
    }
    if (session?.status === "open") {
      await callStripe(() => stripe.checkout.sessions.expire(id, {}, { idempotencyKey: `expire-${id}` }));
    }
  }
}
