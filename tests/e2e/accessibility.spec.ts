import { expect, test, type Locator, type Page } from "@playwright/test";
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

/** Each list or gallery, and what opens its dialog (clicked after the page alone is checked). */
const ownerScreens: [string, string, ((page: Page) => Locator) | null][] = [
  ["sent list and a merge's dialog", "/mail-merges/sent", (page) => page.locator("table tbody a").first()],
  ["scheduled list and a merge's dialog", "/mail-merges/scheduled", (page) => page.locator("table tbody a").first()],
  [
    "unsubscriptions and the delete dialog",
    "/unsubscriptions",
    (page) => page.getByRole("link", { name: /^Delete / }).first(),
  ],
  ["team report", "/team-report", null],
  ["template gallery and a preview", "/templates", (page) => page.locator("main a[href*='/templates/']").first()],
  // Opened by its URL: the server renders it open.
  ["New space dialog", "/mail-merges/sent?new-space=1", null],
];

async function checked(page: Page, path: string) {
  await page.goto(path);
  await expect(page.getByRole("heading", { level: 1 }).first()).toBeVisible();
  await expectNoAxeViolations(page);
}

for (const width of [390, 1280]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } });
    test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, "checked once, with JavaScript");

    // One test per screen: axe over a page with its dialog open takes seconds, several in one test outran its timeout.
    for (const [screen, path, open] of ownerScreens) {
      test(`the owner's ${screen}`, async ({ page }) => {
        await signInAs(page, "owner@acme.test");
        await checked(page, `${ACME}${path}`);
        if (!open) return;
        await open(page).click();
        await expect(page.getByRole("dialog")).toBeVisible();
        await expectNoAxeViolations(page);
      });
    }

    test("the shell's menus and drawer", async ({ page }) => {
      // Four axe runs over the whole shell: under a loaded CI machine that can pass 30 s.
      test.slow();
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
