import { expect, test, type Page } from "@playwright/test";
import { SPACES } from "../../backend/src/db/seed/personas";
import { signInAs } from "./support/auth";
import { expectNoAxeViolations } from "./support/axe";

/**
 * Every screen of the space at a phone's and a desktop's width, with each of
 * its dialogs, menus and the drawer open: axe (WCAG 2.2 AA) finds nothing
 * (issue 9). The members, general settings and billing screens have their
 * own sweeps (members-accessibility, billing-accessibility).
 */
const ACME = `/${SPACES.acmeMarketing.id}/${SPACES.acmeMarketing.slug}`;

/** Menus and the drawer are <details>: their summary is found by its text among the visible ones. */
const summary = (page: Page, text: RegExp) => page.locator("summary:visible", { hasText: text });

async function checked(page: Page, path: string) {
  await page.goto(path);
  await expect(page.getByRole("heading", { level: 1 }).first()).toBeVisible();
  await expectNoAxeViolations(page);
}

for (const width of [390, 1280]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } });
    test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, "checked once, with JavaScript");

    test("the owner's lists and their dialogs", async ({ page }) => {
      await signInAs(page, "owner@acme.test");
      await checked(page, `${ACME}/mail-merges/sent`);
      await page.locator("table tbody a").first().click();
      await expect(page.getByRole("dialog")).toBeVisible();
      await expectNoAxeViolations(page);

      await checked(page, `${ACME}/mail-merges/scheduled`);
      await page.locator("table tbody a").first().click();
      await expect(page.getByRole("dialog")).toBeVisible();
      await expectNoAxeViolations(page);

      await checked(page, `${ACME}/unsubscriptions`);
      await page
        .getByRole("link", { name: /^Delete / })
        .first()
        .click();
      await expect(page.getByRole("dialog")).toBeVisible();
      await expectNoAxeViolations(page);

      await checked(page, `${ACME}/team-report`);
      await checked(page, `${ACME}/templates`);
      await page.locator("main a[href*='/templates/']").first().click();
      await expect(page.getByRole("dialog")).toBeVisible();
      await expectNoAxeViolations(page);

      await checked(page, `${ACME}/mail-merges/sent?new-space=1`);
      await expect(page.getByRole("dialog")).toBeVisible();
      await expectNoAxeViolations(page);
    });

    test("the shell's menus and drawer", async ({ page }) => {
      await signInAs(page, "owner@acme.test");
      await checked(page, `${ACME}/mail-merges/sent`);
      // On a phone the space switcher is in the drawer.
      if (width < 768) {
        await summary(page, /^Menu$/).click();
        await expect(page.getByRole("navigation", { name: "Main" })).toBeVisible();
        await expectNoAxeViolations(page);
      }
      await summary(page, /Switch space/).click();
      await expectNoAxeViolations(page);
      await page.goto(`${ACME}/mail-merges/sent`);
      await summary(page, /Account menu/).click();
      await expectNoAxeViolations(page);
    });

    test("a member's bounces and the upgrade info dialog", async ({ page }) => {
      await signInAs(page, "member@acme.test");
      await checked(page, `${ACME}/bounces`);
      await checked(page, `${ACME}/mail-merges/sent?upgrade-info=1`);
      await expect(page.getByRole("dialog")).toBeVisible();
      await expectNoAxeViolations(page);
    });

    test("the sign-in page", async ({ page }) => {
      await checked(page, "/login");
    });
  });
}
