import { expect, test } from "@playwright/test";
import { signInAs } from "./support/auth";

/** Every seeded persona signs in through the local Google page and lands where the shell sends them. */
const personas = [
  { email: "owner@acme.test", space: "Acme Marketing" },
  { email: "admin@acme.test", space: "Acme Marketing" },
  { email: "member@acme.test", space: "Acme Marketing" },
  { email: "solo@gmail.com", space: "Sam's space" },
  { email: "legacy@oldco.test", space: "Oldco Team" },
  { email: "premium@bigco.test", space: "Bigco" },
] as const;

for (const persona of personas) {
  test(`${persona.email} signs in and moves around the shell`, async ({ page }) => {
    await signInAs(page, persona.email);
    await expect(page).toHaveURL(/\/mail-merges\/sent$/);
    await expect(page.getByRole("heading", { name: "Mail Merges", exact: true })).toBeVisible();
    // The space switcher names the current space.
    await expect(page.locator("summary").filter({ hasText: persona.space }).first()).toBeVisible();
    const navigation = page.getByRole("navigation", { name: "Main" });

    await navigation.getByRole("link", { name: "Unsubscriptions" }).click();
    await expect(page.getByRole("heading", { name: "Unsubscriptions" })).toBeVisible();
    await expect(page).toHaveTitle("Unsubscriptions | YAMM");
    await navigation.getByRole("link", { name: "Templates" }).click();
    await expect(page.getByRole("heading", { name: "Templates" })).toBeVisible();
  });
}

test("disabled@acme.test signs in and sees only the disabled screen", async ({ page }) => {
  await signInAs(page, "disabled@acme.test");
  await expect(page.getByText("Sorry, your account is disabled. Contact your space administrator to solve this issue.")).toBeVisible();
  await expect(page.getByRole("link", { name: "Unsubscriptions" })).toHaveCount(0);
});
