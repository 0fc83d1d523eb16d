import { expect, type Page } from "@playwright/test";

/**
 * Selects members of the members page by name (a pending invitee's name is
 * the address): checked, then applied without JavaScript; the drawer opens.
 */
export async function selectMembers(page: Page, names: string[], js: boolean) {
  const table = page.getByRole("table", { name: "Space members" });
  for (const name of names) await table.getByRole("checkbox", { name: `Select ${name}` }).check();
  if (!js) await page.getByRole("button", { name: "Apply selection" }).click();
  await expect(
    page.getByRole("complementary", { name: `${names.length} member${names.length === 1 ? "" : "s"} selected` }),
  ).toBeVisible();
}
