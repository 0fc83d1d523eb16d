import { expect, test } from "@playwright/test";
import { SPACES } from "../../backend/src/db/seed/personas";
import { signInAs } from "./support/auth";
import { expectNoAxeViolations } from "./support/axe";
import { CARDS, payRacingPurchase, payWith } from "./support/stripe";

type Space = (typeof SPACES)[keyof typeof SPACES];
const prefix = (space: Space) => `/${space.id}/${space.slug}`;

test("the owner of a free domain space buys 3 seats through Stripe's hosted page, after a declined card", async ({
  page,
}, testInfo) => {
  const js = testInfo.project.name === "js";
  const [space, email] = js
    ? ([SPACES.birchWorks, "bea@birch.test"] as const)
    : ([SPACES.aspenWorks, "ava@aspen.test"] as const);
  await signInAs(page, email);
  await page.goto(`${prefix(space)}/space/billing`);
  await expect(page.getByText("Free plan", { exact: true })).toBeVisible();
  await page.getByRole("link", { name: "Upgrade Pro" }).click();

  await expect(page).toHaveURL(`${prefix(space)}/checkout/details`);
  await expect(page.getByRole("heading", { level: 1, name: `Upgrade ${space.name}` })).toBeVisible();
  await page.getByLabel("for a team").check();
  await page.getByLabel("Number of seats").fill("101");
  if (js) {
    await expect(page.getByText("The number must be between 2 and 100.")).toBeVisible();
    await expect(page.getByRole("button", { name: "Next: Billing information" })).toBeDisabled();
  } else {
    await page.getByRole("button", { name: "Next: Billing information" }).click();
    await expect(page.getByText("The number must be between 2 and 100.")).toBeVisible();
    // What was typed stays.
    await expect(page.getByLabel("Number of seats")).toHaveValue("101");
  }
  await page.getByLabel("Number of seats").fill("3");
  await page.getByRole("button", { name: "Next: Billing information" }).click();

  await expect(page).toHaveURL(`${prefix(space)}/checkout/information`);
  await expect(page.getByRole("heading", { level: 1, name: `Upgrading ${space.name}` })).toBeVisible();
  await expect(page.getByLabel("Domain")).toHaveValue(space.slug.replace("-works", ".test"));
  await expect(page.getByRole("complementary")).toContainText("Pro × 3 seats");
  await expect(page.getByRole("complementary")).toContainText("$180.00");
  await page.getByRole("button", { name: "Next: Checkout" }).click();
  await expect(page.getByText("Name is a required field")).toBeVisible();
  await expect(page.getByText("Street is a required field")).toBeVisible();
  await page.getByLabel("Name", { exact: true }).fill("Birch Buyer");
  await page.getByLabel("Street address").fill("1 Birch Road");
  await page.getByLabel("City").fill("Portland");
  await page.getByRole("button", { name: "Next: Checkout" }).click();

  // Stripe's hosted Checkout: a declined card, then Back to the app with nothing bought.
  await expect(page.getByRole("heading", { name: "Subscribe" })).toBeVisible();
  await payWith(page, CARDS.declined);
  await expect(page.getByText("Your card was declined.")).toBeVisible();
  await page.getByRole("link", { name: "Back" }).click();
  await expect(page).toHaveURL(`${prefix(space)}/checkout/information`);
  // Everything typed is still there.
  await expect(page.getByLabel("Street address")).toHaveValue("1 Birch Road");
  await page.goto(`${prefix(space)}/space/billing`);
  await expect(page.getByText("Free plan", { exact: true })).toBeVisible();

  // One purchase per space: a second tab's checkout expires the first tab's, whose page then refuses payment.
  await page.goto(`${prefix(space)}/checkout/information`);
  await page.getByRole("button", { name: "Next: Checkout" }).click();
  await expect(page.getByRole("heading", { name: "Subscribe" })).toBeVisible();
  const secondTab = await page.context().newPage();
  await secondTab.goto(`${prefix(space)}/checkout/information`);
  await secondTab.getByRole("button", { name: "Next: Checkout" }).click();
  await expect(secondTab.getByRole("heading", { name: "Subscribe" })).toBeVisible();
  await payWith(page, CARDS.pays);
  await expect(page.getByText("This Checkout Session is no longer active.")).toBeVisible();
  await payWith(secondTab, CARDS.pays);
  await expect(secondTab).toHaveURL(new RegExp(`${prefix(space)}/space/billing\\?checkout=success`));
  await expect(secondTab.getByRole("status").filter({ hasText: "Your subscription has started." })).toContainText(
    "Your space now has 3 paid seats.",
  );
  await expect(secondTab.getByText("Pro plan", { exact: true })).toBeVisible();
  await expect(secondTab.getByText("1 of 3 seats used")).toBeVisible();
  await secondTab.close();

  // Should a second subscription still come (two sessions paid at once), it is refunded and the page says so.
  await payRacingPurchase(space.id, email);
  const refunded = page.getByRole("status").filter({ hasText: "Duplicate payment refunded" });
  // Its webhooks (cancellation, refund) arrive a moment after the payment.
  await expect(async () => {
    await page.goto(`${prefix(space)}/space/billing`);
    await expect(refunded).toBeVisible({ timeout: 500 });
  }).toPass({ timeout: 10_000 });
  await expect(refunded).toContainText("we cancelled the second subscription and refunded its payment of $180.00");
  await expect(page.getByText("1 of 3 seats used")).toBeVisible();
});

/** In the customer portal (Manage billing on the billing page), the owner's card becomes this test card. */
async function replaceCard(page: import("@playwright/test").Page, billing: string, card: string) {
  await page.goto(billing);
  await page.getByRole("button", { name: "Manage billing" }).click();
  await page.getByLabel("New card number").fill(card);
  await page.getByRole("button", { name: "Update payment method" }).click();
  await page.getByRole("link", { name: "Return" }).click();
}

test("the owner adds seats, paid at once, after the card's authentication, never with a declined card, and removes seats down to those in use", async ({
  page,
}, testInfo) => {
  test.slow();
  const js = testInfo.project.name === "js";
  const space = js ? SPACES.mapleMedia : SPACES.cedarMedia;
  const billing = `${prefix(space)}/space/billing`;
  await signInAs(page, "mona@media.test");
  await page.goto(`${prefix(space)}/checkout/add-seats`);
  await expect(page.getByRole("heading", { level: 1, name: `Add seats for ${space.name}` })).toBeVisible();
  // Issue 34: a count past what is left is refused with the spec's message, kept as typed, never brought down.
  await page.getByLabel("Seats to add").fill("97");
  if (!js) {
    // The browser's own check (the field's max) holds the form back; the server refuses the same count in the URL.
    await expect(page.getByLabel("Seats to add")).toHaveAttribute("max", "96");
    await page.goto(`${prefix(space)}/checkout/add-seats?seats=97`);
  }
  await expect(page.getByRole("alert").filter({ hasText: "The number must be between 1 and 96." })).toBeVisible();
  await expect(page.getByLabel("Seats to add")).toHaveValue("97");
  await expect(page.getByLabel("Seats to add")).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByText(/^new \d+ seats @/)).toHaveCount(0);
  await expect(page.getByRole("button", { name: /^Add \d+ seat\(s\)$/ })).toBeDisabled();
  await page.goto(billing);
  await expect(page.getByText("2 of 4 seats used")).toBeVisible();
  await page.goto(`${prefix(space)}/checkout/add-seats`);
  await page.getByLabel("Seats to add").fill("2");
  if (!js) await page.getByRole("button", { name: "Update the price" }).click();
  await expect(page.getByText(/^new 2 seats @ \$4\.00 \/ seat \/ month, prorated for \d+ days$/)).toBeVisible();
  await page.getByRole("button", { name: "Add 2 seat(s)" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Well done" })).toContainText(
    "You added 2 seats to your space.",
  );
  await expect(page.getByText("2 of 6 seats used")).toBeVisible();

  // A card that asks for authentication: Stripe's page for it (no JavaScript needed), then back here.
  await replaceCard(page, billing, CARDS.authenticates);
  await page.goto(`${prefix(space)}/checkout/add-seats?seats=1`);
  await page.getByRole("button", { name: "Add 1 seat(s)" }).click();
  await page.getByRole("button", { name: "Fail authentication" }).click();
  await expect(page).toHaveURL(new RegExp(`${prefix(space)}/checkout/add-seats\\?`));
  await expect(page.getByRole("alert")).toContainText("Your payment was not authenticated, so no seats were added.");
  await page.getByRole("button", { name: "Add 1 seat(s)" }).click();
  await page.getByRole("button", { name: "Complete authentication" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Well done" })).toContainText(
    "You added 1 seat to your space.",
  );
  await expect(page.getByText("2 of 7 seats used")).toBeVisible();

  // A declined card adds nothing and says where to replace it; nothing is left owed.
  await replaceCard(page, billing, CARDS.declined);
  await page.goto(`${prefix(space)}/checkout/add-seats?seats=1`);
  await page.getByRole("button", { name: "Add 1 seat(s)" }).click();
  const declined = page.getByRole("alert").filter({ hasText: "Your card was declined, so no seats were added." });
  await expect(declined.getByRole("button", { name: "Manage billing" })).toBeVisible();
  await expect(page.getByText("Well done")).toHaveCount(0);
  await page.goto(billing);
  await expect(page.getByText("2 of 7 seats used")).toBeVisible();
  await expect(page.getByText("Your last payment attempt failed")).toHaveCount(0);

  await page.goto(`${prefix(space)}/checkout/remove-seats`);
  await expect(page.getByText("2 of 7 seats used in this space")).toBeVisible();
  await page.getByLabel("New number of seats").selectOption("2");
  if (!js) await page.getByRole("button", { name: "Update the price" }).click();
  await expect(page.getByText("Removing 5 seats: from 7 to 2 seats at your next renewal.")).toBeVisible();
  await page.getByRole("button", { name: "Remove 5 seats" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Your seat removal is scheduled." })).toBeVisible();
  await expect(page.getByText(/You have a scheduled downgrade to 2 seat\(s\) that will take effect on/)).toBeVisible();
});

test("a per-seat space's failed payment shows to its owner, who cannot dismiss it, and not to its admin", async ({
  page,
  browser,
}) => {
  await signInAs(page, "pia@pinelabs.test");
  await page.goto(`${prefix(SPACES.pineLabs)}/mail-merges/sent`);
  const failed = page.getByRole("alert").filter({ hasText: "Your last payment attempt failed" });
  await expect(failed).toContainText("Your subscription is still active, but it will be suspended on");
  await expect(failed.getByRole("button", { name: "Dismiss" })).toHaveCount(0);
  await failed.getByRole("button", { name: "Update your payment preferences" }).click();
  await expect(page.getByRole("heading", { name: "Billing" })).toBeVisible();
  await expect(page.getByLabel("New card number")).toBeVisible();

  const admin = await browser.newPage();
  await signInAs(admin, "paul@pinelabs.test");
  await admin.goto(`${prefix(SPACES.pineLabs)}/mail-merges/sent`);
  await expect(admin.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(admin.getByText("Your last payment attempt failed")).toHaveCount(0);
  await admin.close();
});

test("a per-user space's payment confirmation shows to an admin, leads to the invoice, and is dismissed for good", async ({
  page,
}, testInfo) => {
  await signInAs(page, "quentin@quill.test");
  await page.goto(`${prefix(SPACES.quillCo)}/mail-merges/sent`);
  const confirmation = page.getByRole("alert").filter({ hasText: "Your last payment attempt requires confirmation" });
  await expect(confirmation.getByRole("button", { name: "Confirm your payment" })).toBeVisible();
  if (testInfo.project.name === "js") await expectNoAxeViolations(page);
  await confirmation.getByRole("button", { name: "Dismiss" }).click();
  await expect(page.getByText("Your last payment attempt requires confirmation")).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(page.getByText("Your last payment attempt requires confirmation")).toHaveCount(0);
});

test("'Confirm your payment' authenticates the card on Stripe's page and comes back paid, the alert gone", async ({
  page,
}, testInfo) => {
  const space = testInfo.project.name === "js" ? SPACES.quillTwo : SPACES.quillThree;
  await signInAs(page, "quinn@quill.test");
  await page.goto(`${prefix(space)}/space/billing`);
  const confirmation = page.getByRole("alert").filter({ hasText: "Your last payment attempt requires confirmation" });
  await confirmation.getByRole("button", { name: "Confirm your payment" }).click();
  await page.getByRole("button", { name: "Complete authentication" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Thank you: your payment is confirmed." })).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`${prefix(space)}/space/billing`));
  await expect(page.getByText("Your last payment attempt requires confirmation")).toHaveCount(0);
});

test("a failed payment paid with a good card through the portal's invoice clears the alert", async ({
  page,
}, testInfo) => {
  const space = testInfo.project.name === "js" ? SPACES.pineTwo : SPACES.pineThree;
  await signInAs(page, "pia@pinelabs.test");
  await page.goto(`${prefix(space)}/space/billing`);
  const failed = page.getByRole("alert").filter({ hasText: "Your last payment attempt failed" });
  await failed.getByRole("button", { name: "Update your payment preferences" }).click();
  await page.getByRole("listitem").filter({ hasText: "open" }).getByRole("link").click();
  await expect(page.getByRole("heading", { name: "Invoice" })).toBeVisible();
  await page.getByLabel("Card number").fill(CARDS.pays);
  await page.getByRole("button", { name: /^Pay / }).click();
  await expect(page.getByText(/— paid$/)).toBeVisible();
  // The invoice's webhook reaches the backend a moment after the payment.
  await expect(async () => {
    await page.goto(`${prefix(space)}/space/billing`);
    await expect(page.getByRole("heading", { name: "Billing" })).toBeVisible();
    await expect(page.getByText("Your last payment attempt failed")).toHaveCount(0, { timeout: 500 });
  }).toPass({ timeout: 10_000 });
});

test("the owner of a space whose payments all failed is offered a new purchase", async ({ page }) => {
  await signInAs(page, "hal@harbor.test");
  await page.goto(`${prefix(SPACES.harbor)}/space/billing`);
  const ended = page.getByRole("alert").filter({ hasText: "All payment attempts failed" });
  await expect(ended.getByRole("link", { name: "Purchase a new subscription" })).toHaveAttribute(
    "href",
    `${prefix(SPACES.harbor)}/checkout/details`,
  );
});

test("a scheduled billing-cycle change is cancelled after its confirmation", async ({ page }, testInfo) => {
  const js = testInfo.project.name === "js";
  const space = js ? SPACES.tidalOne : SPACES.tidalTwo;
  await signInAs(page, "tia@tidal.test");
  await page.goto(`${prefix(space)}/space/billing`);
  await expect(page.getByText(/Your subscription will be billed monthly from/)).toBeVisible();
  await page.getByRole("link", { name: "Cancel this change" }).click();
  const dialog = page.getByRole("dialog", { name: "Cancel the scheduled change?" });
  await expect(dialog).toContainText("Your subscription will stay billed annually.");
  if (js) await expectNoAxeViolations(page);
  await dialog.getByRole("button", { name: "Cancel the change" }).click();
  // Issue 25: a cycle change has its own words, not the seat downgrade's.
  await expect(page.getByText("You successfully cancelled the scheduled billing cycle change.")).toBeVisible();
  await expect(page.getByText("You successfully cancelled the previously scheduled downgrade.")).toHaveCount(0);
  await expect(page.getByText(/Your subscription will be billed monthly from/)).toHaveCount(0);
});

test("a member is kept out of every billing URL", async ({ page }) => {
  await signInAs(page, "member@acme.test");
  for (const section of [
    "space/billing",
    "checkout",
    "checkout/details",
    "checkout/information",
    "checkout/add-seats",
    "checkout/remove-seats",
  ]) {
    await page.goto(`${prefix(SPACES.acmeMarketing)}/${section}`);
    await expect(page).not.toHaveURL(new RegExp(`/(space/billing|checkout)`));
  }
});

test("an outcome link nobody's action made shows no banner, the page otherwise as usual (issue 34)", async ({ page }) => {
  const space = SPACES.acmeMarketing;
  await signInAs(page, "owner@acme.test");
  await page.goto(`${prefix(space)}/space/billing?checkout=success&success=seats-added&seats=96`);
  await expect(page.getByRole("heading", { name: "Billing" })).toBeVisible();
  await expect(page.getByText("You added 96 seats to your space.")).toHaveCount(0);
  await expect(page.getByText("Well done")).toHaveCount(0);
  await page.goto(`${prefix(space)}/space/billing?checkout=success&from=PRO&to=PREMIUM&until=99999999999&sig=forged`);
  await expect(page.getByRole("heading", { name: "Billing" })).toBeVisible();
  await expect(page.getByText("Your subscription has been updated")).toHaveCount(0);
  await page.goto(`${prefix(space)}/mail-merges/sent?banner=settings-saved`);
  await expect(page.getByRole("heading", { level: 1, name: "Mail Merges" })).toBeVisible();
  await expect(page.getByRole("status")).toHaveCount(0);
});
