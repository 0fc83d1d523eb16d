/**
 * The billing stack of a test file: a reference backend and a local Stripe
 * (startBackend's `localStripe`), seeded at the same moment so the database
 * and the Stripe demo account agree, the Stripe's webhooks posted to the
 * backend; and the test's own stripe SDK client of that Stripe.
 *
 *   const { backend, stripe, emulator } = await startBillingStack();
 *   // or, for a whole test file: const stack = useBillingStack(); … stack().backend
 *   …
 *   await emulator.webhooks.settled(); // every event delivered to the backend
 */
import Stripe from "stripe";
import { startBackend, type LocalStripe, type RunningBackend, type StartBackendOptions } from "../../support/backend";
import { afterAll, beforeAll } from "vitest";
import { advanceClock } from "../../support/stripe";

export const TEST_CARDS = {
  pays: "4242424242424242",
  needsAuthentication: "4000002760003184",
  declined: "4000000000000341",
} as const;

export async function startBillingStack(options: Pick<StartBackendOptions, "stripeRetries"> = {}) {
  const backend = await startBackend({ ...options, localStripe: true });
  const emulator = backend.localStripe!;
  const stripe = new Stripe("sk_test_local", {
    host: "127.0.0.1",
    port: emulator.port,
    protocol: "http",
    maxNetworkRetries: 0,
  });
  return { backend, emulator, stripe, close: () => backend.close() };
}

/**
 * A billing stack for the test file: started before its tests, closed
 * after them; the answer reads it inside a test.
 */
export function useBillingStack() {
  let stack: Awaited<ReturnType<typeof startBillingStack>> | undefined;
  beforeAll(async () => {
    stack = await startBillingStack();
  });
  afterAll(() => stack?.close());
  return () => stack!;
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

/**
 * The billing information form of a purchase of `quantity` PRO YEARLY seats in dollars for the space, back to
 * its billing page with `successQuery` (the session's id in it when it names `{CHECKOUT_SESSION_ID}`).
 */
export function purchaseForm(
  space: { id: string; slug: string },
  buyer: string,
  quantity: number,
  successQuery = "checkout=success",
) {
  const app = `http://localhost:3000/${space.id}/${space.slug}`;
  return {
    workspaceId: space.id,
    addressInfo: { country: "US", city: "Boston", street: "1 Harbor Way" },
    customerName: buyer,
    isB2BTransaction: false,
    goBackUrl: `${app}/checkout/information`,
    successUrl: `${app}/space/billing?${successQuery}`,
    userName: buyer,
    stripePlans: [{ stripePriceId: "price_pro_yearly_usd", quantity }],
  };
}

/** Moves the local Stripe's clock on by `seconds`, `step` at a time, each webhook retry then due tried. */
export async function letStripeTimePass(emulator: LocalStripe, seconds: number, step = 10) {
  for (let passed = 0; passed < seconds; passed += step) {
    await advanceClock(emulator, step);
    await emulator.webhooks.settled();
  }
}

/** As if a purchase's webhooks never came: what they applied to the space is taken back, its session unsettled. */
export async function forgetPurchase(backend: RunningBackend, space: { id: string }, sessionId: string) {
  const { db } = backend;
  const ids = db.selectFrom("subscriptions").select("id").where("workspace_id", "=", space.id);
  await db.deleteFrom("subscription_seat_plans").where("subscription_id", "in", ids).execute();
  await db.deleteFrom("subscriptions").where("workspace_id", "=", space.id).execute();
  await db.updateTable("workspaces").set({ plan: "FREE" }).where("id", "=", space.id).execute();
  await db.updateTable("checkout_sessions").set({ settled_at: null }).where("id", "=", sessionId).execute();
  await db.deleteFrom("stripe_events").execute();
}
