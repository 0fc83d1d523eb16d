import { expect, test } from "@playwright/test";
import { SPACES } from "../../backend/src/db/seed/personas";
import { signInAs } from "./support/auth";
import { expectNoAxeViolations } from "./support/axe";
import { CARDS, payWith } from "./support/stripe";

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

  await page.goto(`${prefix(space)}/checkout/information`);
  await page.getByRole("button", { name: "Next: Checkout" }).click();
  await payWith(page, CARDS.pays);
  await expect(page).toHaveURL(new RegExp(`${prefix(space)}/space/billing\\?checkout=success`));
  await expect(page.getByRole("status").filter({ hasText: "Your subscription has started." })).toContainText(
    "Your space now has 3 paid seats.",
  );
  await expect(page.getByText("Pro plan", { exact: true })).toBeVisible();
  await expect(page.getByText("1 of 3 seats used")).toBeVisible();
});

test("the owner adds seats, once through the hosted invoice page, and removes seats down to those in use", async ({
  page,
}, testInfo) => {
  const js = testInfo.project.name === "js";
  const space = js ? SPACES.mapleMedia : SPACES.cedarMedia;
  await signInAs(page, "mona@media.test");
  await page.goto(`${prefix(space)}/checkout/add-seats`);
  await expect(page.getByRole("heading", { level: 1, name: `Add seats for ${space.name}` })).toBeVisible();
  await page.getByLabel("Seats to add").fill("2");
  if (!js) await page.getByRole("button", { name: "Update the price" }).click();
  await expect(page.getByText(/^new 2 seats @ \$4\.00 \/ seat \/ month, prorated for \d+ days$/)).toBeVisible();
  await page.getByRole("button", { name: "Add 2 seat(s)" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Well done" })).toContainText(
    "You added 2 seats to your space.",
  );
  await expect(page.getByText("2 of 6 seats used")).toBeVisible();

  // A card that asks for authentication: the hosted invoice page completes it.
  await page.getByRole("button", { name: "Manage billing" }).click();
  await page.getByLabel("New card number").fill(CARDS.authenticates);
  await page.getByRole("button", { name: "Update payment method" }).click();
  await page.getByRole("link", { name: "Return" }).click();
  await page.goto(`${prefix(space)}/checkout/add-seats?seats=1`);
  await page.getByRole("button", { name: "Add 1 seat(s)" }).click();
  await expect(page.getByRole("heading", { name: "Invoice" })).toBeVisible();
  await page.getByRole("button", { name: "Complete authentication" }).click();
  await page.goto(`${prefix(space)}/space/billing`);
  await expect(page.getByText("2 of 7 seats used")).toBeVisible();

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
