import { readFile } from "node:fs/promises";
import { expect, test, type Page } from "@playwright/test";
import { signInAs } from "./support/auth";

const ACME = "/5100000000000001/acme-marketing";

/** Addresses of this project only: the js and no-js runs share one database. */
const address = (label: string, project: string) => `${label}-${project}@example.test`;

const table = (page: Page) => page.getByRole("table");
const rowOf = (page: Page, email: string) => table(page).getByRole("row").filter({ hasText: email });

async function search(page: Page, label: string, text: string) {
  const box = page.getByRole("searchbox", { name: label });
  await box.fill(text);
  await box.press("Enter");
  await expect(page).toHaveURL(new RegExp(`[?&]q=${encodeURIComponent(text)}`));
}

test.describe("unsubscriptions", () => {
  test("the owner unsubscribes addresses (one invalid), then removes one after confirming", async ({
    page,
  }, testInfo) => {
    const project = testInfo.project.name;
    const [first, second] = [address("unsub-a", project), address("unsub-b", project)];
    await signInAs(page, "owner@acme.test");
    await page.goto(`${ACME}/unsubscriptions`);
    await expect(page.getByRole("heading", { level: 1, name: "Unsubscriptions" })).toBeVisible();
    // Sharing is on for a paid owner of a Pro space.
    await expect(page.getByText("Your unsubscribes are shared with every paid user of Acme Marketing")).toBeVisible();

    const input = page.getByPlaceholder("Enter email addresses separated by commas");
    await input.fill(`${first}, not-an-address ${second.toUpperCase()}`);
    if (project === "js") {
      // Live tags: the invalid one is flagged before anything is sent.
      await expect(page.getByRole("listitem").filter({ hasText: "not-an-address" })).toContainText("Email is invalid");
    }
    await page.getByRole("button", { name: "Unsubscribe" }).click();

    await expect(
      page.getByRole("status").filter({ hasText: "2 email address(es) successfully unsubscribed." }),
    ).toBeVisible();
    // Only the invalid entry stays in the box, flagged.
    await expect(input).toHaveValue("not-an-address");
    await expect(page.getByText("Email is invalid")).toBeVisible();

    await search(page, "Search unsubscriptions", `unsub-a-${project}`);
    await expect(rowOf(page, first)).toBeVisible();
    await rowOf(page, first)
      .getByRole("link", { name: `Delete ${first}` })
      .click();

    const dialog = page.getByRole("dialog", { name: "Remove this recipient from your unsubscribe list?" });
    await expect(dialog).toContainText(first);
    await expect(dialog).toContainText(
      "It will be removed from your unsubscribes list and the unsubscribes lists of all your spaces.",
    );
    await dialog.getByRole("button", { name: "Yes, proceed" }).click();

    await expect(
      page.getByRole("status").filter({ hasText: "1 unsubscribed email address successfully deleted." }),
    ).toBeVisible();
    await expect(page.getByRole("dialog")).toHaveCount(0);
    await expect(
      page.getByText("Sorry, there is no unsubscribed email address that fits with your search."),
    ).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`q=unsub-a-${project}`));

    await search(page, "Search unsubscriptions", `unsub-b-${project}`);
    await expect(rowOf(page, second)).toBeVisible();
  });

  test("'No, cancel' closes the confirmation and keeps the address", async ({ page }, testInfo) => {
    const kept = address("unsub-kept", testInfo.project.name);
    await signInAs(page, "owner@acme.test");
    await page.goto(`${ACME}/unsubscriptions`);
    await page.getByPlaceholder("Enter email addresses separated by commas").fill(kept);
    await page.getByRole("button", { name: "Unsubscribe" }).click();
    await expect(
      page.getByRole("status").filter({ hasText: "1 email address(es) successfully unsubscribed." }),
    ).toBeVisible();
    await expect(page.getByPlaceholder("Enter email addresses separated by commas")).toHaveValue("");

    await search(page, "Search unsubscriptions", kept);
    await rowOf(page, kept)
      .getByRole("link", { name: `Delete ${kept}` })
      .click();
    await page.getByRole("dialog").getByRole("link", { name: "No, cancel" }).click();
    await expect(page.getByRole("dialog")).toHaveCount(0);
    await expect(rowOf(page, kept)).toBeVisible();

    // The same addresses again: nothing new.
    await page.getByPlaceholder("Enter email addresses separated by commas").fill(kept);
    await page.getByRole("button", { name: "Unsubscribe" }).click();
    await expect(page.getByText("These email addresses were already unsubscribed.")).toBeVisible();
  });

  test("text without a valid address is refused and kept; with JavaScript the button waits for one", async ({
    page,
  }, testInfo) => {
    await signInAs(page, "owner@acme.test");
    await page.goto(`${ACME}/unsubscriptions`);
    const input = page.getByPlaceholder("Enter email addresses separated by commas");
    const button = page.getByRole("button", { name: "Unsubscribe" });
    await input.fill("nope, also@nope");
    if (testInfo.project.name === "js") {
      await expect(button).toBeDisabled();
      await input.fill("nope, also@nope yes@example.test");
      await expect(button).toBeEnabled();
      return;
    }
    await button.click();
    await expect(input).toHaveValue("nope, also@nope");
    const errors = page.getByRole("listitem").filter({ hasText: "Email is invalid" });
    await expect(errors).toHaveCount(2);
    await expect(errors.first()).toContainText("nope");
  });

  test("sort, search and pages live in the URL, and the list downloads as CSV", async ({ page }, testInfo) => {
    const project = testInfo.project.name;
    const prefix = `paging-${project}`;
    const emails = Array.from({ length: 27 }, (_, index) => `${prefix}-${String(index).padStart(2, "0")}@example.test`);
    await signInAs(page, "owner@acme.test");
    await page.goto(`${ACME}/unsubscriptions`);
    await page.getByPlaceholder("Enter email addresses separated by commas").fill(emails.join("\n"));
    await page.getByRole("button", { name: "Unsubscribe" }).click();
    await expect(
      page.getByRole("status").filter({ hasText: "27 email address(es) successfully unsubscribed." }),
    ).toBeVisible();

    await search(page, "Search unsubscriptions", prefix);
    const bodyRows = table(page).locator("tbody tr");
    await expect(bodyRows).toHaveCount(25);
    await expect(bodyRows.first()).toContainText(emails[0]!);

    await page.getByRole("link", { name: "Next", exact: true }).click();
    await expect(page).toHaveURL(/[?&]page=2/);
    await expect(bodyRows).toHaveCount(2);
    await expect(bodyRows.last()).toContainText(emails[26]!);

    // Sorting again starts from page 1; the address column flips to descending.
    await page.getByRole("link", { name: "Email address", exact: true }).click();
    // The address is the default sort: only the direction is written (canonical URLs, issue 9).
    await expect(page).toHaveURL(/[?&]dir=desc/);
    await expect(page).not.toHaveURL(/sort=/);
    await expect(page).not.toHaveURL(/page=2/);
    await expect(bodyRows.first()).toContainText(emails[26]!);
    await page.getByRole("link", { name: "Date", exact: true }).click();
    await expect(page).toHaveURL(/[?&]sort=date$/);
    await expect(page.getByRole("columnheader", { name: "Date" })).toHaveAttribute("aria-sort", "descending");

    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("link", { name: "Export to CSV" }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^Exported_unsubscriptions_\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = (await readFile((await download.path())!, "utf8")).replace(/^\uFEFF/, "");
    const lines = csv.trim().split("\n");
    expect(lines[0]).toBe("Email address,Date");
    expect(lines).toHaveLength(28);
    expect(
      lines
        .slice(1)
        .map((line) => line.split(",")[0])
        .sort(),
    ).toEqual(emails);
  });
});

const SAMS = "/5100000000000003/sams-space";

test.describe("bounces", () => {
  test("the owner of a free space adds bounces (one invalid), then removes one after confirming", async ({
    page,
  }, testInfo) => {
    const project = testInfo.project.name;
    const [first, second] = [address("bounce-a", project), address("bounce-b", project)];
    await signInAs(page, "solo@gmail.com");
    await page.goto(`${SAMS}/bounces`);
    await expect(page.getByRole("heading", { level: 1, name: "Bounces" })).toBeVisible();
    // A free space does not share bounces; its owner is offered the upgrade.
    await expect(page.getByRole("main").getByRole("link", { name: "Upgrade your space" })).toHaveAttribute(
      "href",
      `${SAMS}/space/billing`,
    );

    const input = page.getByPlaceholder("Enter email addresses separated by commas");
    await input.fill(`${first} ${second}, bad@`);
    await page.getByRole("button", { name: "Add to bounce list" }).click();
    await expect(
      page.getByRole("status").filter({ hasText: "2 email addresses successfully added to bounce list" }),
    ).toBeVisible();
    await expect(input).toHaveValue("bad@");

    await search(page, "Search bounces", `bounce-b-${project}`);
    await rowOf(page, second)
      .getByRole("link", { name: `Delete ${second}` })
      .click();
    const dialog = page.getByRole("dialog", { name: "Remove this recipient from your bounce list?" });
    await expect(dialog).toContainText(second);
    await expect(dialog).not.toContainText("all your spaces");
    await dialog.getByRole("button", { name: "Yes, proceed" }).click();
    await expect(
      page.getByRole("status").filter({ hasText: "1 bounced email address successfully deleted" }),
    ).toBeVisible();
    await expect(rowOf(page, second)).toHaveCount(0);

    await search(page, "Search bounces", `bounce-a-${project}`);
    await expect(rowOf(page, first)).toBeVisible();
  });

  test("a free member of a Pro space sees only their own bounces and asks the owner to share the space's", async ({
    page,
  }) => {
    await signInAs(page, "member@acme.test");
    await page.goto(`${ACME}/bounces`);
    await expect(page.getByRole("heading", { level: 1, name: "Bounces" })).toBeVisible();
    await expect(page.getByRole("main").getByRole("link", { name: "owner@acme.test" })).toHaveAttribute(
      "href",
      "mailto:owner@acme.test",
    );
    // 000 §6: the list is not shared with a FREE user plan, so the space's bounces are not listed and
    // every row is the member's own, theirs to remove.
    await expect(
      table(page)
        .getByRole("link", { name: /^Delete / })
        .first(),
    ).toBeVisible();
    await expect(table(page).getByRole("button", { name: /^Delete / })).toHaveCount(0);
  });

  test("the page is hidden from paid users of a Pro space", async ({ page }) => {
    await signInAs(page, "owner@acme.test");
    await page.goto(`${ACME}/bounces`);
    await expect(page).toHaveURL(`${ACME}/mail-merges/sent`);
  });
});
