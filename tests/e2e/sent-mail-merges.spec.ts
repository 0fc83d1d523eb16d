import { readFile } from "node:fs/promises";
import { expect, test, type Page } from "@playwright/test";
import { signInAs } from "./support/auth";
import { parseCsv } from "../support/csv";

const ACME = "/5100000000000001/acme-marketing";
const SENT = `${ACME}/mail-merges/sent`;
/** Hand-made seed campaigns of owner@acme.test (backend/src/db/seed/mail-merges.ts). */
const WEBINAR = "7100000000000001"; // poll with aggregated results
const SURVEY = "7100000000000002"; // poll with raw responses only
const Q3_NEWSLETTER = "7100000000000003"; // sent by someone else, no poll

const table = (page: Page) => page.getByRole("table", { name: "Sent mail merges" });
/** The rows' sheet names ("Spreadsheet" + "Sheet"), in order. */
const rowNames = (page: Page) => table(page).getByRole("rowheader").allInnerTexts();

/** Without JavaScript filters go with the Search button; with it they submit themselves, and Search does no harm. */
async function submitFilters(page: Page) {
  await page.getByRole("button", { name: "Search", exact: true }).click();
}

test.describe("the Mail merges page", () => {
  test("shows the summary cards, the chart's numbers and the tabs", async ({ page }) => {
    await signInAs(page, "owner@acme.test");
    await page.goto(SENT);
    await expect(page).toHaveTitle("Mail merges | YAMM");
    await expect(page.getByRole("heading", { level: 1, name: "Mail Merges" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Quick tutorial" })).toHaveAttribute("href", "/get-started");

    // 14 scheduled merges of the owner in the seed.
    await expect(page.getByRole("group", { name: "Mail merge(s) scheduled" })).toContainText("14");
    for (const name of ["Emails sent this month", "Emails sent all time"]) {
      const card = page.getByRole("group", { name });
      await expect(card).toHaveAccessibleDescription("Excluding form submission notifications.");
      await expect(card).toContainText(/\d/);
    }
    const tip = page.getByRole("button", { name: "About this number" }).first();
    await tip.focus();
    await expect(page.getByRole("tooltip", { name: "Excluding form submission notifications." }).first()).toBeVisible();

    const chart = page.getByRole("table", { name: "Emails sent in the last 12 months" });
    await expect(chart.getByRole("rowheader")).toHaveCount(12);

    const tabs = page.getByRole("navigation", { name: "Mail merge lists" });
    await expect(tabs.getByRole("link", { name: "Sent" })).toHaveAttribute("aria-current", "page");
    await expect(tabs.getByRole("link", { name: "Scheduled" })).not.toHaveAttribute("aria-current", /.*/);
  });

  test("a free space's tutorial link is the secondary kind, and an empty list says how to get started", async ({
    page,
  }) => {
    await signInAs(page, "solo@gmail.com");
    await page.goto("/5100000000000003/sams-space/mail-merges/sent");
    await expect(page.getByRole("link", { name: "Quick tutorial" })).toHaveClass(/btn-secondary/);
    await expect(page.getByText("Nothing to see here...")).toBeVisible();
    await expect(page.getByText("You don't have any mail sent. Learn how to Get started.")).toBeVisible();
    await expect(page.getByRole("link", { name: "Get started", exact: true })).toHaveAttribute("href", "/get-started");
  });
});

test.describe("the Sent tab", () => {
  test("a bookmarked filtered URL shows the same rows as getting there with the controls", async ({ page }) => {
    await signInAs(page, "owner@acme.test");
    await page.goto(SENT);
    await page.getByRole("searchbox", { name: "Search by sheet name" }).fill("newsletter");
    await page.getByRole("combobox", { name: "Date" }).selectOption({ label: "This year" });
    await submitFilters(page);
    await expect(page).toHaveURL(/[?&]q=newsletter/);
    await expect(page).toHaveURL(/[?&]range=THIS_YEAR/);
    await table(page).getByRole("link", { name: "Sheet Name" }).click();
    await expect(page).toHaveURL(/[?&]sort=name(&|$)/);
    await expect(table(page).getByRole("columnheader", { name: "Sheet Name" })).toHaveAttribute(
      "aria-sort",
      "ascending",
    );
    const viaControls = await rowNames(page);
    expect(viaControls.length).toBeGreaterThan(1);
    for (const name of viaControls) expect(name.toLowerCase()).toContain("newsletter");
    // The backend compares spreadsheet names ignoring ASCII case (SQLite NOCASE).
    const spreadsheets = viaControls.map((name) =>
      name.split("\n")[0]!.replace(/[A-Z]/g, (letter) => letter.toLowerCase()),
    );
    expect(spreadsheets).toEqual([...spreadsheets].sort());

    await page.goto(`${SENT}?q=newsletter&range=THIS_YEAR&sort=name&dir=asc`);
    expect(await rowNames(page)).toEqual(viaControls);
    await expect(page.getByRole("searchbox", { name: "Search by sheet name" })).toHaveValue("newsletter");
    await expect(page.getByRole("combobox", { name: "Date" })).toHaveValue("THIS_YEAR");
  });

  test("pages, sorts by date and changes the range, back to page 1", async ({ page }) => {
    await signInAs(page, "owner@acme.test");
    await page.goto(SENT);
    const first = await rowNames(page);
    expect(first).toHaveLength(25);
    await page.getByRole("link", { name: "Next" }).click();
    await expect(page).toHaveURL(/[?&]page=2/);
    await expect(page.getByText("Page 2")).toBeVisible();
    const second = await rowNames(page);
    expect(second.length).toBeGreaterThan(0);
    expect(second[0]).not.toBe(first[0]);

    // A bookmarked second page is the same page.
    await page.goto(`${SENT}?range=LAST_12_MONTHS&sort=date&dir=desc&page=2`);
    expect(await rowNames(page)).toEqual(second);

    await page.getByRole("combobox", { name: "Date" }).selectOption({ label: "Last 30 days" });
    await submitFilters(page);
    await expect(page).toHaveURL(/[?&]range=LAST_30_DAYS/);
    await expect(page).not.toHaveURL(/[?&]page=/);
    // The URL changes as the new page starts to arrive: its rows are read once they are there.
    await expect(table(page).getByRole("rowheader").first()).toContainText("Webinar follow-up");
    const newestFirst = await rowNames(page);
    expect(newestFirst.length).toBeLessThan(25);

    await table(page).getByRole("link", { name: "Date" }).click();
    await expect(page).toHaveURL(/[?&]dir=asc/);
    await expect(table(page).getByRole("columnheader", { name: "Date" })).toHaveAttribute("aria-sort", "ascending");
    await expect.poll(() => rowNames(page)).toEqual([...newestFirst].reverse());
  });

  test("a search without a match says so", async ({ page }) => {
    await signInAs(page, "owner@acme.test");
    await page.goto(`${SENT}?range=THIS_MONTH`);
    const box = page.getByRole("searchbox", { name: "Search by sheet name" });
    await box.fill("no such sheet anywhere");
    await box.press("Enter");
    await expect(page).toHaveURL(/[?&]q=no\+such\+sheet\+anywhere/);
    await expect(page).toHaveURL(/[?&]range=THIS_MONTH/);
    await expect(page.getByText("No results found")).toBeVisible();
    await expect(page.getByText("Sorry, there is no mail merge that fits with your search.")).toBeVisible();
    await expect(table(page)).toHaveCount(0);
  });
});

test.describe("the Sent detail dialog", () => {
  test("opens over the list with the merge's results, then its poll, and closes back to the same list", async ({
    page,
  }) => {
    await signInAs(page, "owner@acme.test");
    await page.goto(`${SENT}?q=webinar&range=LAST_30_DAYS`);
    await table(page)
      .getByRole("link", { name: /^Webinar follow-up/ })
      .click();
    await expect(page).toHaveURL(`${SENT}/${WEBINAR}?q=webinar&range=LAST_30_DAYS`);

    const dialog = page.getByRole("dialog", { name: "Webinar follow-up" });
    await expect(dialog).toBeVisible();
    await expect(dialog).toHaveAttribute("aria-modal", "true");
    await expect(table(page)).toHaveCount(1); // the list is still rendered behind
    await expect(dialog).toContainText("Thanks for joining our webinar, {{First name}}!");
    await expect(dialog).toContainText("Emails sent412");
    await expect(dialog.getByRole("row", { name: /Delivered/ })).toContainText("99%");
    await expect(dialog.getByRole("row", { name: /Delivered/ })).toContainText("406");
    await expect(dialog.getByRole("row", { name: /Opened/ })).toContainText("66%");
    await expect(dialog.getByRole("row", { name: /Bounced/ })).toContainText("1%");
    await expect(dialog).toContainText(/\* Last update: .+\. Open your tracking report in Google Sheets to refresh\./);
    const sheets = dialog.getByRole("link", { name: /Open in Google Sheets/ });
    await expect(sheets).toHaveAttribute("href", /^https:\/\/docs\.google\.com\/spreadsheets\/d\/[^/]+\/edit#gid=\d+$/);
    await expect(sheets).toHaveAttribute("target", "_blank");

    const results = dialog.getByRole("navigation", { name: "Results" });
    await expect(results.getByRole("link", { name: "Mail results" })).toHaveAttribute("aria-current", "page");
    await results.getByRole("link", { name: "Poll results" }).click();
    await expect(page).toHaveURL(`${SENT}/${WEBINAR}/poll?q=webinar&range=LAST_30_DAYS`);
    await expect(results.getByRole("link", { name: "Poll results" })).toHaveAttribute("aria-current", "page");
    const veryUseful = dialog.getByRole("row", { name: /Very useful/ });
    await expect(veryUseful).toContainText("67%");
    await expect(veryUseful).toContainText("58");

    await dialog.getByRole("link", { name: "Close" }).first().click();
    await expect(page.getByRole("dialog")).toHaveCount(0);
    await expect(page).toHaveURL(`${SENT}?q=webinar&range=LAST_30_DAYS`);
  });

  test("counts the raw responses when a poll has no aggregated results", async ({ page }) => {
    await signInAs(page, "owner@acme.test");
    await page.goto(`${SENT}/${SURVEY}/poll`);
    const dialog = page.getByRole("dialog", { name: "Customer survey 2026" });
    const great = dialog.getByRole("row", { name: /Great/ });
    await expect(great).toContainText("51%"); // 41 of 80
    await expect(great).toContainText("41");
  });

  test("a merge sent by someone else has no subject, and no poll: the tab is help", async ({ page }) => {
    await signInAs(page, "owner@acme.test");
    await page.goto(`${SENT}/${Q3_NEWSLETTER}`);
    const dialog = page.getByRole("dialog", { name: "Q3 Newsletter" });
    await expect(dialog).toContainText("Subject is unavailable because this mail merge has been sent by someone else");
    const help = dialog.getByRole("link", { name: /Poll results/ });
    await expect(help).toHaveAttribute("href", /^https:\/\/support\.yamm\.com\//);
    await expect(help).toHaveAttribute("target", "_blank");
    // The poll URL of a merge without a poll shows its mail results.
    await page.goto(`${SENT}/${Q3_NEWSLETTER}/poll?q=q3`);
    await expect(page).toHaveURL(`${SENT}/${Q3_NEWSLETTER}?q=q3`);
  });

  test("an unknown merge is told inside the dialog, over the list", async ({ page }) => {
    await signInAs(page, "owner@acme.test");
    const response = await page.goto(`${SENT}/123456789?range=THIS_YEAR`);
    expect(response?.status()).toBe(404);
    const dialog = page.getByRole("dialog", { name: "Mail merge not found" });
    await expect(dialog).toBeVisible();
    await expect(table(page)).toHaveCount(1);
    await dialog.getByRole("link", { name: "Close" }).first().click();
    await expect(page).toHaveURL(`${SENT}?range=THIS_YEAR`);
    await expect(page.getByRole("dialog")).toHaveCount(0);
  });

  test("refreshes every 30 seconds while open", async ({ page }, testInfo) => {
    test.skip(testInfo.project.name === "no-js", "Needs JavaScript");
    await page.clock.install();
    await signInAs(page, "owner@acme.test");
    await page.goto(`${SENT}/${WEBINAR}`);
    await expect(page.getByRole("dialog", { name: "Webinar follow-up" })).toBeVisible();
    // Hydrated: the dialog has become a true modal, and the refresh timer runs.
    await expect(page.locator("dialog:modal")).toHaveCount(1);
    const refresh = page.waitForRequest((request) => request.url().includes(`/sent/${WEBINAR}.data`));
    await page.clock.fastForward(31_000);
    await refresh;
  });
});

test.describe("Export to CSV", () => {
  test("downloads the current filters' rows", async ({ page }) => {
    await signInAs(page, "owner@acme.test");
    await page.goto(`${SENT}?range=LAST_30_DAYS&sort=name&dir=asc`);
    // One page holds them all, so the file must list exactly the rows shown.
    await expect(page.getByRole("link", { name: "Next" })).toHaveCount(0);
    const shown = await rowNames(page);
    expect(shown.length).toBeGreaterThan(1);
    const downloading = page.waitForEvent("download");
    await page.getByRole("link", { name: "Export to CSV" }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^Exported_sent_\d{4}-\d{2}-\d{2}\.csv$/);
    const [header, ...rows] = parseCsv((await readFile((await download.path())!, "utf8")).replace(/^\uFEFF/, ""));
    expect(header).toEqual(["Sheet name", "Date", "Sent", "Opened", "Clicked"]);
    expect(rows.map((row) => row[0])).toEqual(shown.map((name) => name.replace("\n", " - ")));
    for (const row of rows) {
      expect(row[1]).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);
      expect(row[2]).toMatch(/^\d+$/);
      expect(row[3]).toMatch(/^\d+%$/);
    }
  });
});
