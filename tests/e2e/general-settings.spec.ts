import { expect, test } from "@playwright/test";
import { signInAs } from "./support/auth";

/** A space of its own for each project: renaming a shared one would move other tests' URLs. */
async function createSpace(page: import("@playwright/test").Page, name: string) {
  await page.goto("/5100000000000001/acme-marketing/spaces/new");
  await page.getByLabel("Space name").fill(name);
  await page.getByRole("button", { name: "Create" }).click();
  await expect(page).toHaveURL(/\/\d+\/[\w-]+\/mail-merges\/sent/);
  return new URL(page.url()).pathname.replace(/\/mail-merges\/sent$/, "");
}

test("the owner renames the space: Cancel undoes, an invalid name shows its message, a valid one is saved", async ({
  page,
}, testInfo) => {
  await signInAs(page, "admin@acme.test");
  const prefix = await createSpace(page, `Rename me ${testInfo.project.name}`);
  await page.goto(`${prefix}/space/general`);
  await expect(page.getByRole("heading", { level: 1, name: "General settings" })).toBeVisible();
  const name = page.getByLabel("Space name");
  await expect(name).toHaveValue(`Rename me ${testInfo.project.name}`);
  if (testInfo.project.name === "js") {
    // Nothing to save or undo while the name is unchanged.
    await expect(page.getByRole("button", { name: "Save" })).toBeDisabled();
    await expect(page.getByRole("button", { name: "Cancel" })).toBeDisabled();
  }

  await name.fill("Something else entirely");
  await page.getByRole("button", { name: "Cancel" }).click();
  await expect(name).toHaveValue(`Rename me ${testInfo.project.name}`);

  for (const [value, message] of [
    ["abc", "Space name should contain at least 5 characters."],
    ["@@@@@@@", 'The characters | & ; $ % @ " < > ( ) + , are removed from space names, which leaves this one empty.'],
    ["\u200B\u200B\u200B\u200B\u200B", "Space name cannot contain invisible or text-direction characters, or more than 3 marks on a letter."],
    ["Renamed\u200Bteam", "Space name cannot contain invisible or text-direction characters, or more than 3 marks on a letter."],
  ]) {
    await name.fill(value);
    await page.getByRole("button", { name: "Save" }).click();
    await expect(page.getByText(message)).toBeVisible();
    await expect(name).toHaveValue(value);
  }

  const renamed = `Renamed team ${testInfo.project.name}`;
  await name.fill(renamed);
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Your general settings have been saved." })).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/renamed-team-${testInfo.project.name}/space/general`));
  await expect(page.getByLabel("Space name")).toHaveValue(renamed);
  await expect(page.locator("summary:visible", { hasText: "Switch space" })).toContainText(renamed);
});

test("the owner chooses a new owner, sees the confirmation at its URL, and cancels it", async ({ page }) => {
  await signInAs(page, "owner@acme.test");
  await page.goto("/5100000000000001/acme-marketing/space/general");
  await page.getByLabel("New owner").selectOption({ label: "Ben Baker (ben.baker@acme.test)" });
  await page.getByRole("button", { name: "Transfer" }).click();

  const dialog = page.getByRole("dialog", { name: "Transfer ownership?" });
  await expect(dialog).toBeVisible();
  await expect(page).toHaveURL(/\?confirm=transfer&newOwner=6100000000000008$/);
  await expect(dialog).toContainText("ben.baker@acme.test will become the owner of Acme Marketing.");
  await dialog.getByRole("link", { name: "Cancel" }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page).toHaveURL(/\/acme-marketing\/space\/general$/);
});

test("the owner transfers ownership, sees the banner and stays as a regular member", async ({ page }, testInfo) => {
  // One space per run: both runs share the database, and a space changes hands once.
  const space =
    testInfo.project.name === "js"
      ? { prefix: "/5100000000000007/relay-one", name: "Relay One" }
      : { prefix: "/5100000000000008/relay-two", name: "Relay Two" };
  await signInAs(page, "tess@relay.test");
  await page.goto(`${space.prefix}/space/general`);
  await page.getByLabel("New owner").selectOption({ label: "Rory Reed (rory@relay.test)" });
  await page.getByRole("button", { name: "Transfer" }).click();
  await page.getByRole("dialog", { name: "Transfer ownership?" }).getByRole("button", { name: "Transfer" }).click();

  await expect(page).toHaveURL(new RegExp(`${space.prefix}/mail-merges/sent`));
  const banner = page
    .getByRole("status")
    .filter({ hasText: `${space.name} ownership has been transferred to rory@relay.test` });
  await expect(banner).toContainText(`You are still part of ${space.name} as a regular user.`);
  // A regular member: general settings are the owner's.
  await page.goto(`${space.prefix}/space/general`);
  await expect(page).not.toHaveURL(/\/space\/general$/);
  await page.goto(`${space.prefix}/space/users`);
  await expect(
    page.getByRole("table", { name: "Space members" }).getByRole("row").filter({ hasText: "Tess Turner" }),
  ).toContainText("Member");
});
