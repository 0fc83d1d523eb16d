import { expect, test, type Page } from "@playwright/test";
import { signInAs } from "./support/auth";

/**
 * Safe list filters (issue 6): characters that mean something in the
 * backend's filterBy (`,` `:` `%`) are only search text. Such a search shows
 * the list's no-match state with the search box still filled, never the
 * error screen. Runs in both projects (js: the box submits itself; no-js: Enter
 * submits the GET form).
 */

const ACME = "/5100000000000001/acme-marketing";
const SEARCHES = ["news,search:zzz", "100%"];

async function searchFor(page: Page, label: string, text: string) {
  const box = page.getByRole("searchbox", { name: label });
  await box.fill(text);
  await box.press("Enter");
  await expect(page).toHaveURL(new RegExp(`[?&]q=${encodeURIComponent(text).replace(/%20/g, "\\+")}(&|$)`));
}

async function expectNoMatch(page: Page, label: string, text: string, noMatch: string) {
  await expect(page.getByText("No results found")).toBeVisible();
  await expect(page.getByText(noMatch)).toBeVisible();
  // No list rows: the only table left on the sent page is the chart's data table, which has no links.
  await expect(page.getByRole("main").getByRole("row").getByRole("link")).toHaveCount(0);
  await expect(page.getByRole("searchbox", { name: label })).toHaveValue(text);
  await expect(page.getByText("Oops...")).toHaveCount(0);
}

for (const text of SEARCHES) {
  test(`searching the sent list for ${JSON.stringify(text)} shows no match and keeps the search`, async ({ page }) => {
    await signInAs(page, "owner@acme.test");
    await page.goto(`${ACME}/mail-merges/sent`);
    await searchFor(page, "Search by sheet name", text);
    await expectNoMatch(page, "Search by sheet name", text, "Sorry, there is no mail merge that fits with your search.");
    // The shell is still there around the list.
    await expect(page.getByRole("heading", { level: 1, name: "Mail Merges" })).toBeVisible();

    // Reloading the bookmarked URL gives the same page.
    const response = await page.reload();
    expect(response?.status()).toBe(200);
    await expectNoMatch(page, "Search by sheet name", text, "Sorry, there is no mail merge that fits with your search.");
  });

  test(`searching the unsubscriptions for ${JSON.stringify(text)} shows no match and keeps the search`, async ({
    page,
  }) => {
    await signInAs(page, "owner@acme.test");
    await page.goto(`${ACME}/unsubscriptions`);
    await searchFor(page, "Search unsubscriptions", text);
    await expectNoMatch(
      page,
      "Search unsubscriptions",
      text,
      "Sorry, there is no unsubscribed email address that fits with your search.",
    );
    await expect(page.getByRole("heading", { level: 1, name: "Unsubscriptions" })).toBeVisible();

    const response = await page.reload();
    expect(response?.status()).toBe(200);
    await expectNoMatch(
      page,
      "Search unsubscriptions",
      text,
      "Sorry, there is no unsubscribed email address that fits with your search.",
    );
  });
}

// Issue 26: the box takes 200 characters, and the members list took only 100 (a 500 then).
test("a member search of 150 characters shows no match and keeps the search", async ({ page }) => {
  const text = "nobody with a name this long ".repeat(6).slice(0, 149) + "z";
  await signInAs(page, "owner@acme.test");
  await page.goto(`${ACME}/space/users`);
  await searchFor(page, "Search members", text);
  await expectNoMatch(page, "Search members", text, "Sorry, there is no space member that fits with your search.");
  await expect(page.getByRole("heading", { level: 1, name: "Members Acme Marketing" })).toBeVisible();
});

test("a search typed before the page's code arrives is kept when it hydrates, and Enter sends it", async ({
  page,
}, testInfo) => {
  test.skip(testInfo.project.name !== "js", "hydration is JavaScript's");
  await signInAs(page, "owner@acme.test");
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route("**/build/entry.client-*.js", async (route) => {
    await held;
    await route.continue();
  });
  await page.goto(`${ACME}/unsubscriptions`);
  const box = page.getByRole("searchbox", { name: "Search unsubscriptions" });
  await box.fill("100%");
  expect(await page.evaluate(() => "__remixRouter" in window), "hydrated before its code").toBe(false);
  release();
  await page.waitForFunction(() => "__remixRouter" in window);
  await expect(box).toHaveValue("100%");
  await box.press("Enter");
  await expect(page).toHaveURL(/[?&]q=100%25(&|$)/);
  await expectNoMatch(
    page,
    "Search unsubscriptions",
    "100%",
    "Sorry, there is no unsubscribed email address that fits with your search.",
  );
});
