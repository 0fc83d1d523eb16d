/**
 * The billing stack of a test file: a local Stripe whose webhooks go to a
 * reference backend that calls it through the stripe SDK, each on a free
 * port, seeded at the same moment: the backend's fresh database and the
 * Stripe demo account agree.
 *
 *   const { backend, stripe, emulator } = await startBillingStack();
 *   …
 *   await emulator.webhooks.settled(); // every event delivered to the backend
 */
import Stripe from "stripe";
import { startStripeEmulator } from "../../../../backend/emulators/stripe/server";
import { DEFAULT_CONFIG } from "../../../../backend/src/config";
import { stripeDemoAccount } from "../../../../backend/src/db/seed/stripe-account";
import { startBackend } from "../../support/backend";
import { freePort } from "../../support/network";

export const TEST_CARDS = {
  pays: "4242424242424242",
  needsAuthentication: "4000002760003184",
  declined: "4000000000000341",
} as const;

export async function startBillingStack() {
  const port = await freePort();
  const seededAt = Date.now();
  const emulator = await startStripeEmulator({
    seed: stripeDemoAccount(seededAt),
    webhook: { url: `http://127.0.0.1:${port}/billing/stripe/webhooks`, secret: DEFAULT_CONFIG.stripe.webhookSecret },
    // A refused delivery is tried again soon: a test waits for every delivery to settle.
    retryDelaysMs: [50, 200],
  });
  const backend = await startBackend({ port, seededAt, stripeApiUrl: `http://127.0.0.1:${emulator.port}` });
  // The test's own view of Stripe, as the backend has it.
  const stripe = new Stripe("sk_test_local", {
    host: "127.0.0.1",
    port: emulator.port,
    protocol: "http",
    maxNetworkRetries: 0,
  });
  return {
    backend,
    emulator,
    stripe,
    async close() {
      await emulator.webhooks.settled();
      await Promise.all([emulator.close(), backend.close()]);
    },
  };
}

/**
 * Pays on a hosted page (Checkout `/c/pay/…` or invoice `/i/…`) with a test
 * card, as the no-JavaScript form does; a card asking for authentication
 * completes it. Answers the last response.
 */
export async function payOnHostedPage(url: string, card: string): Promise<Response> {
  const response = await fetch(url, {
    method: "POST",
    redirect: "manual",
    body: new URLSearchParams({ card, expiry: "12 / 34", cvc: "123" }),
  });
  const next = response.headers.get("Location");
  if (response.status !== 303 || !next?.endsWith("/authenticate")) return response;
  return fetch(new URL(next, url), {
    method: "POST",
    redirect: "manual",
    body: new URLSearchParams({ decision: "complete" }),
  });
}
