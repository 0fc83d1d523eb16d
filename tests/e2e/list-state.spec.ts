import { expect, test, type Locator, type Page } from "@playwright/test";
import { signInAs } from "./support/auth";

/**
 * The lists of issue 9: the search box and history in step with the URL,
 * one URL per state, the past-the-end and empty-range states, and tables
 * that read at 390, 1024 and 1280 px (002 §2's mobile variants).
 */

const ACME = "/5100000000000001/acme-marketing";
const SENT = `${ACME}/mail-merges/sent`;
const SCHEDULED = `${ACME}/mail-merges/scheduled`;
const UNSUBSCRIPTIONS = `${ACME}/unsubscriptions`;

const searchBox = (page: Page) => page.getByRole("searchbox", { name: "Search by sheet name" });

test.describe("history and the search box", () => {
  test("Back after a search shows the sort's rows with the sort's (empty) search, and Forward the search again", async ({
    page,
  }) => {
    await signInAs(page, "owner@acme.test");
    await page.goto(SENT);
    await page.getByRole("table", { name: "Sent mail merges" }).getByRole("link", { name: "Sheet Name" }).click();
    await expect(page).toHaveURL(`${SENT}?sort=name`);

    await searchBox(page).fill("newsletter");
    await searchBox(page).press("Enter");
    await expect(page).toHaveURL(`${SENT}?q=newsletter&sort=name`);

    await page.goBack();
    await expect(page).toHaveURL(`${SENT}?sort=name`);
    await expect(searchBox(page)).toHaveValue("");
    await page.goForward();
    await expect(page).toHaveURL(`${SENT}?q=newsletter&sort=name`);
    await expect(searchBox(page)).toHaveValue("newsletter");
  });

  test("typing right after a sort keeps the sort's history entry", async ({ page, javaScriptEnabled }) => {
    test.skip(!javaScriptEnabled, "the box submits itself only with JavaScript");
    await signInAs(page, "owner@acme.test");
    await page.goto(SENT);
    await page.getByRole("table", { name: "Sent mail merges" }).getByRole("link", { name: "Sheet Name" }).click();
    await expect(page).toHaveURL(`${SENT}?sort=name`);

    // Typed, not filled: each key restarts the debounce, and the typed-in entries replace one another.
    await searchBox(page).pressSequentially("news", { delay: 20 });
    await expect(page).toHaveURL(`${SENT}?q=news&sort=name`);
    await searchBox(page).pressSequentially("letter", { delay: 300 });
    await expect(page).toHaveURL(`${SENT}?q=newsletter&sort=name`);

    await page.goBack();
    await expect(page).toHaveURL(`${SENT}?sort=name`);
    await expect(searchBox(page)).toHaveValue("");
    await page.goBack();
    await expect(page).toHaveURL(SENT);
  });
});

test.describe("one URL per state", () => {
  test("the filters lead to the canonical URL, defaults left out", async ({ page }) => {
    await signInAs(page, "owner@acme.test");
    await page.goto(SENT);
    await page.getByRole("button", { name: "Search", exact: true }).click();
    await expect(page).toHaveURL(SENT);

    await page.goto(`${SENT}?q=&range=LAST_12_MONTHS&sort=date&dir=desc&page=1`);
    await expect(page).toHaveURL(SENT);
  });
});

test.describe("empty states", () => {
  test("a page past the end says so and leads back to the first page", async ({ page }) => {
    await signInAs(page, "owner@acme.test");
    for (const list of [SENT, SCHEDULED, UNSUBSCRIPTIONS]) {
      await page.goto(`${list}?page=99`);
      await expect(page.getByText("The list has no page 99.")).toBeVisible();
      await expect(page.getByText(/fits with your search/)).toHaveCount(0);
      await page.getByRole("link", { name: "Go to the first page" }).click();
      await expect(page).toHaveURL(list);
    }
  });
});

/**
 * The list's region fits the screen, and no box in it scrolls sideways. (The
 * page's own width is left to the shell: at 1024 px the summary cards'
 * hidden tooltip reaches past the edge, which is the tooltip's to fix.)
 */
async function expectNoSidewaysOverflow(region: Locator) {
  const overflowing = await region.evaluate((root) =>
    [root, ...Array.from(root.querySelectorAll("*"))]
      .filter((element) => element.scrollWidth > element.clientWidth + 1)
      .filter((element) => ["auto", "scroll"].includes(getComputedStyle(element).overflowX))
      .map((element) => `${element.tagName}.${element.className} ${element.scrollWidth}>${element.clientWidth}`),
  );
  expect(overflowing).toEqual([]);
  const { x, width } = (await region.boundingBox())!;
  expect(x + width).toBeLessThanOrEqual(region.page().viewportSize()!.width);
}

/** Whether each element's box lies within the viewport horizontally. */
async function expectWithinViewport(locator: Locator, width: number) {
  for (const box of await locator.evaluateAll((elements) =>
    elements.map((element) => {
      const rect = element.getBoundingClientRect();
      return { left: rect.left, right: rect.right };
    }),
  )) {
    expect(box.left).toBeGreaterThanOrEqual(0);
    expect(box.right).toBeLessThanOrEqual(width);
  }
}

test.describe("tables at 390, 1024 and 1280 px (002 §2)", () => {
  for (const width of [390, 1024, 1280]) {
    const mobile = width < 990;

    test(`the Sent table at ${width} px`, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 });
      await signInAs(page, "owner@acme.test");
      await page.goto(SENT);
      const table = page.getByRole("table", { name: "Sent mail merges" });
      await expect(table.getByRole("row")).not.toHaveCount(0);
      await expectNoSidewaysOverflow(page.getByRole("region", { name: "Sent mail merges" }));
      // 002 §2's mobile variant: the date under the sheet name, no sheet link column.
      for (const name of ["Sheet Name", "Sent", "Opened", "Clicked", ...(mobile ? [] : ["Date"])]) {
        await expect(table.getByRole("columnheader", { name, exact: true })).toHaveCount(1);
      }
      const firstRow = table.getByRole("row").nth(1);
      await expect(firstRow.getByRole("rowheader").getByText(/\d:\d\d [AP]M/)).toBeVisible({ visible: mobile });
      // 002 §2: " sent" appended on mobile; the sheet link column on desktop only.
      await expect(firstRow).toContainText(mobile ? / sent/ : /\d/);
      await expect(table.getByRole("link", { name: /in Google Sheets/ }).first()).toBeVisible({ visible: !mobile });
      await expectWithinViewport(firstRow.getByRole("link").filter({ visible: true }), width);
    });

    test(`the Scheduled table at ${width} px`, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 });
      await signInAs(page, "owner@acme.test");
      await page.goto(SCHEDULED);
      const table = page.getByRole("table", { name: "Scheduled mail merges" });
      await expect(table.getByRole("row")).not.toHaveCount(0);
      await expectNoSidewaysOverflow(page.getByRole("region", { name: "Scheduled mail merges" }));
      for (const name of ["Sheet Name", "Time", "Emails", ...(mobile ? [] : ["Date"])]) {
        await expect(table.getByRole("columnheader", { name, exact: true })).toHaveCount(1);
      }
      const firstRow = table.getByRole("row").nth(1);
      await expect(firstRow.getByRole("rowheader").getByText(/\d{1,2}:\d{2} [AP]M$/)).toBeVisible({ visible: mobile });
      // 002 §2: " mails" appended on mobile; the sheet link column on desktop only, and never clipped.
      await expect(firstRow).toContainText(mobile ? / mails/ : /\d/);
      await expect(table.getByRole("link", { name: /in Google Sheets/ }).first()).toBeVisible({ visible: !mobile });
      await expectWithinViewport(table.getByRole("link").filter({ visible: true }), width);
    });
  }

  test("a long unsubscribed address can be read whole at 390 px", async ({ page, javaScriptEnabled }) => {
    const address = `a.rather.long.recipient.address.${javaScriptEnabled ? "js" : "nojs"}@marketing-department.example.test`;
    await page.setViewportSize({ width: 390, height: 900 });
    await signInAs(page, "owner@acme.test");
    await page.goto(UNSUBSCRIPTIONS);
    await page.getByRole("textbox", { name: "Email addresses to unsubscribe" }).fill(address);
    await page.getByRole("button", { name: "Unsubscribe" }).click();
    await expect(page.getByText(/successfully unsubscribed/)).toBeVisible();
    await page.goto(`${UNSUBSCRIPTIONS}?${new URLSearchParams({ q: address })}`);
    const cell = page.getByRole("table", { name: "Unsubscribed email addresses" }).getByText(address, { exact: true });
    await expect(cell).toBeVisible();
    // Not cut: the text fits its box, and the box fits the screen.
    expect(await cell.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true);
    await expectWithinViewport(cell, 390);
    await expectNoSidewaysOverflow(page.getByRole("region", { name: "Unsubscribed email addresses" }));
  });
});
