/**
 * The local Stripe for a test file, with the official SDK pointed at it as
 * the backend points it, and the ways tests drive it: buying through the
 * hosted Checkout page, and moving its clock.
 *
 *   const { emulator, stripe } = await startLocalStripe();
 *   const session = await buyThroughCheckout(stripe, "owner@acme.test", "price_pro_yearly_usd", 3);
 *   await advanceClock(emulator, 366 * DAY);
 */
import Stripe from "stripe";
import { startStripeEmulator, type StartStripeEmulatorOptions } from "../../../backend/emulators/stripe/server";

export type LocalStripe = Awaited<ReturnType<typeof startStripeEmulator>>;

export const DAY = 24 * 3600;

export function stripeClient(emulator: LocalStripe) {
  return new Stripe("sk_test_local", {
    host: "127.0.0.1",
    port: emulator.port,
    protocol: "http",
    maxNetworkRetries: 0,
  });
}

export async function startLocalStripe(options?: StartStripeEmulatorOptions) {
  const emulator = await startStripeEmulator(options);
  return { emulator, stripe: stripeClient(emulator) };
}

/**
 * A subscription bought through the hosted Checkout page with 4242…: its
 * session, completed. `extra` adds to the session's parameters; with a
 * `customer` there, no e-mail is sent.
 */
export async function buyThroughCheckout(
  client: Stripe,
  email: string,
  price: string,
  quantity: number,
  extra: Partial<Stripe.Checkout.SessionCreateParams> = {},
) {
  const session = await client.checkout.sessions.create({
    mode: "subscription",
    ...(extra.customer ? {} : { customer_email: email }),
    line_items: [{ price, quantity }],
    success_url: "http://localhost:3000/billing",
    ...extra,
  });
  await fetch(session.url!, {
    method: "POST",
    redirect: "manual",
    body: new URLSearchParams({ card: "4242424242424242", expiry: "12 / 34", cvc: "123" }),
  });
  return session;
}

/** The payment intent of an invoice's payment (its `payments`, sent only when expanded since API 2025-03-31). */
export async function paymentIntentOfInvoice(client: Stripe, invoiceId: string) {
  const invoice = await client.invoices.retrieve(invoiceId, { expand: ["payments.data.payment.payment_intent"] });
  return invoice.payments!.data[0]!.payment.payment_intent as Stripe.PaymentIntent;
}

/** Moves the local Stripe's clock (its own endpoint, not Stripe's): the periods passed are dealt with. */
export async function advanceClock(emulator: LocalStripe, seconds: number) {
  const response = await fetch(`${emulator.publicUrl}/__clock/advance`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ seconds }),
  });
  if (!response.ok) throw new Error(`The clock did not move: ${response.status} ${await response.text()}`);
  return (await response.json()) as { now: number; offset_seconds: number };
}
