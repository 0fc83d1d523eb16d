import { readFile } from "node:fs/promises";
import { expect, test, type Locator, type Page } from "@playwright/test";
import { signInAs } from "./support/auth";

const acmeMarketing = "/5100000000000001/acme-marketing";
const teamReport = `${acmeMarketing}/team-report`;
const templates = `${acmeMarketing}/templates`;

/** The visible text of one column, row by row. */
async function column(table: Locator, index: number) {
  return table
    .locator("tbody tr")
    .evaluateAll(
      (rows, cellIndex) => rows.map((row) => (row.children[cellIndex] as HTMLElement).innerText.trim()),
      index,
    );
}

/** The names of the rows, in order (the name cell also holds the avatar and the e-mail). */
const names = (table: Locator) => table.locator("tbody th p:first-child").allInnerTexts();

/** "1.234" (German grouping) → 1234. */
const count = (text: string) => Number(text.replace(/\./g, ""));

async function search(page: Page, text: string) {
  const form = page.getByRole("search", { name: "Search users" });
  await form.getByRole("searchbox").fill(text);
  await form.getByRole("button", { name: "Search" }).click();
}

test.describe("the team report", () => {
  test("an owner sees the summary and the members, sorted by what they sent this month", async ({ page }) => {
    await signInAs(page, "owner@acme.test");
    const response = await page.goto(teamReport);
    expect(response?.status()).toBe(200);

    await expect(page.getByRole("heading", { level: 1, name: "Team report" })).toBeVisible();
    await expect(page.getByText("This lists all active members of Acme Marketing", { exact: true })).toBeVisible();
    const summary = page.getByRole("region", { name: "Summary" });
    for (const label of ["Active users", "Emails sent in the last 30 days", "Emails sent all time"]) {
      await expect(summary.getByText(label, { exact: true })).toBeVisible();
    }
    // Acme Marketing's active members: the owner, the admin, six paid members, the free one and two on a trial.
    await expect(summary.getByRole("definition").first()).toHaveText("11");

    const table = page.getByRole("table");
    await expect(table.getByRole("columnheader")).toHaveText([
      /^Sheet Name/,
      "Last Email",
      /^Sent this month/,
      /^Sent all time/,
    ]);
    await expect(table.getByRole("columnheader", { name: /Sent this month/ })).toHaveAttribute(
      "aria-sort",
      "descending",
    );
    await expect(table.locator("tbody tr")).toHaveCount(11);
    const thisMonth = (await column(table, 2)).map(count);
    expect(thisMonth).toEqual([...thisMonth].sort((a, b) => b - a));
    await expect(table.getByRole("rowheader").filter({ hasText: "Olivia Owner" })).toContainText("owner@acme.test");
    // The disabled member is not active.
    await expect(table.getByText("Dan Disabled")).toHaveCount(0);
  });

  test("sorting, searching and paging live in the URL", async ({ page }) => {
    await signInAs(page, "owner@acme.test");
    await page.goto(teamReport);
    const table = page.getByRole("table");

    await table.getByRole("link", { name: /Sheet Name/ }).click();
    await expect(page).toHaveURL(`${teamReport}?sort=name`);
    await expect(table.getByRole("columnheader", { name: /Sheet Name/ })).toHaveAttribute("aria-sort", "ascending");
    // Read once the new page's rows are all there (without JavaScript the page may still be arriving).
    await expect(table.locator("tbody tr")).toHaveCount(11);
    const byName = await names(table);
    expect(byName[0]).toBe("Adam Admin");
    expect(byName).toEqual([...byName].sort((a, b) => a.localeCompare(b)));

    await table.getByRole("link", { name: /Sheet Name/ }).click();
    await expect(page).toHaveURL(`${teamReport}?sort=name&dir=desc`);
    await expect(table.locator("tbody tr").first()).toContainText(byName.at(-1)!);

    await table.getByRole("link", { name: /Sent all time/ }).click();
    await expect(page).toHaveURL(`${teamReport}?sort=all`);
    await expect(table.locator("tbody tr")).toHaveCount(11);
    const allTime = (await column(table, 3)).map(count);
    expect(allTime).toEqual([...allTime].sort((a, b) => b - a));

    // The search keeps the sort, and finds by name or e-mail.
    await search(page, "carla");
    await expect(page).toHaveURL(`${teamReport}?q=carla&sort=all`);
    await expect(table.locator("tbody tr")).toHaveCount(1);
    await expect(table.locator("tbody tr")).toContainText("Carla Diaz");
    await search(page, "ivan.jones@");
    await expect(table.locator("tbody tr")).toHaveCount(1);
    await expect(table.locator("tbody tr")).toContainText("Ivan Jones");

    await search(page, "nobody-by-that-name");
    await expect(page.getByRole("status").filter({ hasText: "No results found" })).toContainText(
      "Sorry, there is no user that fits with your search.",
    );
    await expect(page.getByRole("table")).toHaveCount(0);

    // Eleven members fit on one page: a second page is empty and leads back. A default written out is left out.
    await page.goto(`${teamReport}?sort=name&dir=asc&page=2`);
    await expect(page).toHaveURL(`${teamReport}?sort=name&page=2`);
    await expect(page.getByRole("status").filter({ hasText: "No results found" })).toBeVisible();
    await page.getByRole("link", { name: "Previous" }).click();
    await expect(page).toHaveURL(`${teamReport}?sort=name`);
    await expect(page.getByRole("table").locator("tbody tr")).toHaveCount(11);
  });

  test("the CSV export has the current search and every column", async ({ page }) => {
    await signInAs(page, "owner@acme.test");
    await page.goto(`${teamReport}?q=acme.test&sort=name&dir=asc`);
    const downloading = page.waitForEvent("download");
    await page.getByRole("link", { name: "Export to CSV" }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^Exported_team_report_\d{4}-\d{2}-\d{2}\.csv$/);
    const lines = (await readFile((await download.path())!, "utf8"))
      .replace(/^\uFEFF/, "")
      .trim()
      .split(/\r?\n/);
    expect(lines[0]).toBe("Name,Email,Last email,Sent this month,Sent all time");
    // The header and the ten active members with an @acme.test address.
    expect(lines).toHaveLength(11);
    expect(lines[1]).toMatch(/^Adam Admin,admin@acme\.test,\d{4}-\d{2}-\d{2} \d{2}:\d{2},\d+,\d+$/);
  });

  test("a member without the feature gets the not-authorised view", async ({ page }) => {
    await signInAs(page, "member@acme.test");
    const response = await page.goto(teamReport);
    expect(response?.status()).toBe(403);
    await expect(page).toHaveURL(teamReport);
    await expect(page.getByRole("heading", { name: "Not authorised" })).toBeVisible();
    await expect(page.getByText("Sorry, you are not authorised to see the team report of this space.")).toBeVisible();
    await expect(page.getByRole("table")).toHaveCount(0);
    await page.getByRole("link", { name: "Go to my dashboard" }).click();
    await expect(page).toHaveURL(`${acmeMarketing}/mail-merges/sent`);

    const csv = await page.request.get(`${teamReport}.csv`);
    expect(csv.status()).toBe(403);
  });
});

test.describe("the template gallery", () => {
  /**
   * Each project works on its own templates, since both run against one
   * database (the seed's owner already has a draft from the third).
   */
  const firstTemplate = (projectName: string) => (projectName === "no-js" ? 6 : 3);

  async function cards(page: Page) {
    const gallery = page.getByRole("list", { name: "Template gallery" });
    await expect(gallery.getByRole("listitem").first()).toBeVisible();
    return gallery.getByRole("listitem");
  }

  test("opens a preview dialog over the gallery and closes it", async ({ page }) => {
    await signInAs(page, "owner@acme.test");
    await page.goto(templates);
    await expect(page.getByRole("heading", { level: 1, name: "Templates" })).toBeVisible();
    const all = await cards(page);
    expect(await all.count()).toBeGreaterThanOrEqual(5);
    // Every card has its thumbnail, described.
    for (const card of await all.all())
      await expect(card.getByRole("img")).toHaveAttribute("alt", /^Preview of the template /);

    // The first row's thumbnails are the page's largest paint: loaded at once, the others when near.
    await expect(all.nth(0).getByRole("img")).toHaveAttribute("loading", "eager");
    await expect(all.nth(4).getByRole("img")).toHaveAttribute("loading", "lazy");

    const card = all.nth(0);
    // The thumbnail really loads, from the build's fingerprinted copy, cached for a year.
    await expect
      .poll(() => card.getByRole("img").evaluate((img: HTMLImageElement) => (img.complete ? img.naturalWidth : 0)))
      .toBeGreaterThan(0);
    const thumbnail = await card.getByRole("img").getAttribute("src");
    expect(thumbnail).toMatch(/^\/build\/_assets\/tpl-\d+-\w+\.svg$/);
    expect((await page.request.get(thumbnail!)).headers()["cache-control"]).toMatch(/max-age=31536000.*immutable/);
    // The owner already has a draft from "Monthly newsletter" (seed): its card opens it.
    const newsletter = all.filter({ has: page.getByRole("heading", { name: "Monthly newsletter" }) });
    await expect(newsletter.getByRole("link", { name: /^Open/ })).toHaveAttribute(
      "href",
      "https://mail.google.com/mail/u/0/#drafts?compose=r-7781463028914402817",
    );
    await expect(newsletter.getByRole("button", { name: /^Use/ })).toHaveCount(0);

    const subject = (await card.getByRole("heading").innerText()).trim();
    await card.getByRole("link", { name: subject }).click();
    await expect(page).toHaveURL(new RegExp(`${templates}/[\\w-]+$`));
    const dialog = page.getByRole("dialog", { name: subject });
    await expect(dialog).toBeVisible();
    // The message body is there (it may arrive after the dialog's heading: the page is streamed), and nothing of it runs.
    await expect.poll(async () => (await dialog.innerText()).length).toBeGreaterThan(subject.length + 20);
    await expect(dialog.locator("script, iframe, [onclick], [onerror]")).toHaveCount(0);

    await dialog.getByRole("link", { name: "Close" }).click();
    await expect(page.getByRole("dialog")).toHaveCount(0);
    await expect(page).toHaveURL(templates);
  });

  test("'Use' on a card makes a Gmail draft, and the card then opens it", async ({ page }, testInfo) => {
    await signInAs(page, "owner@acme.test");
    await page.goto(templates);
    const card = (await cards(page)).nth(firstTemplate(testInfo.project.name));
    const subject = (await card.getByRole("heading").innerText()).trim();

    await card.getByRole("button", { name: `Use ${subject}` }).click();
    await expect(page.getByRole("status").filter({ hasText: `${subject} Gmail draft created` })).toBeVisible();
    const open = page
      .getByRole("listitem")
      .filter({ has: page.getByRole("heading", { name: subject }) })
      .getByRole("link", { name: /^Open/ });
    await expect(open).toHaveAttribute("href", /^https:\/\/mail\.google\.com\/mail\/u\/0\/#drafts\?compose=.+/);
    await expect(open).toHaveAttribute("target", "_blank");
    await expect(page.getByRole("button", { name: `Use ${subject}` })).toHaveCount(0);

    // The alert closes with its link; with JavaScript the address bar has already dropped it.
    if (testInfo.project.name === "js") await expect(page).toHaveURL(templates);
    else await expect(page).toHaveURL(/\?draft=created&template=/);
    const alert = page.getByRole("status").filter({ hasText: `${subject} Gmail draft created` });
    await alert.getByRole("link", { name: "Close" }).click();
    await expect(alert).toHaveCount(0);
    await expect(page).toHaveURL(templates);
  });

  test("'Use' in the preview dialog makes a Gmail draft too", async ({ page }, testInfo) => {
    await signInAs(page, "owner@acme.test");
    await page.goto(templates);
    const card = (await cards(page)).nth(firstTemplate(testInfo.project.name) + 1);
    const subject = (await card.getByRole("heading").innerText()).trim();
    await card.getByRole("link", { name: subject }).click();

    const dialog = page.getByRole("dialog", { name: subject });
    await dialog.getByRole("button", { name: `Use ${subject}` }).click();
    await expect(page.getByRole("dialog")).toHaveCount(0);
    await expect(page.getByRole("status").filter({ hasText: `${subject} Gmail draft created` })).toBeVisible();

    await page.getByRole("link", { name: subject, exact: true }).click();
    await expect(page.getByRole("dialog", { name: subject }).getByRole("link", { name: /^Open/ })).toHaveAttribute(
      "href",
      /^https:\/\/mail\.google\.com\/mail\/u\/0\/#drafts\?compose=.+/,
    );
  });

  test("below the tablet breakpoint the gallery asks for the desktop version instead of 'Use'", async ({ page }) => {
    await page.setViewportSize({ width: 400, height: 800 });
    await signInAs(page, "member@acme.test");
    await page.goto(templates);
    await expect(page.getByText("To use one of these templates, please visit the desktop version.")).toBeVisible();
    await expect(page.getByRole("button", { name: /^Use / })).toHaveCount(0);
    await page.setViewportSize({ width: 1280, height: 800 });
    await expect(page.getByText("To use one of these templates, please visit the desktop version.")).toBeHidden();
    expect(await page.getByRole("button", { name: /^Use / }).count()).toBeGreaterThan(0);
  });
});
