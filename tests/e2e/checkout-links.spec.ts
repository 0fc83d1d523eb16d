import { expect, test } from "@playwright/test";
import { PERSONAS, SPACES } from "../../backend/src/db/seed/personas";
import { signInAs } from "./support/auth";

/*
 * Links into the checkout (issue 25): a broken plan or cycle goes back to
 * billing; the billing area's sub-routes serve the checkout's screens.
 * Nothing here changes a space (Acme Sales keeps a draft of its details).
 */
type Space = (typeof SPACES)[keyof typeof SPACES];
const at = (space: Space, section: string) => `/${space.id}/${space.slug}/${section}`;

test("a checkout link whose plan or cycle is neither missing nor valid goes back to billing, proposing nothing", async ({
  page,
}) => {
  await signInAs(page, PERSONAS.premium.email);
  for (const section of ["checkout?plan=FOO&interval=YEARLY", "checkout/summary?plan=PREMIUM&interval=WEEKLY"]) {
    await page.goto(at(SPACES.bigco, section));
    await expect(page).toHaveURL(at(SPACES.bigco, "space/billing"));
    await expect(page.getByText("Premium plan", { exact: true })).toBeVisible();
    await expect(page.getByRole("heading", { name: /^(Downgrading|Upgrading|Changing)/ })).toHaveCount(0);
  }
});

test("the billing area's sub-routes serve the checkout's screens, their query kept", async ({ page }) => {
  await signInAs(page, "lena@lumen.test");
  await page.goto(at(SPACES.lumenGmbh, "space/billing/add-seats?seats=3"));
  await expect(page.getByRole("heading", { level: 1, name: "Add seats for Lumen GmbH" })).toBeVisible();
  await expect(page.getByLabel("Seats to add")).toHaveValue("3");
  await expect(page.getByText(/^new 3 seats @ /)).toBeVisible();
  await page.goto(at(SPACES.lumenGmbh, "space/billing/remove-seats"));
  await expect(page.getByRole("heading", { level: 1, name: "Remove unused seats for Lumen GmbH" })).toBeVisible();
  await page.goto(at(SPACES.lumenGmbh, "space/billing/anything-else"));
  await expect(page).toHaveURL(at(SPACES.lumenGmbh, "space/billing"));
});

test("the billing area's details sub-route takes the purchase on to billing information", async ({ page }) => {
  await signInAs(page, "sales.lead@acme.test");
  await page.goto(at(SPACES.acmeSales, "space/billing/details"));
  await expect(page.getByRole("heading", { level: 1, name: "Upgrade Acme Sales" })).toBeVisible();
  await page.getByLabel("for myself").check();
  await page.getByRole("button", { name: "Next: Billing information" }).click();
  await expect(page).toHaveURL(at(SPACES.acmeSales, "checkout/information"));
  await expect(page.getByRole("complementary")).toContainText("Pro × 1 seat");
  await page.goto(at(SPACES.acmeSales, "space/billing/information"));
  await expect(page.getByRole("heading", { level: 1, name: "Upgrading Acme Sales" })).toBeVisible();
  await expect(page.getByRole("complementary")).toContainText("Pro × 1 seat");
});
