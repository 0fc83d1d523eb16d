import { expect, test } from "@playwright/test";
import { PERSONAS, SPACES } from "../../backend/src/db/seed/personas";
import { signInAs } from "./support/auth";

/*
 * Links into the checkout (issue 25): a broken plan or cycle goes back to
 * billing. Nothing here changes a space.
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
