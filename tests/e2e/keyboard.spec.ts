import { expect, test, type Locator, type Page } from "@playwright/test";
import AxeBuilder from "@axe-core/playwright";
import type { PersonaEmail } from "../../backend/emulators/google/identity";
import { signInAs } from "./support/auth";
import { PAGED_SPACE_PATH, signInToPagedSpace } from "./support/paged-space";

/** Issue 9's keyboard findings: focus is never lost, every check made with the keyboard alone. */

const ACME = "/5100000000000001/acme-marketing";
const SENT = `${ACME}/mail-merges/sent`;
const SCHEDULED = `${ACME}/mail-merges/scheduled`;

async function openAs(page: Page, email: PersonaEmail, path: string) {
  await signInAs(page, email);
  await page.goto(path);
}

/** Focus is on something of the page, never the body (where the next Tab restarts at the skip link). */
async function expectFocusNotOnBody(page: Page) {
  await expect.poll(() => page.evaluate(() => document.activeElement?.tagName)).not.toMatch(/^(BODY|HTML)$/);
}

/**
 * The focused element's focus ring (its outline, or that of the nearest
 * element around it that draws one for it) is there, and no element that
 * clips its content (a scroll container, rounded corners) cuts it off.
 */
async function expectWholeFocusRing(page: Page) {
  const problem = await page.evaluate(() => {
    let ring = document.activeElement;
    while (ring && getComputedStyle(ring).outlineStyle === "none") ring = ring.parentElement;
    if (!ring) return "no focus ring";
    const style = getComputedStyle(ring);
    const spread = parseFloat(style.outlineOffset) + parseFloat(style.outlineWidth);
    const box = ring.getBoundingClientRect();
    for (let clipper = ring.parentElement; clipper; clipper = clipper.parentElement) {
      const { overflowX, overflowY } = getComputedStyle(clipper);
      if (overflowX === "visible" && overflowY === "visible") continue;
      const outer = clipper.getBoundingClientRect();
      const left = outer.left + clipper.clientLeft;
      const top = outer.top + clipper.clientTop;
      if (
        box.left - spread < left ||
        box.top - spread < top ||
        box.right + spread > left + clipper.clientWidth ||
        box.bottom + spread > top + clipper.clientHeight
      )
        return `the ring of ${ring.tagName} is cut by ${clipper.tagName}.${clipper.className}`;
    }
    return null;
  });
  expect(problem).toBeNull();
}

/** Opens a dialog from its opener with Enter, closes it with `close`, and expects focus back on the opener. */
async function expectFocusBackAfter(
  page: Page,
  opener: Locator,
  dialogName: string | RegExp,
  close: () => Promise<void>,
) {
  await opener.focus();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("dialog", { name: dialogName })).toBeVisible();
  await close();
  await expect(page.getByRole("dialog")).toHaveCount(0);
  await expect(opener).toBeFocused();
}

/** The link of a list's first row, which opens its detail dialog. */
const firstRowLink = (page: Page, table: string) =>
  page.getByRole("table", { name: table }).getByRole("rowheader").getByRole("link").first();

test.describe("dialogs give focus back to what opened them", () => {
  test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, "focus is handed back by JavaScript");

  test("the sent and scheduled detail dialogs, by Escape and by Close", async ({ page }) => {
    await openAs(page, "owner@acme.test", SENT);
    const sentLink = firstRowLink(page, "Sent mail merges");
    await expectFocusBackAfter(page, sentLink, /.+/, () => page.keyboard.press("Escape"));
    await expectFocusBackAfter(page, sentLink, /.+/, async () => {
      await page.getByRole("dialog").getByRole("link", { name: "Close" }).first().press("Enter");
    });

    await page.goto(SCHEDULED);
    const scheduledLink = firstRowLink(page, "Scheduled mail merges");
    await expectFocusBackAfter(page, scheduledLink, /.+/, () => page.keyboard.press("Escape"));
  });

  test("the scheduled cancel confirmation, then the dialog", async ({ page }) => {
    await openAs(page, "owner@acme.test", SCHEDULED);
    const opener = firstRowLink(page, "Scheduled mail merges");
    await opener.focus();
    await page.keyboard.press("Enter");
    const dialog = page.getByRole("dialog");
    const cancel = dialog.getByRole("link", { name: "Cancel mail merge" });
    await cancel.press("Enter");
    await expect(dialog.getByRole("link", { name: "No, keep it" })).toBeFocused();
    await dialog.getByRole("link", { name: "No, keep it" }).press("Enter");
    await expect(cancel).toBeFocused();
    await page.keyboard.press("Escape");
    await expect(page.getByRole("dialog")).toHaveCount(0);
    await expect(opener).toBeFocused();
  });

  test("the template preview", async ({ page }) => {
    await openAs(page, "owner@acme.test", `${ACME}/templates`);
    const card = page.getByRole("list", { name: "Template gallery" }).getByRole("listitem").first();
    const subject = (await card.getByRole("heading").innerText()).trim();
    await expectFocusBackAfter(page, card.getByRole("link", { name: subject }), subject, () =>
      page.keyboard.press("Escape"),
    );
  });

  test("the upgrade info dialog, by Escape and by Got it", async ({ page }) => {
    await openAs(page, "member@acme.test", SENT);
    const upgrade = page.getByRole("link", { name: "Upgrade" });
    await expectFocusBackAfter(page, upgrade, "Upgrade", () => page.keyboard.press("Escape"));
    await expectFocusBackAfter(page, upgrade, "Upgrade", () =>
      page.getByRole("dialog").getByRole("link", { name: "Got it" }).press("Enter"),
    );
  });

  test("the new space dialog, opened from the space switcher, gives focus to the switcher", async ({ page }) => {
    await openAs(page, "owner@acme.test", SENT);
    const switcher = page.locator("summary:visible", { hasText: "Acme Marketing" });
    await switcher.focus();
    await page.keyboard.press("Enter");
    await page.getByRole("link", { name: "Create space" }).press("Enter");
    await expect(page.getByRole("dialog", { name: "New space" })).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(page.getByRole("dialog")).toHaveCount(0);
    await expect(switcher).toBeFocused();
  });

  test("a confirmation that succeeded leaves focus on the page, not the body", async ({ page }) => {
    const address = "focus-after-delete-js@example.test";
    await openAs(page, "owner@acme.test", `${ACME}/unsubscriptions`);
    await page.getByPlaceholder("Enter email addresses separated by commas").fill(address);
    await page.getByRole("button", { name: "Unsubscribe" }).press("Enter");
    const row = page.getByRole("row").filter({ hasText: address });
    await row.getByRole("link", { name: `Delete ${address}` }).press("Enter");
    await page.getByRole("dialog").getByRole("button", { name: "Yes, proceed" }).press("Enter");
    await expect(page.getByRole("dialog")).toHaveCount(0);
    await expect(row).toHaveCount(0);
    await expectFocusNotOnBody(page);
  });
});

test("Shift+Tab back through a long list never leaves the focused element under the sticky top bar", async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 640 });
  await signInAs(page, "owner@acme.test");
  await page.goto(SENT);
  await expect(page.getByRole("table", { name: "Sent mail merges" })).toBeVisible();
  await page.keyboard.press("End");
  await page.locator("body").focus();
  const hidden: string[] = [];
  for (let stop = 0; stop < 50; stop += 1) {
    await page.keyboard.press("Shift+Tab");
    const focused = await page.evaluate(() => {
      const element = document.activeElement as HTMLElement;
      const bar = document.querySelector("header")!;
      // The bar, the sticky sidebar and the fixed skip link are never under the bar.
      if (element.closest(".sticky") || getComputedStyle(element).position === "fixed") return null;
      return {
        name: element.outerHTML.slice(0, 80),
        top: element.getBoundingClientRect().top,
        barBottom: bar.getBoundingClientRect().bottom,
      };
    });
    if (focused && focused.top < focused.barBottom) hidden.push(focused.name);
  }
  expect(hidden).toEqual([]);
});

/** Menus and the drawer are <details>, whose <summary> has no ARIA role: found by their text, among the visible ones. */
const summary = (page: Page, text: string | RegExp) => page.locator("summary:visible", { hasText: text });
const isOpen = (details: Locator) => details.evaluate((element) => (element.parentElement as HTMLDetailsElement).open);

/** On the owner's Sent tab, opens a menu with the keyboard; returns its summary. */
async function openMenu(page: Page, text: string | RegExp) {
  await openAs(page, "owner@acme.test", SENT);
  const toggle = summary(page, text);
  await toggle.focus();
  await page.keyboard.press("Enter");
  expect(await isOpen(toggle)).toBe(true);
  return toggle;
}

test.describe("menus", () => {
  test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, "closing on focus out and on Escape is JavaScript");

  test("the account menu closes when Tab leaves it, and Escape closes it back to its button", async ({ page }) => {
    const account = await openMenu(page, "Account menu");
    await page.keyboard.press("Tab");
    await expect(page.getByRole("button", { name: "Manage billing" })).toBeFocused();
    await page.keyboard.press("Escape");
    await expect(account).toBeFocused();
    expect(await isOpen(account)).toBe(false);

    await page.keyboard.press("Enter");
    expect(await isOpen(account)).toBe(true);
    const panel = page.locator("details:has(> summary:visible)").filter({ has: account });
    // Tab through the menu and out of it.
    for (
      let stop = 0;
      stop < 10 && (await panel.evaluate((details) => details.contains(document.activeElement)));
      stop += 1
    )
      await page.keyboard.press("Tab");
    await expect.poll(() => isOpen(account)).toBe(false);
  });

  test("the space switcher closes when Shift+Tab leaves it", async ({ page }) => {
    const switcher = await openMenu(page, "Acme Marketing");
    await page.keyboard.press("Tab");
    await expect(page.getByRole("link", { name: /Acme Marketing/ })).toBeFocused();
    await page.keyboard.press("Shift+Tab");
    await page.keyboard.press("Shift+Tab");
    await expect.poll(() => isOpen(switcher)).toBe(false);
  });
});

test.describe("the navigation drawer on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("is modal: Tab stays inside, the page behind is inert, Escape closes it back to its toggle", async ({
    page,
  }, testInfo) => {
    test.skip(testInfo.project.name !== "js", "the drawer traps focus with JavaScript");
    const toggle = await openMenu(page, /^Menu$/);
    // The drawer is the sidebar just after the toggle's <details> (one sidebar serves both layouts).
    const drawer = page.locator("details").filter({ has: toggle }).locator("xpath=following-sibling::div[1]");
    await expect(drawer.getByRole("navigation", { name: "Main" })).toBeVisible();
    for (let stop = 0; stop < 40; stop += 1) {
      await page.keyboard.press(stop < 25 ? "Tab" : "Shift+Tab");
      expect(await drawer.evaluate((panel) => panel.contains(document.activeElement)), `stop ${stop}`).toBe(true);
    }
    await expect(page.getByRole("main")).toHaveJSProperty("inert", true);
    await page.keyboard.press("Escape");
    expect(await isOpen(toggle)).toBe(false);
    await expect(toggle).toBeFocused();
    await expect(page.getByRole("main")).toHaveJSProperty("inert", false);
  });
});

test.describe("the date filter", () => {
  test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, "without JavaScript the filter goes with the Search button");

  test("an arrow key does not reload the list; Enter does, and focus stays on the filter", async ({ page }) => {
    await openAs(page, "owner@acme.test", SENT);
    const range = page.getByRole("combobox", { name: "Date" });
    await range.focus();
    await page.keyboard.press("ArrowDown");
    // Give a reload the time it would take: there must be none.
    await page.waitForTimeout(500);
    await expect(page).not.toHaveURL(/[?&]range=/);
    await expect(range).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/[?&]range=/);
    await expect(page.getByRole("table", { name: "Sent mail merges" })).toBeVisible();
    await expect(range).toBeFocused();
  });

  test("a choice made with the keyboard goes when focus leaves the filter, and focus goes where Tab took it", async ({
    page,
  }) => {
    await openAs(page, "owner@acme.test", SENT);
    const range = page.getByRole("combobox", { name: "Date" });
    await range.focus();
    await page.keyboard.press("ArrowDown");
    await page.keyboard.press("ArrowDown");
    const chosen = await range.inputValue();
    await page.keyboard.press("Tab");
    await expect(page).toHaveURL(new RegExp(`[?&]range=${chosen}`));
    await expect(page.getByRole("button", { name: "Search", exact: true })).toBeFocused();
  });

  test("a choice picked from the opened list goes with that one Enter, and so does the next", async ({ page }) => {
    await openAs(page, "owner@acme.test", SENT);
    const range = page.getByRole("combobox", { name: "Date" });
    await range.focus();
    // Enter opens the list (Chromium on Linux; elsewhere it does nothing here and the arrow changes the value).
    await page.keyboard.press("Enter");
    await page.keyboard.press("ArrowDown");
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(`${SENT}?range=THIS_YEAR`);
    await expect(range).toBeFocused();
    // The Enter that sent the choice did not open the list again: the arrow changes the value, Enter sends it.
    await page.keyboard.press("ArrowDown");
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(`${SENT}?range=ALL_TIME`);
    await expect(range).toBeFocused();
  });

  test("a pointer choice still reloads the list at once", async ({ page }) => {
    await openAs(page, "owner@acme.test", SENT);
    await page.getByRole("combobox", { name: "Date" }).selectOption({ label: "Last 30 days" });
    await expect(page).toHaveURL(/[?&]range=LAST_30_DAYS/);
  });
});

test.describe("paging", () => {
  test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, "focus is moved by JavaScript");
  const TEAM_REPORT = `${PAGED_SPACE_PATH}/team-report`;

  /** Enter on Next to the last page, where Next is gone, then on Previous: focus is on the new page's table each time. */
  async function pageThrough(page: Page, list: Locator, firstPage: string) {
    const next = page.getByRole("link", { name: "Next" });
    // Focus moves once the page is hydrated; a key pressed before follows the link as a full page load.
    await page.waitForFunction(() => "__remixRouter" in window);
    let pageNumber = 1;
    while ((await next.count()) > 0) {
      await next.focus();
      await page.keyboard.press("Enter");
      pageNumber += 1;
      await expect(page).toHaveURL(new RegExp(`[?&]page=${pageNumber}`));
      await expect(list).toBeFocused();
    }
    expect(pageNumber).toBeGreaterThan(1);
    await page.getByRole("link", { name: "Previous" }).press("Enter");
    await expect(page).toHaveURL(pageNumber === 2 ? firstPage : new RegExp(`[?&]page=${pageNumber - 1}`));
    await expect(list).toBeFocused();
  }

  test("Next moves focus to the list, also on the last page, where Next is gone", async ({ page }) => {
    await openAs(page, "owner@acme.test", SENT);
    await pageThrough(page, page.getByRole("table", { name: "Sent mail merges" }), SENT);
  });

  test("the team report's paging moves focus to its table the same way", async ({ page }) => {
    await signInToPagedSpace(page);
    await page.goto(TEAM_REPORT);
    await pageThrough(page, page.getByRole("table", { name: "Team members and the emails they sent" }), TEAM_REPORT);
  });

  const lists = [
    { name: "Sent mail merges", open: (page: Page) => openAs(page, "owner@acme.test", SENT) },
    {
      name: "Team members and the emails they sent",
      open: async (page: Page) => {
        await signInToPagedSpace(page);
        await page.goto(TEAM_REPORT);
      },
    },
    {
      name: "Space members",
      open: async (page: Page) => {
        await signInToPagedSpace(page);
        await page.goto(`${PAGED_SPACE_PATH}/space/users`);
      },
    },
  ];
  for (const width of [1280, 390]) {
    for (const list of lists) {
      test(`${list.name} at ${width} px: the table focused by paging shows its whole focus ring`, async ({ page }) => {
        await page.setViewportSize({ width, height: 800 });
        await list.open(page);
        await page.getByRole("link", { name: "Next" }).press("Enter");
        await expect(page.getByRole("table", { name: list.name })).toBeFocused();
        await expectWholeFocusRing(page);
      });
    }
  }
});

test.describe("info tooltips", () => {
  test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, "Escape is handled by JavaScript");
  test.beforeEach(({ page }) => openAs(page, "owner@acme.test", SENT));
  const trigger = (page: Page) => page.getByRole("button", { name: "About this number" }).first();
  const tip = (page: Page) => page.getByRole("tooltip").first();

  test("Escape hides the tooltip and leaves focus on its button", async ({ page }) => {
    await trigger(page).focus();
    await expect(tip(page)).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(tip(page)).toBeHidden();
    await expect(trigger(page)).toBeFocused();
  });

  test("the pointer can move onto the tooltip (WCAG 1.4.13), where Escape still hides it", async ({ page }) => {
    await trigger(page).hover();
    await expect(tip(page)).toBeVisible();
    // From the button up onto the tooltip's text, through the gap between them.
    const from = (await trigger(page).boundingBox())!;
    const to = (await tip(page).boundingBox())!;
    await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
    await page.mouse.move(to.x + to.width / 2, to.y + to.height / 2, { steps: 10 });
    await expect(tip(page)).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(tip(page)).toBeHidden();
  });
});

test.describe("contrast", () => {
  test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, "checked once: the pages look the same without JavaScript");

  /** Axe's colour contrast on `target` with each of its animations stopped at several moments. */
  async function expectContrastThroughAnimations(page: Page, target: Locator, selector: string) {
    const moments = [0, 0.25, 0.5, 0.75];
    for (const moment of moments) {
      await target.evaluate((element, at) => {
        for (const animation of element.getAnimations()) {
          animation.pause();
          const duration = Number(animation.effect?.getComputedTiming().duration ?? 0);
          animation.currentTime = duration * at;
        }
      }, moment);
      const { violations } = await new AxeBuilder({ page }).include(selector).withRules(["color-contrast"]).analyze();
      expect(
        violations.flatMap((violation) => violation.nodes.map((node) => node.failureSummary)),
        `at ${moment}`,
      ).toEqual([]);
    }
  }

  test("the pulsing buttons of the onboarding's step 2 keep their contrast through the animation", async ({
    page,
    context,
  }) => {
    await context.route("https://workspace.google.com/marketplace/**", (route) =>
      route.fulfill({ contentType: "text/html", body: "<title>Marketplace</title>" }),
    );
    await openAs(page, "solo@gmail.com", "/get-started");
    const marketplace = page.getByRole("link", { name: /^Go to Marketplace/ });
    await marketplace.evaluate((element) => element.setAttribute("data-contrast-check", "marketplace"));
    await expectContrastThroughAnimations(page, marketplace, '[data-contrast-check="marketplace"]');

    const popup = page.waitForEvent("popup");
    await marketplace.press("Enter");
    await (await popup).close();
    const continueLink = page.getByRole("link", { name: "Continue" });
    await expect(continueLink).not.toHaveAttribute("aria-disabled", "true");
    await continueLink.evaluate((element) => element.setAttribute("data-contrast-check", "continue"));
    await expectContrastThroughAnimations(page, continueLink, '[data-contrast-check="continue"]');
  });

  test("the sent chart's bars stand out 3:1 from their card", async ({ page }) => {
    await openAs(page, "owner@acme.test", SENT);
    const ratios = await page
      .getByRole("figure")
      .locator(".month-bars > span")
      .evaluateAll((columns) => {
        const channels = (color: string) => (color.match(/[\d.]+/g) ?? []).map(Number);
        const luminance = ([r, g, b]: number[]) => {
          const linear = (value: number) => {
            const c = value / 255;
            return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
          };
          return 0.2126 * linear(r!) + 0.7152 * linear(g!) + 0.0722 * linear(b!);
        };
        return columns.map((column) => {
          let card: Element | null = column;
          while (card && channels(getComputedStyle(card).backgroundColor)[3] === 0) card = card.parentElement;
          const background = channels(getComputedStyle(card ?? document.body).backgroundColor);
          // The bar is the column's ::before.
          const bar = getComputedStyle(column, "::before");
          const [r, g, b, alpha = 1] = channels(bar.backgroundColor);
          const opacity = alpha * Number(bar.opacity);
          const fill = [r!, g!, b!].map((value, index) => value * opacity + background[index]! * (1 - opacity));
          const [light, dark] = [luminance(fill), luminance(background)].sort((x, y) => y - x);
          return (light! + 0.05) / (dark! + 0.05);
        });
      });
    expect(ratios.length).toBeGreaterThan(0);
    for (const ratio of ratios) expect(ratio).toBeGreaterThanOrEqual(3);
  });
});
