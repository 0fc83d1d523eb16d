import { expect, test, type Locator, type Page } from "@playwright/test";
import type { PersonaEmail } from "../../backend/emulators/google/identity";
import { SPACES } from "../../backend/src/db/seed/personas";
import { signInAs } from "./support/auth";

/*
 * The layout of wide screens (issue 25 item 3, 000 §9 breakpoints, 001 §2):
 * the checkout's numbered steps, its summary beside the form with Total due
 * in view, and the plan cards and purchase choices side by side; narrow
 * screens keep one column and the current step's title. Spaces no test
 * changes; layout only, so both projects.
 */
type Space = (typeof SPACES)[keyof typeof SPACES];
const at = (space: Space, section: string) => `/${space.id}/${space.slug}/${section}`;

async function open(page: Page, persona: PersonaEmail, path: string, width: number) {
  await page.setViewportSize({ width, height: 900 });
  await signInAs(page, persona);
  await page.goto(path);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
}

const box = async (locator: Locator) => {
  const found = await locator.boundingBox();
  if (!found) throw new Error("not rendered");
  return found;
};

/** Side by side: the second starts right of the first, on the same row. */
async function expectSideBySide(first: Locator, second: Locator) {
  const [a, b] = [await box(first), await box(second)];
  expect(b.x, "second right of the first").toBeGreaterThanOrEqual(a.x + a.width);
  expect(Math.abs(b.y - a.y), "on one row").toBeLessThan(a.height);
}

/** Stacked: the second starts below the first. */
async function expectStacked(first: Locator, second: Locator) {
  const [a, b] = [await box(first), await box(second)];
  expect(b.y).toBeGreaterThanOrEqual(a.y + a.height);
}

const planCards = (page: Page) => page.getByRole("region", { name: "Upgrade your space" }).getByRole("listitem");
const forMyself = (page: Page) => page.locator("label").filter({ hasText: "for myself" });
const forTeam = (page: Page) => page.locator("label").filter({ hasText: "for a team" });
const steps = (page: Page) => page.getByRole("navigation", { name: "Checkout steps" });

for (const width of [1280, 1600]) {
  test(`at ${width} px the checkout shows its numbered steps and its summary beside the form, Total due in view`, async ({
    page,
  }) => {
    await open(page, "solo@gmail.com", at(SPACES.samsSpace, "checkout/information"), width);
    await expect(steps(page).getByRole("listitem")).toHaveText(["1Billing information", "2Checkout"]);
    await expect(steps(page).getByRole("listitem").first()).toBeVisible();
    const summary = page.getByRole("complementary");
    await expectSideBySide(page.locator("form").filter({ has: page.getByLabel("Country") }), summary);
    await expect(summary.getByText("Total due")).toBeInViewport();
  });

  test(`at ${width} px the purchase's choices sit side by side`, async ({ page }) => {
    await open(page, "sales.lead@acme.test", at(SPACES.acmeSales, "checkout/details"), width);
    await expect(steps(page).getByRole("listitem")).toHaveCount(3);
    await expect(steps(page).getByRole("listitem").first()).toBeVisible();
    await expectSideBySide(forMyself(page), forTeam(page));
  });

  test(`at ${width} px the plan cards sit side by side, and the billing options beside their sidebar`, async ({
    page,
  }) => {
    await open(page, "june@juniper.test", at(SPACES.juniperCo, "space/billing"), width);
    await expect(planCards(page)).toHaveCount(2);
    await expectSideBySide(planCards(page).nth(0), planCards(page).nth(1));

    await page.goto(at(SPACES.juniperCo, "checkout?plan=PRO&interval=YEARLY"));
    await expect(steps(page).getByRole("listitem").first()).toBeVisible();
    const summary = page.getByRole("complementary");
    await expectSideBySide(page.locator("form").filter({ hasText: "Select paid users" }), summary);
    await expect(summary.getByText("Total due")).toBeInViewport();
  });
}

test("at 390 px the checkout shows only the current step's title, one column", async ({ page }) => {
  await open(page, "sales.lead@acme.test", at(SPACES.acmeSales, "checkout/details"), 390);
  await expect(steps(page).getByText("Billing details", { exact: true })).toBeVisible();
  await expect(steps(page).getByRole("list")).toBeHidden();
  await expectStacked(forMyself(page), forTeam(page));
});

test("at 390 px the plan cards stack", async ({ page }) => {
  await open(page, "june@juniper.test", at(SPACES.juniperCo, "space/billing"), 390);
  await expect(planCards(page)).toHaveCount(2);
  await expectStacked(planCards(page).nth(0), planCards(page).nth(1));
});
