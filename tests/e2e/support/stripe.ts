import type { Page } from "@playwright/test";
import Stripe from "stripe";
import { e2eEnv } from "./env";

/** The local Stripe's test cards (Stripe's own numbers). */
export const CARDS = {
  pays: "4242 4242 4242 4242",
  authenticates: "4000 0027 6000 3184",
  declined: "4000 0000 0000 0341",
};

/** Pays on the local Stripe's hosted Checkout or invoice page, as a person types a card. */
export async function payWith(page: Page, card: string) {
  await page.getByLabel("Card number").fill(card);
  await page.getByLabel("Expiry (MM / YY)").fill("12 / 34");
  await page.getByLabel("CVC").fill("123");
  await page.getByRole("button", { name: /^Pay / }).click();
}

/** The stack's local Stripe, through the SDK as the backend calls it. */
function localStripe() {
  return new Stripe("sk_test_local", {
    host: "127.0.0.1",
    port: e2eEnv().ports.stripe,
    protocol: "http",
    maxNetworkRetries: 0,
  });
}

/**
 * The race one open session per space cannot close: a second Checkout
 * Session for the space, opened before the first was paid (here straight
 * on Stripe), paid too. Resolves once paid; its webhooks follow.
 */
export async function payRacingPurchase(workspaceId: string, email: string) {
  const session = await localStripe().checkout.sessions.create({
    mode: "subscription",
    customer_email: email,
    line_items: [{ price: "price_pro_yearly_usd", quantity: 3 }],
    subscription_data: { metadata: { workspaceId } },
    metadata: { workspaceId },
    success_url: "http://localhost/",
  });
  await fetch(session.url!, {
    method: "POST",
    redirect: "manual",
    body: new URLSearchParams({ card: CARDS.pays, expiry: "12 / 34", cvc: "123" }),
  });
}
