import { readFile } from "node:fs/promises";
import { expect, test, type Page } from "@playwright/test";
import { parseCsv } from "../support/csv";
import { signInAs } from "./support/auth";

const ACME = "/5100000000000001/acme-marketing";
const SCHEDULED = `${ACME}/mail-merges/scheduled`;
/** Seeded scheduled merges of owner@acme.test (backend/src/db/seed/mail-merges.ts), one per status. */
const OUT_OF_QUOTA = "7200000000000003";
const RENEWAL_REMINDERS = "7200000000000007"; // UNKNOWN ERROR, recoverable
/**
 * Cancelled by these tests: admin@acme.test's two merges, one per project, so
 * that js and no-js never race for the same row and the owner's 14 (counted
 * by the Sent page's tests) stay untouched.
 */
const TO_CANCEL: Record<string, string> = { js: "Sales prospects", "no-js": "Press contacts" };

const table = (page: Page) => page.getByRole("table", { name: "Scheduled mail merges" });
/** The rows' spreadsheet names, in order (each row header's link holds the spreadsheet's name, then the sheet's). */
const rowNames = (page: Page) => table(page).getByRole("rowheader").locator("a > span:first-child").allTextContents();
const row = (page: Page, name: string) => table(page).getByRole("row").filter({ hasText: name });

/** A row's name is the link to its dialog (the row's other link opens the sheet). */
const openDialog = (page: Page, name: string) => row(page, name).getByRole("rowheader").getByRole("link").click();

/** Without JavaScript the search goes with the Search button; with it the box submits itself, and Search does no harm. */
async function search(page: Page, text: string) {
  await page.getByRole("searchbox", { name: "Search by sheet name" }).fill(text);
  await page.getByRole("button", { name: "Search", exact: true }).click();
}

test.describe("the Scheduled tab", () => {
  test("lists the owner's merges, newest first, and sorts and searches them", async ({ page }) => {
    await signInAs(page, "owner@acme.test");
    await page.goto(SCHEDULED);
    // 002 §2: the Scheduled tab is the page titled "Mail merges", like the Sent tab.
    await expect(page).toHaveTitle("Mail merges | YAMM");
    const tabs = page.getByRole("navigation", { name: "Mail merge lists" });
    await expect(tabs.getByRole("link", { name: "Scheduled" })).toHaveAttribute("aria-current", "page");

    // 14 seeded merges; the newest (created 3 hours ago) first.
    expect(await rowNames(page)).toHaveLength(14);
    expect((await rowNames(page))[0]).toBe("December newsletter");
    await expect(table(page).getByRole("columnheader", { name: /Date/ })).toHaveAttribute("aria-sort", "descending");

    // Time sorts by the next run, soonest first; runs planned in 20, 40 and 50 minutes lead.
    await table(page).getByRole("link", { name: /Time/ }).click();
    await expect(page).toHaveURL(`${SCHEDULED}?sort=time`);
    await expect(table(page).getByRole("columnheader", { name: /Time/ })).toHaveAttribute("aria-sort", "ascending");
    expect((await rowNames(page)).slice(0, 4)).toEqual([
      "Renewal reminders",
      "Training sessions",
      "Lead nurturing",
      "December newsletter",
    ]);

    // Sheet Name sorts alphabetically.
    await table(page)
      .getByRole("link", { name: /Sheet Name/ })
      .click();
    await expect(page).toHaveURL(`${SCHEDULED}?sort=name`);
    // The URL changes before a page loaded without JavaScript has its rows: wait for them.
    await expect.poll(async () => (await rowNames(page))[0]).toBe("Account review");
    const byName = await rowNames(page);
    expect(byName).toEqual([...byName].sort((a, b) => a.localeCompare(b)));

    // The search keeps the sort.
    await search(page, "news");
    await expect(page).toHaveURL(`${SCHEDULED}?q=news&sort=name`);
    await expect.poll(() => rowNames(page)).toEqual(["December newsletter"]);

    await search(page, "no such sheet");
    await expect(page.getByText("No results found")).toBeVisible();
    await expect(page.getByText("Sorry, there is no scheduled mail merge that fits with your search.")).toBeVisible();
    await expect(table(page)).toHaveCount(0);
  });

  test("flags errors and a lack of quota, and a dialog explains them", async ({ page }) => {
    await signInAs(page, "owner@acme.test");
    await page.goto(`${SCHEDULED}?sort=name`);

    const draftMessage =
      "The draft used by your mail merge was deleted. If you still want to send it, create a new draft, then schedule a new mail merge.";
    await expect(row(page, "Case study requests").getByText(`Error: ${draftMessage}`)).toBeAttached();
    await expect(
      row(page, "Customer onboarding").getByText(/^Warning: Your mail merge could not be sent in full/),
    ).toBeAttached();
    await expect(row(page, "Customer onboarding")).toContainText("Upon quota reset");
    await expect(row(page, "December newsletter").getByText(/^(Error|Warning):/)).toHaveCount(0);

    // The dialog opens over the list and keeps its query.
    await openDialog(page, "Case study requests");
    await expect(page).toHaveURL(`${SCHEDULED}/7200000000000009?sort=name`);
    const dialog = page.getByRole("dialog", { name: "Case study requests" });
    await expect(dialog.getByRole("alert")).toHaveText(draftMessage);
    await expect(dialog.getByRole("definition").nth(0)).toHaveText("60");
    await expect(dialog.getByRole("definition").nth(1)).toHaveText("-");
    const sheet = dialog.getByRole("link", { name: /Open in Google Sheets/ });
    await expect(sheet).toHaveAttribute("href", /^https:\/\/docs\.google\.com\/spreadsheets\/d\/[\w-]+\/edit#gid=\d+$/);
    await expect(sheet).toHaveAttribute("target", "_blank");
    await expect(table(page)).toBeAttached();

    // Asking to cancel, then changing one's mind, keeps the merge.
    await dialog.getByRole("link", { name: "Cancel mail merge" }).click();
    await expect(page).toHaveURL(`${SCHEDULED}/7200000000000009?sort=name&confirm=cancel`);
    await expect(dialog.getByRole("region", { name: "Cancel this mail merge?" })).toBeVisible();
    await dialog.getByRole("link", { name: "No, keep it" }).click();
    await expect(page).toHaveURL(`${SCHEDULED}/7200000000000009?sort=name`);
    await expect(dialog.getByRole("link", { name: "Cancel mail merge" })).toBeVisible();

    await dialog.getByRole("link", { name: "Close" }).click();
    await expect(page).toHaveURL(`${SCHEDULED}?sort=name`);
    await expect(page.getByRole("dialog")).toHaveCount(0);

    // Out of quota: a warning, and the delivery waits for the quota.
    await page.goto(`${SCHEDULED}/${OUT_OF_QUOTA}`);
    const quota = page.getByRole("dialog", { name: "Customer onboarding" });
    await expect(quota).toContainText(
      "Your mail merge could not be sent in full because your sending quota was insufficient. It will resume as soon as your quota resets.",
    );
    await expect(quota.getByRole("definition").nth(1)).toHaveText("Upon quota reset");

    // A recoverable error says when sending is tried again (the last retry plus 1 hour).
    await page.goto(`${SCHEDULED}/${RENEWAL_REMINDERS}`);
    await expect(page.getByRole("dialog", { name: "Renewal reminders" }).getByRole("alert")).toHaveText(
      /^An unexpected error occurred\. Sending will be attempted again today at (\w{3}\. \d{1,2}, )?\d{1,2}:\d{2} [AP]M\.$/,
    );

    // An unknown merge: the dialog says so, over the list.
    const missing = await page.goto(`${SCHEDULED}/1234567890?q=news`);
    expect(missing?.status()).toBe(404);
    const notFound = page.getByRole("dialog", { name: "Mail merge not found" });
    await expect(notFound).toBeVisible();
    await notFound.getByRole("link", { name: "Close" }).click();
    await expect(page).toHaveURL(`${SCHEDULED}?q=news`);
  });

  test("cancels a scheduled merge from its dialog", async ({ page }, testInfo) => {
    const name = TO_CANCEL[testInfo.project.name]!;
    await signInAs(page, "admin@acme.test");
    await page.goto(`${SCHEDULED}?sort=name`);
    await openDialog(page, name);

    const dialog = page.getByRole("dialog", { name });
    await dialog.getByRole("link", { name: "Cancel mail merge" }).click();
    await dialog.getByRole("button", { name: "Yes, cancel mail merge" }).click();

    // Back on the list, with its query, the alert and a fresh list.
    const alert = page.getByRole("status").filter({ hasText: "Mail merge cancelled." });
    await expect(alert).toBeVisible();
    await expect(page.getByRole("dialog")).toHaveCount(0);
    await expect(row(page, name)).toHaveCount(0);
    if (testInfo.project.name === "js") {
      // Shown once: the address bar forgets the alert.
      await expect(page).toHaveURL(`${SCHEDULED}?sort=name`);
    } else {
      // Signed for this person, for a few minutes (issue 34).
      await expect(page).toHaveURL(new RegExp(`${SCHEDULED}\\?sort=name&cancel=success&until=\\d+&sig=[\\w-]{32}$`));
    }

    await alert.getByRole("link", { name: "Close" }).click();
    await expect(alert).toHaveCount(0);
    await expect(page).toHaveURL(`${SCHEDULED}?sort=name`);

    // It is gone for good.
    const gone = await page.goto(`${SCHEDULED}?q=${encodeURIComponent(name)}`);
    expect(gone?.status()).toBe(200);
    await expect(page.getByText("No results found")).toBeVisible();
  });

  test("downloads the list as CSV with its search and sort", async ({ page }) => {
    await signInAs(page, "owner@acme.test");
    await page.goto(`${SCHEDULED}?q=e&sort=name`);
    const shown = await rowNames(page);
    expect(shown.length).toBeGreaterThan(1);

    const downloading = page.waitForEvent("download");
    await page.getByRole("link", { name: "Export to CSV" }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^Exported_scheduled_\d{4}-\d{2}-\d{2}\.csv$/);
    const [header, ...rows] = parseCsv((await readFile((await download.path())!, "utf8")).replace(/^\uFEFF/, ""));
    expect(header).toEqual(["Sheet name", "Date", "Time", "Emails", "Status"]);
    expect(rows.map((cells) => cells[0]!.split(" - ")[0])).toEqual(shown);
    const quota = rows.find((cells) => cells[0] === "Customer onboarding - New customers")!;
    expect(quota.slice(2)).toEqual(["Upon quota reset", "800", "IN PROGRESS"]);
    for (const cells of rows) expect(cells[1]).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);
  });
});

test("a typed or shared cancel link shows no alert, the list otherwise as usual (issue 34)", async ({ page }) => {
  await signInAs(page, "admin@acme.test");
  await page.goto(`${SCHEDULED}?cancel=success`);
  await expect(page.getByRole("heading", { level: 1, name: "Mail Merges" })).toBeVisible();
  await expect(page.getByText("Mail merge cancelled.")).toHaveCount(0);
});
