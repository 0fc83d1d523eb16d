import type Stripe from "stripe";
import { callStripe } from "./stripe-client";

/** An invoice as the billing API answers it: paid or not, its hosted page, and its payment's state. */
export interface InvoiceSummary {
  invoiceId: string;
  paid: boolean;
  amountDue: number;
  hostedInvoiceUrl: string | null;
  /** `clientSecret` lets the browser confirm a payment that asks for authentication (001 §4 Add seats). */
  paymentIntent: { status: string; clientSecret: string | null } | null;
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
    paid: invoice.status === "paid",
    amountDue: invoice.amount_due,
    hostedInvoiceUrl: invoice.hosted_invoice_url ?? null,
    paymentIntent: paymentIntent && { status: paymentIntent.status, clientSecret: paymentIntent.client_secret },
  };
}

/** The latest invoice of a Stripe subscription, read from Stripe; null when it has none. */
export async function readLatestInvoice(stripe: Stripe, subscriptionId: string): Promise<InvoiceSummary | null> {
  const subscription = await callStripe(() => stripe.subscriptions.retrieve(subscriptionId));
  const invoiceId = idOf(subscription.latest_invoice);
  return invoiceId ? readInvoice(stripe, invoiceId) : null;
}
