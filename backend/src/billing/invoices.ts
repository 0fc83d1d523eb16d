import type Stripe from "stripe";
import { callStripe, findOnStripe } from "./stripe-client";

/** An invoice as the billing API answers it: paid or not, its hosted page, and its payment's state. */
export interface InvoiceSummary {
  invoiceId: string;
  /** Stripe's `created`, in ms. */
  createdAt: number;
  /** Stripe's status: draft, open, paid, uncollectible or void. */
  status: string;
  paid: boolean;
  amountDue: number;
  currency: string;
  hostedInvoiceUrl: string | null;
  /** `clientSecret` lets the browser confirm a payment that asks for authentication (001 §4 Add seats). */
  paymentIntent: { id: string; status: string; clientSecret: string | null } | null;
}

const idOf = (value: string | { id: string } | null | undefined) =>
  typeof value === "string" ? value : (value?.id ?? null);

/** An invoice read from Stripe, with the payment intent of its (first) payment. */
export async function readInvoice(stripe: Stripe, invoiceId: string): Promise<InvoiceSummary> {
  // Since API 2025-03-31 an invoice's payments are only sent when asked for.
  const invoice = await callStripe(() => stripe.invoices.retrieve(invoiceId, { expand: ["payments"] }));
  const paymentIntentId = idOf(invoice.payments?.data[0]?.payment.payment_intent);
  const paymentIntent = paymentIntentId
    ? await callStripe(() => stripe.paymentIntents.retrieve(paymentIntentId))
    : null;
  return {
    invoiceId: invoice.id,
    createdAt: invoice.created * 1000,
    status: invoice.status ?? "draft",
    paid: invoice.status === "paid",
    amountDue: invoice.amount_due,
    currency: invoice.currency,
    hostedInvoiceUrl: invoice.hosted_invoice_url ?? null,
    paymentIntent: paymentIntent && {
      id: paymentIntent.id,
      status: paymentIntent.status,
      clientSecret: paymentIntent.client_secret,
    },
  };
}

/** A Stripe subscription as it is now, with its latest invoice; null when Stripe has no such subscription. */
export interface SubscriptionState {
  subscription: Stripe.Subscription;
  latestInvoice: InvoiceSummary | null;
}

export async function readSubscriptionState(stripe: Stripe, subscriptionId: string): Promise<SubscriptionState | null> {
  const subscription = await findOnStripe(() => stripe.subscriptions.retrieve(subscriptionId));
  if (!subscription) return null;
  const invoiceId = idOf(subscription.latest_invoice);
  return { subscription, latestInvoice: invoiceId ? await readInvoice(stripe, invoiceId) : null };
}

/** The latest invoice of a Stripe subscription, read from Stripe; null when it has none. */
export async function readLatestInvoice(stripe: Stripe, subscriptionId: string): Promise<InvoiceSummary | null> {
  return (await readSubscriptionState(stripe, subscriptionId))?.latestInvoice ?? null;
}
