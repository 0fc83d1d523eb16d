import { expect, test } from "@playwright/test";
import { signInAs } from "./support/auth";
import { selectMembers } from "./support/members";
import { PAGED_SPACE_PATH, signInToPagedSpace } from "./support/paged-space";
import { seatedSpace, signInToSeatedSpace } from "./support/seated-space";

/**
 * The Members page's screens, second pass (issue 26): who gets which
 * dialog, what the badges, drawer and dialogs say, and where the selection
 * is seen, at the spec's widths, with and without JavaScript.
 */
const ACME_USERS = "/5100000000000001/acme-marketing/space/users";

test("a refused crafted POST on a per-seat space's members page is titled Members", async ({ page }) => {
  await signInAs(page, "owner@acme.test");
  const response = await page.request.post(ACME_USERS, { form: { intent: "no-such-intent" } });
  expect(response.status()).toBe(400);
  expect(await response.text()).toContain("<title>Members | YAMM</title>");
});

test("Manage seats opens for the owner only, and its links lead to the seat checkout", async ({ page }) => {
  await signInAs(page, "admin@acme.test");
  await page.goto(`${ACME_USERS}?dialog=seats`);
  await expect(page.getByRole("heading", { level: 1, name: "Members Acme Marketing" })).toBeVisible();
  await expect(page.getByRole("dialog")).toHaveCount(0);
  await expect(page.getByRole("link", { name: "Add seats" })).toHaveCount(0);

  await page.context().clearCookies();
  await signInAs(page, "owner@acme.test");
  await page.goto(`${ACME_USERS}?dialog=seats`);
  await page.getByRole("dialog", { name: "Manage seats" }).getByRole("link", { name: "Add seats" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Add seats for Acme Marketing" })).toBeVisible();
});

test("a disabled member whom nothing keeps out has no made-up reason under the badge", async ({ page }) => {
  await signInAs(page, "owner@acme.test");
  await page.goto(ACME_USERS);
  const dan = page.getByRole("table", { name: "Space members" }).getByRole("row").filter({ hasText: "Dan Disabled" });
  await expect(dan).toContainText("Disabled");
  await expect(dan).not.toContainText("Your current plan");
});

test("the role select starts at the selected member's own role", async ({ page }, testInfo) => {
  const js = testInfo.project.name === "js";
  await signInAs(page, "owner@acme.test");
  await page.goto(ACME_USERS);
  await selectMembers(page, ["Mia Member"], js);
  const role = page.getByRole("complementary").getByLabel("Role", { exact: true });
  await expect(role).toHaveValue("MEMBER");

  await page.goto(ACME_USERS);
  await selectMembers(page, ["Adam Admin"], js);
  await expect(role).toHaveValue("ADMIN");
});

test("at 1280 px the sidebar's background runs the long page's full height", async ({ page }, testInfo) => {
  test.skip(testInfo.project.name !== "js", "the screenshot's pixels are read by the page's canvas");
  await page.setViewportSize({ width: 1280, height: 700 });
  await signInAs(page, "owner@acme.test");
  await page.goto(ACME_USERS);
  const shot = (await page.screenshot({ fullPage: true })).toString("base64");
  // The colour at the sidebar's left edge, near the bottom of the whole page: white, not the page's grey.
  const { height, pixel } = await page.evaluate(async (png) => {
    const image = new Image();
    image.src = `data:image/png;base64,${png}`;
    await image.decode();
    const canvas = document.createElement("canvas");
    canvas.width = image.width;
    canvas.height = image.height;
    const context = canvas.getContext("2d")!;
    context.drawImage(image, 0, 0);
    return { height: image.height, pixel: [...context.getImageData(8, image.height - 10, 1, 1).data] };
  }, shot);
  expect(height).toBeGreaterThan(1000);
  expect(pixel).toEqual([255, 255, 255, 255]);
});

test("a pending invitation and a member selected together: the drawer says why nothing is offered and how to go on", async ({
  page,
}, testInfo) => {
  await signInAs(page, "owner@acme.test");
  await page.goto(ACME_USERS);
  await selectMembers(page, ["nina.new@acme.test", "Mia Member"], testInfo.project.name === "js");
  const drawer = page.getByRole("complementary", { name: "2 members selected" });
  await expect(drawer).toContainText(
    "Pending invitations and members have no action in common: invitations can be resent or cancelled, members changed or removed.",
  );
  await drawer.getByRole("link", { name: "Select only the member" }).click();
  const one = page.getByRole("complementary", { name: "1 member selected" });
  await expect(one).toContainText("Mia Member");
  await expect(one.getByRole("link", { name: "Remove from the space" })).toBeVisible();
  const table = page.getByRole("table", { name: "Space members" });
  await expect(table.getByRole("checkbox", { name: "Select nina.new@acme.test" })).not.toBeChecked();
  await expect(table.getByRole("checkbox", { name: "Select Mia Member" })).toBeChecked();
});

test("after a partial add the dialog counts the seats left after it and offers the owner Add seats", async ({
  page,
}, testInfo) => {
  const seated = seatedSpace(testInfo);
  await signInToSeatedSpace(page, seated);
  await page.goto(`${seated.path}/space/users?dialog=add`);
  const dialog = page.getByRole("dialog", { name: "Add members" });
  const domain = seated.owner.email.split("@")[1];
  await dialog.getByLabel("Email addresses").fill(`first@${domain} second@${domain}`);
  await dialog.getByRole("button", { name: "Add members" }).click();
  await expect(dialog).toContainText("1 member added. They will receive an invite link by email.");
  await expect(dialog).toContainText(
    "There are 0 available seats in this space so you can add 0 members. To add more members you need to add more seats to the space first.",
  );
  await expect(dialog.getByRole("link", { name: "Add seats" })).toHaveAttribute(
    "href",
    `${seated.path}/checkout/add-seats?seats=1`,
  );
});

test("the seats message counts only valid addresses, each once, as they are typed (JavaScript)", async ({
  page,
}, testInfo) => {
  test.skip(testInfo.project.name !== "js", "counted while typing");
  await signInAs(page, "owner@acme.test");
  await page.goto(ACME_USERS);
  const [used, total] = (await page.getByText(/^\d+ \/ \d+ seats used$/).innerText()).split(/\D+/).map(Number);
  const left = total! - used!;
  await page.getByRole("link", { name: "Add members" }).click();
  const dialog = page.getByRole("dialog", { name: "Add members" });
  const valid = Array.from({ length: left }, (_, index) => `typed${index}@acme.test`);
  const box = dialog.getByLabel("Email addresses");
  // As many valid addresses as seats, one of them twice, and one that is no address: they fit.
  await box.fill([...valid, valid[0]!.toUpperCase(), "not-an-address"].join(" "));
  await expect(dialog.getByRole("list", { name: "Addresses to add" }).getByRole("listitem")).toHaveCount(left + 1);
  await expect(dialog.getByText(/available seats? in this space/)).toHaveCount(0);
  // One more valid address does not.
  await box.fill([...valid, "one.more@acme.test"].join(" "));
  await expect(dialog.getByText(/available seats? in this space/)).toBeVisible();
});

test("more than 100 addresses: the dialog says the limit of one submission", async ({ page }, testInfo) => {
  await signInAs(page, "owner@acme.test");
  await page.goto(`${ACME_USERS}?dialog=add`);
  const dialog = page.getByRole("dialog", { name: "Add members" });
  await dialog
    .getByLabel("Email addresses")
    .fill(Array.from({ length: 101 }, (_, index) => `many${index}@acme.test`).join(" "));
  if (testInfo.project.name === "js") {
    // Said while typing, before anything is sent.
    await expect(dialog.getByRole("button", { name: "Add members" })).toBeDisabled();
  } else {
    await dialog.getByRole("button", { name: "Add members" }).click();
  }
  await expect(dialog).toContainText("Enter at most 100 email addresses at a time.");
  await expect(dialog).not.toContainText("This address cannot be added");
});

test("on a Free space the hints offer what the plan allows, and Add members the way to upgrade first", async ({
  page,
}) => {
  // Harbor stays free in every test (Birch Works is bought by the billing tests).
  await signInAs(page, "hal@harbor.test");
  await page.goto("/5100000000000012/harbor/space/users");
  await expect(page.getByText("Remove them from the space")).toBeVisible();
  await expect(page.getByText("Change their role")).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Add members" })).toBeDisabled();
  await expect(page.getByRole("button", { name: "Add members" })).toHaveAccessibleDescription(
    "Your current plan does not allow you to add other users.",
  );
  await page.getByRole("link", { name: "Upgrade to add members" }).click();
  await expect(page).toHaveURL(/\/5100000000000012\/harbor\/checkout\/details/);
});

test("Cancel downgrade asks first: No, cancel keeps it, Yes, proceed cancels it", async ({ page }, testInfo) => {
  const seated = seatedSpace(testInfo, "downgrade");
  await signInToSeatedSpace(page, seated);
  await page.goto(`${seated.path}/space/users`);
  const scheduled = page.getByText(/^You have a scheduled downgrade to 3 seat\(s\) that will take effect on /);
  await expect(scheduled).toBeVisible();
  const confirmation = page.getByRole("dialog", { name: "Cancel the scheduled downgrade?" });
  await page.getByRole("link", { name: "Cancel downgrade" }).first().click();
  await expect(page).toHaveURL(/confirm=cancel-downgrade/);
  await expect(confirmation).toContainText("The space will keep its 4 seats at renewal instead of going down to 3.");
  await confirmation.getByRole("link", { name: "No, cancel" }).click();
  await expect(confirmation).toBeHidden();
  await expect(page).not.toHaveURL(/confirm=/);
  await expect(scheduled).toBeVisible();

  // The table's footer offers it too.
  await page.getByRole("link", { name: "Cancel downgrade" }).last().click();
  await confirmation.getByRole("button", { name: "Yes, proceed" }).click();
  await expect(
    page.getByRole("status").filter({ hasText: "You successfully cancelled the previously scheduled downgrade." }),
  ).toBeVisible();
  await expect(scheduled).toHaveCount(0);
});

for (const width of [390, 1024, 1280]) {
  test(`at ${width} px a member ticked far down the list shows the drawer where the person is`, async ({
    page,
  }, testInfo) => {
    const js = testInfo.project.name === "js";
    await page.setViewportSize({ width, height: width < 480 ? 844 : 800 });
    await signInToPagedSpace(page);
    await page.goto(`${PAGED_SPACE_PATH}/space/users`);
    const box = page.getByRole("checkbox", { name: "Select Member 20" });
    if (js) {
      // With the keyboard: the box keeps focus while the selection goes into the URL.
      await box.focus();
      await page.keyboard.press("Space");
      await expect(page).toHaveURL(/selected=/);
    } else {
      await box.check();
      await page.getByRole("button", { name: "Apply selection" }).click();
    }
    const drawer = page.getByRole("complementary", { name: "1 member selected" });
    await expect(drawer).toBeInViewport();
    if (js) {
      await expect(box).toBeFocused();
      await expect(box).toBeInViewport();
    }
  });
}

test("the selection is the page's: another page leaves it behind, and the URL says so", async ({ page }, testInfo) => {
  const js = testInfo.project.name === "js";
  await signInToPagedSpace(page);
  await page.goto(`${PAGED_SPACE_PATH}/space/users`);
  await selectMembers(page, ["Member 01"], js);
  await page.getByRole("link", { name: "Next" }).click();
  await expect(page).toHaveURL(`${PAGED_SPACE_PATH}/space/users?page=2`);
  await expect(page.getByRole("complementary")).toHaveCount(0);
  await selectMembers(page, ["Member 30"], js);
  await expect(page).toHaveURL(/page=2/);
  expect(new URL(page.url()).searchParams.getAll("selected")).toEqual([`${"6190000000000000".slice(0, -2)}30`]);
  // A sort shows other rows: it leaves the selection behind too.
  await page.getByRole("link", { name: "Email" }).click();
  await expect(page).not.toHaveURL(/selected=/);
  await expect(page.getByRole("complementary")).toHaveCount(0);
});

test("at 390 px the member table keeps its Type column", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signInAs(page, "owner@acme.test");
  await page.goto(ACME_USERS);
  const table = page.getByRole("table", { name: "Space members" });
  await expect(table.getByRole("columnheader", { name: "Type" })).toBeVisible();
  const mia = table.getByRole("row").filter({ hasText: "Mia Member" });
  await expect(mia.getByRole("cell", { name: "Free", exact: true })).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, "sideways overflow").toBeLessThanOrEqual(0);
});

test("Cancel invitation asks first; No, cancel keeps the invitation", async ({ page }, testInfo) => {
  await signInAs(page, "owner@acme.test");
  await page.goto(ACME_USERS);
  await selectMembers(page, ["nina.new@acme.test"], testInfo.project.name === "js");
  await page.getByRole("complementary").getByRole("link", { name: "Cancel invitation" }).click();
  await expect(page).toHaveURL(/confirm=cancel-invitation/);
  const confirmation = page.getByRole("dialog", { name: "Cancel invitation" });
  await expect(confirmation).toContainText(
    "Cancel the invitation of nina.new@acme.test? The invite link will no longer work.",
  );
  await confirmation.getByRole("link", { name: "No, cancel" }).click();
  await expect(confirmation).toBeHidden();
  await expect(page.getByRole("complementary", { name: "1 member selected" })).toBeVisible();
  await expect(page.getByRole("table", { name: "Space members" })).toContainText("nina.new@acme.test");
});
