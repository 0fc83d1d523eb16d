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
