import { expect, test } from "@playwright/test";
import { PERSONAS, SPACES } from "../../backend/src/db/seed/personas";
import { signInAs } from "./support/auth";

/*
 * What the billing page and the checkout offer and say (issue 25): only
 * ways that can succeed, prices in the space's currency. Nothing here
 * changes a space.
 */
type Space = (typeof SPACES)[keyof typeof SPACES];
const at = (space: Space, section: string) => `/${space.id}/${space.slug}/${section}`;

test("a Belgian legacy licence is offered the new Pro price in euros and support, never a switch that cannot succeed", async ({
  page,
}) => {
  await signInAs(page, PERSONAS.gert.email);
  await page.goto(at(SPACES.ghentTeam, "space/billing"));
  const upsell = page.getByRole("region", { name: "Move to our current Pro plan" });
  await expect(upsell).toContainText("The new Pro plan is €5 per user per month, billed annually.");
  await expect(upsell.getByRole("link", { name: "Contact support" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Upgrade to the new plan" })).toHaveCount(0);
  // The way into the switch leads back here.
  await page.goto(at(SPACES.ghentTeam, "checkout/legacy/users"));
  await expect(page).toHaveURL(at(SPACES.ghentTeam, "space/billing"));
});

test("a team purchase's sidebar lines its seats at what is paid, with no discount line", async ({ page }) => {
  // Harbor is free again (its payments all failed); both projects ask for the same five seats.
  await signInAs(page, "hal@harbor.test");
  await page.goto(at(SPACES.harbor, "checkout/details"));
  await page.getByLabel("for a team").check();
  await page.getByLabel("Number of seats").fill("5");
  await page.getByRole("button", { name: "Next: Billing information" }).click();
  const summary = page.getByRole("complementary");
  // Five seats at $60 a year with 5SEATS (20 % off), as Stripe's hosted page totals them (001 §9: no coupon line).
  await expect(summary).toContainText("Pro × 5 seats$240.00");
  await expect(summary).toContainText("Total due$240.00");
  await expect(summary).not.toContainText("Discount");
});
