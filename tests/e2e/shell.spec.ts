import { expect, test, type Page } from "@playwright/test";
import { signedFor } from "./support/outcome-links";
import { signInAs } from "./support/auth";

const acmeMarketing = "/5100000000000001/acme-marketing";
const acmeSales = "/5100000000000002/acme-sales";
const oldcoTeam = "/5100000000000004/oldco-team";
const samsSpace = "/5100000000000003/sams-space";
const settingsNote = "You cannot manage settings if you are not an owner or admin of the selected space.";

const mainNav = (page: Page) => page.getByRole("navigation", { name: "Main" });
/** Every copy of the main navigation in the HTML, shown or not. */
const mainNavCopies = (page: Page) => page.locator('nav[aria-label="Main"]');
/**
 * Menus and the drawer are <details>; their <summary> has no ARIA role, so it
 * is found by its text, among the visible ones.
 */
const summary = (page: Page, text: string | RegExp) => page.locator("summary:visible", { hasText: text });

test.describe("the workspace shell", () => {
  test("a member sees the Members label, no Billing link, and why settings are disabled", async ({ page }) => {
    await signInAs(page, "member@acme.test");
    await page.goto(`${acmeMarketing}/mail-merges/scheduled`);

    const nav = mainNav(page);
    const members = nav.getByRole("link", { name: "Members" });
    await expect(members).toBeVisible();
    await expect(members).toHaveAttribute("aria-disabled", "true");
    await expect(members).not.toHaveAttribute("href", /.*/);
    await expect(nav.getByRole("link", { name: "General" })).toHaveAttribute("aria-disabled", "true");
    await expect(nav.getByText("Users", { exact: true })).toHaveCount(0);
    await expect(nav.getByText("Billing", { exact: true })).toHaveCount(0);
    await expect(nav.getByText(settingsNote)).toBeVisible();
    // Mail merges is the active link on scheduled as well as on sent.
    await expect(nav.getByRole("link", { name: "Mail merges" })).toHaveAttribute("aria-current", "page");
    await expect(nav.getByRole("link", { name: "Unsubscriptions" })).not.toHaveAttribute("aria-current", /.*/);
  });

  test("the first Tab reaches the skip link, which leads to the main content", async ({ page }) => {
    await signInAs(page, "member@acme.test");
    await page.goto(`${acmeMarketing}/mail-merges/sent`);
    await page.keyboard.press("Tab");
    const skip = page.getByRole("link", { name: "Skip to main content" });
    await expect(skip).toBeFocused();
    await expect(skip).toHaveAttribute("href", "#main");
    await expect(page.getByRole("main")).toHaveAttribute("id", "main");
  });

  test("a free member of a Pro space asks the owner or an admin to upgrade", async ({ page }) => {
    await signInAs(page, "member@acme.test");
    await page.goto(`${acmeMarketing}/mail-merges/sent`);
    await page.getByRole("link", { name: "Upgrade" }).click();

    await expect(page).toHaveURL(/[?&]upgrade-info=1/);
    const dialog = page.getByRole("dialog", { name: "Upgrade" });
    await expect(dialog).toContainText("Only the owner or an admin of Acme Marketing can upgrade.");
    // Needs GET /workspaces/{id}/members?filterBy=role:OWNER|ADMIN,status:ACTIVE from the backend.
    await expect(dialog.getByRole("listitem").filter({ hasText: "Olivia Owner" })).toContainText("owner@acme.test");
    await expect(dialog.getByRole("listitem").filter({ hasText: "Adam Admin" })).toContainText("Admin");
    await expect(dialog.getByText("Mia Member")).toHaveCount(0);

    await dialog.getByRole("link", { name: "Got it" }).click();
    await expect(page.getByRole("dialog")).toHaveCount(0);
    await expect(page).toHaveURL(`${acmeMarketing}/mail-merges/sent`);
  });

  test("the owner of a free space upgrades through checkout, except on the billing page", async ({ page }) => {
    await signInAs(page, "solo@gmail.com");
    await page.goto(`${samsSpace}/unsubscriptions`);
    // The top bar's button (the page's own text may offer an upgrade link too).
    await expect(page.getByRole("banner").getByRole("link", { name: "Upgrade" })).toHaveAttribute(
      "href",
      `${samsSpace}/checkout/details`,
    );
    // No installation timestamp: the sidebar offers the add-on tutorial.
    await expect(
      mainNav(page)
        .locator("..")
        .getByRole("link", { name: /Install the add-on/ }),
    ).toHaveAttribute("href", "/get-started");

    await page.goto(`${samsSpace}/space/billing`);
    await expect(page.getByRole("banner").getByRole("link", { name: "Upgrade" })).toHaveCount(0);
  });

  test("the owner switches to Acme Sales and lands on its users page", async ({ page }) => {
    await signInAs(page, "owner@acme.test");
    await page.goto(`${acmeMarketing}/mail-merges/sent`);
    await expect(mainNav(page).getByRole("link", { name: "Billing" })).toBeVisible();

    await summary(page, "Switch space").click();
    await page.getByRole("link", { name: /^Acme Sales/ }).click();

    // owner@acme.test is a MEMBER of Acme Sales: its users page, not its general settings.
    await expect(page).toHaveURL(`${acmeSales}/space/users`);
    await expect(summary(page, "Switch space")).toContainText("Acme Sales");
    await expect(mainNav(page).getByText(settingsNote)).toBeVisible();
  });

  test.describe("on a desktop", () => {
    test.use({ viewport: { width: 1280, height: 800 } });

    test("the one sidebar of the page stands at the left, beside the content, with no drawer", async ({ page }) => {
      await signInAs(page, "member@acme.test");
      await page.goto(`${acmeMarketing}/mail-merges/sent`);
      await expect(mainNavCopies(page)).toHaveCount(1);
      const box = await mainNav(page).boundingBox();
      expect(box!.x + box!.width).toBeLessThanOrEqual(256);
      const main = await page.getByRole("main").boundingBox();
      expect(main!.x).toBeGreaterThanOrEqual(256);
      await expect(summary(page, /^Menu$/)).toHaveCount(0);
    });
  });

  test.describe("on a phone", () => {
    test.use({ viewport: { width: 375, height: 800 } });

    test("the navigation drawer opens without JavaScript and leads to a page", async ({ page }) => {
      await signInAs(page, "member@acme.test");
      await page.goto(`${acmeMarketing}/mail-merges/sent`);
      // The desktop's sidebar is the drawer: the page has one.
      await expect(mainNavCopies(page)).toHaveCount(1);
      await expect(mainNav(page)).toBeHidden();

      await summary(page, /^Menu$/).click();
      const nav = mainNav(page);
      await expect(nav).toBeVisible();
      const box = await nav.boundingBox();
      expect(box!.width).toBeLessThanOrEqual(256);

      await nav.getByRole("link", { name: "Unsubscriptions" }).click();
      await expect(page).toHaveURL(`${acmeMarketing}/unsubscriptions`);
      await expect(mainNav(page)).toBeHidden();
    });
  });

  test("log out from the account menu lands on the login page", async ({ page }) => {
    await signInAs(page, "admin@acme.test");
    await page.goto(`${acmeMarketing}/mail-merges/sent`);
    await summary(page, "Account menu").click();
    await expect(page.getByText("admin@acme.test")).toBeVisible();
    await expect(page.getByRole("button", { name: "Switch account" })).toBeVisible();
    await page.getByRole("button", { name: "Log out" }).click();

    await expect(page).toHaveURL(/\/login$/);
    await page.goto(`${acmeMarketing}/mail-merges/sent`);
    await expect(page).toHaveURL(/\/login\?continue=/);
  });

  test("after logout, Back shows the sign-in page, never the signed-in data", async ({ page }) => {
    await signInAs(page, "owner@acme.test");
    await page.goto(`${acmeMarketing}/unsubscriptions`);
    const address = (await page.getByRole("row").nth(1).getByRole("cell").first().innerText()).trim();
    expect(address).toContain("@");
    await summary(page, "Account menu").click();
    await page.getByRole("button", { name: "Log out" }).click();
    await expect(page).toHaveURL(/\/login$/);

    await page.goBack();
    await expect(page.getByRole("heading", { name: "Welcome back!" })).toBeVisible();
    await expect(page.getByText(address)).toHaveCount(0);
  });

  test("a banner from the query shows once and closes with its link", async ({ page }, testInfo) => {
    await signInAs(page, "owner@acme.test");
    await page.goto(signedFor("owner@acme.test", `${acmeMarketing}/mail-merges/sent?banner=welcome`));
    const banner = page.getByRole("status").filter({ hasText: "Welcome to YAMM!" });
    await expect(banner).toBeVisible();
    if (testInfo.project.name === "js") {
      // Forgotten by the address bar once shown: a reload does not show it again.
      await expect.poll(() => new URL(page.url()).search).toBe("");
    }
    await banner.getByRole("link", { name: "Close" }).click();
    await expect(banner).toHaveCount(0);
    await expect(page).toHaveURL(`${acmeMarketing}/mail-merges/sent`);

    await page.goto(signedFor("owner@acme.test", `${acmeMarketing}/templates?banner=error`));
    await expect(page.getByRole("alert").filter({ hasText: "Something went wrong." })).toContainText(
      "Please try again later.",
    );
    await page.goto(signedFor("owner@acme.test", `${acmeMarketing}/templates?banner=created`));
    await expect(page.getByRole("status")).toHaveCount(0);
  });

  test("a banner link typed, made for someone else or old shows none (issue 34)", async ({ page }) => {
    await signInAs(page, "owner@acme.test");
    for (const link of [
      `${acmeMarketing}/mail-merges/sent?banner=welcome`,
      signedFor("admin@acme.test", `${acmeMarketing}/mail-merges/sent?banner=welcome`),
    ]) {
      await page.goto(link);
      await expect(page.getByRole("heading", { level: 1, name: "Mail Merges" })).toBeVisible();
      await expect(page.getByText("Welcome to YAMM!")).toHaveCount(0);
    }
  });

  test("a crafted banner link shows none of its text", async ({ page }) => {
    await signInAs(page, "owner@acme.test");
    await page.goto(
      `${acmeMarketing}/mail-merges/sent?banner=transferred&name=Acme%20Marketing&email=billing-support@evil.test`,
    );
    await expect(page.getByRole("heading", { level: 1, name: "Mail Merges" })).toBeVisible();
    await expect(page.getByText("billing-support@evil.test")).toHaveCount(0);
    await expect(page.getByText("ownership has been transferred")).toHaveCount(0);

    await page.goto(
      `${acmeMarketing}/mail-merges/sent?banner=created&name=${encodeURIComponent("Call +1 555 0100 to keep your account ".repeat(8))}`,
    );
    await expect(page.getByRole("heading", { level: 1, name: "Mail Merges" })).toBeVisible();
    await expect(page.getByText("Call +1 555 0100")).toHaveCount(0);
  });

  test("the owner of a legacy space dismisses the legacy banner for good", async ({ page }) => {
    await signInAs(page, "legacy@oldco.test");
    await page.goto(`${oldcoTeam}/mail-merges/sent`);
    const banner = page.getByRole("status").filter({ hasText: "Your space is currently on a legacy plan." });
    await expect(banner.getByRole("link", { name: /Learn more/ })).toBeVisible();
    await expect(banner.getByRole("link", { name: /contact support/ })).toBeVisible();

    await banner.getByRole("button", { name: "Dismiss" }).click();
    await expect(page).toHaveURL(`${oldcoTeam}/mail-merges/sent`);
    await expect(banner).toHaveCount(0);
    await page.reload();
    await expect(page.getByText("Your space is currently on a legacy plan.")).toHaveCount(0);
  });

  test("a disabled member sees only the disabled message and Log out", async ({ page }) => {
    await signInAs(page, "disabled@acme.test");
    await page.goto(`${acmeMarketing}/mail-merges/sent`);

    await expect(page).toHaveURL(`${acmeMarketing}/disabled`);
    await expect(
      page.getByText("Sorry, your account is disabled. Contact your space administrator to solve this issue."),
    ).toBeVisible();
    await expect(mainNav(page)).toHaveCount(0);
    await expect(page.getByRole("banner")).toHaveCount(0);
    await page.getByRole("button", { name: "Log out" }).click();
    await expect(page).toHaveURL(/\/login$/);
  });
});
