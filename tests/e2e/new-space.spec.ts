import { expect, test, type Page } from "@playwright/test";
import { signInAs } from "./support/auth";

const bigco = "/5100000000000005/bigco";

const nameMessages = {
  required: "Please fill in this field.",
  tooShort: "Space name should contain at least 5 characters.",
  tooLong: "Space name could contain at most 255 characters.",
  invisible: "Space name cannot contain invisible or text-direction characters, or more than 3 marks on a letter.",
  onlyRemoved: 'The characters | & ; $ % @ " < > ( ) + , are removed from space names, which leaves this one empty.',
};

async function openNewSpaceDialog(page: Page) {
  await page.goto(`${bigco}/templates`);
  await page.locator("summary:visible", { hasText: "Switch space" }).click();
  await page.getByRole("link", { name: "Create space" }).click();
  const dialog = page.getByRole("dialog", { name: "New space" });
  await expect(dialog).toBeVisible();
  await expect(page).toHaveURL(`${bigco}/templates?new-space=1`);
  return dialog;
}

test.describe("creating a space", () => {
  test("invalid names show the spec's messages and keep what was typed; a valid one opens the new space", async ({
    page,
  }, testInfo) => {
    await signInAs(page, "premium@bigco.test");
    const dialog = await openNewSpaceDialog(page);
    const name = dialog.getByLabel("Space name");

    for (const [value, message] of [
      ["", nameMessages.required],
      ["      ", nameMessages.required],
      ["  abc  ", nameMessages.tooShort],
      ["x".repeat(256), nameMessages.tooLong],
      ["@@@@@@@", nameMessages.onlyRemoved],
      ["\u200B\u200B\u200B\u200B\u200B", nameMessages.invisible],
      ["Launch\u200Bteam", nameMessages.invisible],
    ] as const) {
      await name.fill(value);
      await dialog.getByRole("button", { name: "Create" }).click();
      await expect(dialog.getByText(message)).toBeVisible();
      await expect(name).toHaveValue(value);
      await expect(name).toHaveAttribute("aria-invalid", "true");
    }

    const spaceName = `Launch team ${testInfo.project.name}`;
    await name.fill(`  ${spaceName} `);
    await dialog.getByRole("button", { name: "Create" }).click();

    await expect(page).toHaveURL(/^[^?]*\/\d+\/[\w-]+\/mail-merges\/sent/);
    expect(new URL(page.url()).pathname.startsWith(bigco)).toBe(false);
    await expect(
      page.getByRole("status").filter({ hasText: `${spaceName} has been successfully created.` }),
    ).toBeVisible();
    await expect(page.getByRole("dialog")).toHaveCount(0);
    await expect(page.locator("summary:visible", { hasText: "Switch space" })).toContainText(spaceName);
  });

  test("the dialog closes back to the page it was opened on", async ({ page }, testInfo) => {
    await signInAs(page, "premium@bigco.test");
    const dialog = await openNewSpaceDialog(page);
    await dialog.getByRole("link", { name: "Cancel" }).click();
    await expect(page.getByRole("dialog")).toHaveCount(0);
    await expect(page).toHaveURL(`${bigco}/templates`);

    if (testInfo.project.name === "js") {
      await openNewSpaceDialog(page);
      await page.keyboard.press("Escape");
      await expect(page.getByRole("dialog")).toHaveCount(0);
      await expect(page).toHaveURL(`${bigco}/templates`);
    }
  });

  test("after a refused name, Cancel still goes back where the dialog was opened", async ({ page }) => {
    await signInAs(page, "premium@bigco.test");
    const dialog = await openNewSpaceDialog(page);
    // Without JavaScript the server refuses the name and answers on /spaces/new; with it, conform does, in place.
    await dialog.getByLabel("Space name").fill("  abc  ");
    await dialog.getByRole("button", { name: "Create" }).click();
    await expect(page.getByRole("dialog", { name: "New space" }).getByText(nameMessages.tooShort)).toBeVisible();
    await page.getByRole("dialog", { name: "New space" }).getByRole("link", { name: "Cancel" }).click();
    await expect(page).toHaveURL(`${bigco}/templates`);
  });

  test("GET /spaces/new shows the dialog on its own page", async ({ page }) => {
    await signInAs(page, "premium@bigco.test");
    await page.goto(`${bigco}/spaces/new`);
    await expect(page).toHaveTitle("New space | YAMM");
    const dialog = page.getByRole("dialog", { name: "New space" });
    await expect(dialog.getByLabel("Space name")).toBeVisible();
    await dialog.getByRole("link", { name: "Close" }).click();
    await expect(page).toHaveURL(`${bigco}/mail-merges/sent`);
  });

  test("a name typed before the dialog's code arrives is kept: the page hydrates only with that code", async ({
    page,
  }, testInfo) => {
    test.skip(testInfo.project.name !== "js", "hydration is JavaScript's");
    const pageErrors: string[] = [];
    page.on("pageerror", (error) => pageErrors.push(error.message));
    await signInAs(page, "premium@bigco.test");
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    let asked = () => {};
    const requested = new Promise<void>((resolve) => (asked = resolve));
    await page.route("**/build/_shared/new-space-dialog-*.js", async (route) => {
      asked();
      await held;
      await route.continue();
    });
    await page.goto(`${bigco}/templates?new-space=1`);
    const name = page.getByRole("dialog", { name: "New space" }).getByLabel("Space name");
    await name.fill("Typed early");
    await requested;
    expect(await page.evaluate(() => "__remixRouter" in window), "hydrated before the dialog's code").toBe(false);

    release();
    await page.waitForFunction(() => "__remixRouter" in window);
    // An update right after hydration (a revalidation) leaves the dialog as it is.
    await page.evaluate(() =>
      (window as unknown as { __remixRouter: { revalidate(): void } }).__remixRouter.revalidate(),
    );
    await expect(name).toHaveValue("Typed early");
    // Hydrated: conform checks as the person types, without a round trip.
    await name.fill("abc");
    await name.blur();
    await expect(page.getByText(nameMessages.tooShort)).toBeVisible();
    expect(pageErrors).toEqual([]);
  });

  test("a double click on Create creates one space", async ({ page }, testInfo) => {
    await signInAs(page, "legacy@oldco.test");
    const oldco = "/5100000000000004/oldco-team";
    await page.goto(`${oldco}/templates?new-space=1`);
    const dialog = page.getByRole("dialog", { name: "New space" });
    const spaceName = `Double click ${testInfo.project.name}`;
    await dialog.getByLabel("Space name").fill(spaceName);
    await dialog.getByRole("button", { name: "Create" }).dblclick();

    await expect(
      page.getByRole("status").filter({ hasText: `${spaceName} has been successfully created.` }),
    ).toBeVisible();
    await page.locator("summary:visible", { hasText: "Switch space" }).click();
    await expect(page.getByRole("link", { name: `${spaceName} Free · Owner`, exact: true })).toHaveCount(1);
  });
});
