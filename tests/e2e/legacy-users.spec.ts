import { expect, test, type Page } from "@playwright/test";
import { PERSONAS, SPACES } from "../../backend/src/db/seed/personas";
import { signInAs } from "./support/auth";

/*
 * The legacy users page's list (001 §2 Legacy users screen): sort, search,
 * the no-match state, and the counter of the kept users with the
 * keep-or-remove choice carried through a search and a sort. Oldco Team,
 * read only (the counts are read from the page, never fixed), and no test
 * here sends Next; the choice only lives in the URL. (Ghent Team's Belgian
 * licence is not switched here: its users page leads back to billing.)
 */
const space = SPACES.oldcoTeam;
const USERS = `/${space.id}/${space.slug}/checkout/legacy/users`;
const { legacy: owner, petePark: admin, olgaOrtiz: member } = PERSONAS;

const table = (page: Page) => page.getByRole("table", { name: "Users of this space" });
const counter = (page: Page) => page.getByText(/^\d+ users \(out of 5 max\.\)$/);
const keepBox = (page: Page, email: string) => page.getByRole("checkbox", { name: `Keep ${email}` });
/** The rows' cells of one column (1: e-mail, 2: status), top to bottom. */
const column = (page: Page, index: number) =>
  table(page)
    .getByRole("row")
    .filter({ has: page.getByRole("cell") })
    .locator(`td:nth-child(${index + 1})`)
    .allInnerTexts();

async function counted(page: Page) {
  const text = await counter(page).innerText();
  return Number(text.split(" ")[0]);
}

/** The counter, once it agrees with the ticked boxes (all of them: no search hides a row). */
async function expectCounterFollowsBoxes(page: Page) {
  await expect
    .poll(async () => (await counted(page)) === (await table(page).getByRole("checkbox", { checked: true }).count()))
    .toBe(true);
}

async function search(page: Page, text: string, js: boolean) {
  await page.getByRole("searchbox", { name: "Search users" }).fill(text);
  if (!js) await page.getByRole("button", { name: "Search", exact: true }).click();
}

test.beforeEach(async ({ page }) => {
  await signInAs(page, owner.email);
});

test("the owner sorts and searches the users in the URL, down to the no-match state", async ({ page }, testInfo) => {
  const js = testInfo.project.name === "js";
  await page.goto(USERS);
  const keptAtFirst = await counted(page);
  const emailHeader = table(page).getByRole("columnheader", { name: "Email" });
  await expect(emailHeader).toHaveAttribute("aria-sort", "ascending");
  const ascending = await column(page, 1);
  expect(ascending).toEqual([...ascending].sort());
  expect(ascending).toEqual(expect.arrayContaining([owner.email, admin.email, member.email]));

  await emailHeader.getByRole("link").click();
  await expect(page).toHaveURL(`${USERS}?dir=desc`);
  await expect(emailHeader).toHaveAttribute("aria-sort", "descending");
  await expect.poll(() => column(page, 1)).toEqual([...ascending].reverse());

  const statusHeader = table(page).getByRole("columnheader", { name: "Status" });
  await statusHeader.getByRole("link").click();
  await expect(page).toHaveURL(`${USERS}?sort=status`);
  await expect(statusHeader).toHaveAttribute("aria-sort", "ascending");
  await statusHeader.getByRole("link").click();
  await expect(page).toHaveURL(`${USERS}?sort=status&dir=desc`);
  await expect(statusHeader).toHaveAttribute("aria-sort", "descending");
  const statuses = await column(page, 2);
  expect(statuses).toEqual([...statuses].sort().reverse());

  // The search keeps the sort; the e-mail is searched.
  await search(page, "olga", js);
  await expect(page).toHaveURL(`${USERS}?q=olga&sort=status&dir=desc`);
  await expect.poll(() => column(page, 1)).toEqual([member.email]);

  await search(page, "nobody-at-all", js);
  await expect(page).toHaveURL(`${USERS}?q=nobody-at-all&sort=status&dir=desc`);
  await expect(table(page)).toHaveCount(0);
  const noMatch = page.getByRole("status").filter({ hasText: "No results found." });
  await expect(noMatch).toContainText("Sorry, there is no space member that fits with your search.");
  // The counter still counts the whole list (a user another test adds meanwhile can only add to it).
  expect(await counted(page)).toBeGreaterThanOrEqual(keptAtFirst);
});

test("an unticked user stays unticked through a sort and a search, and the counter counts the whole list", async ({
  page,
}, testInfo) => {
  const js = testInfo.project.name === "js";
  await page.goto(USERS);
  await expectCounterFollowsBoxes(page);
  await expect(keepBox(page, owner.email)).toBeDisabled();

  await keepBox(page, admin.email).uncheck();
  // Without JavaScript the server counts on request; with it the choice goes into the URL by itself.
  if (!js) await page.getByRole("button", { name: "Update the count" }).click();
  await expect(page).toHaveURL(`${USERS}?remove=${admin.id}`);
  await expect(keepBox(page, admin.email)).not.toBeChecked();
  await expectCounterFollowsBoxes(page);
  const keptBeforeSearch = await counted(page);

  await table(page).getByRole("link", { name: "Status" }).click();
  await expect(page).toHaveURL(`${USERS}?sort=status&remove=${admin.id}`);
  await expect(keepBox(page, admin.email)).not.toBeChecked();
  await expectCounterFollowsBoxes(page);

  await search(page, "olga", js);
  await expect(page).toHaveURL(`${USERS}?q=olga&sort=status&remove=${admin.id}`);
  await expect(keepBox(page, admin.email)).toHaveCount(0);
  await expect(keepBox(page, member.email)).toBeChecked();
  // Not the one row shown: everyone kept (a user another test adds meanwhile can only add to it).
  expect(await counted(page)).toBeGreaterThanOrEqual(keptBeforeSearch);

  await search(page, "", js);
  await expect(page).toHaveURL(`${USERS}?sort=status&remove=${admin.id}`);
  await expect(keepBox(page, admin.email)).not.toBeChecked();
  await expect(keepBox(page, member.email)).toBeChecked();
  await expectCounterFollowsBoxes(page);
});

test("with JavaScript the counter follows each box at once, before the server answers", async ({ page }, testInfo) => {
  test.skip(testInfo.project.name !== "js", "the live counter is JavaScript's");
  await page.goto(USERS);
  await expectCounterFollowsBoxes(page);
  const before = await counted(page);
  // The choice's trips to the server wait until released: what changes meanwhile is the page's own doing.
  const held: Array<() => Promise<void>> = [];
  const thisPage = (url: URL) => url.pathname.startsWith(USERS);
  await page.route(thisPage, async (route) => {
    if (route.request().method() !== "POST") return route.continue();
    // A trip the page has given up for a later one may be gone by then.
    held.push(() => route.continue().catch(() => undefined));
  });

  await keepBox(page, admin.email).uncheck();
  await expect(counter(page)).toHaveText(`${before - 1} users (out of 5 max.)`);
  await keepBox(page, member.email).uncheck();
  await expect(counter(page)).toHaveText(`${before - 2} users (out of 5 max.)`);
  await keepBox(page, member.email).check();
  await expect(counter(page)).toHaveText(`${before - 1} users (out of 5 max.)`);
  expect(held.length).toBeGreaterThan(0);
  await expect(page).toHaveURL(USERS);

  await page.unroute(thisPage);
  for (const release of held) await release();
  // The last choice reaches the URL; the box keeps focus while the page follows.
  await expect(page).toHaveURL(`${USERS}?remove=${admin.id}`);
  await expect(keepBox(page, member.email)).toBeFocused();
  await expect(keepBox(page, admin.email)).not.toBeChecked();
  await expectCounterFollowsBoxes(page);
});
