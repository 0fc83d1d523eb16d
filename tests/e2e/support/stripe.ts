import type { Page } from "@playwright/test";

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
