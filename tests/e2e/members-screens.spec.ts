import { expect, test } from "@playwright/test";
import { signInAs } from "./support/auth";
import { selectMembers } from "./support/members";
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
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  expect(height).toBeGreaterThan(1000);
  const shot = (await page.screenshot({ fullPage: true })).toString("base64");
  // The colour at the sidebar's left edge, near the bottom of the whole page: white, not the page's grey.
  const pixel = await page.evaluate(
    async ({ png, y }) => {
      const image = new Image();
      image.src = `data:image/png;base64,${png}`;
      await image.decode();
      const canvas = document.createElement("canvas");
      canvas.width = image.width;
      canvas.height = image.height;
      const context = canvas.getContext("2d")!;
      context.drawImage(image, 0, 0);
      return [...context.getImageData(8, y, 1, 1).data.slice(0, 3)];
    },
    { png: shot, y: height - 10 },
  );
  expect(pixel).toEqual([255, 255, 255]);
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
  await signInAs(page, "bea@birch.test");
  await page.goto("/5100000000000017/birch-works/space/users");
  await expect(page.getByText("Remove them from the space")).toBeVisible();
  await expect(page.getByText("Change their role")).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Add members" })).toBeDisabled();
  await expect(page.getByRole("button", { name: "Add members" })).toHaveAccessibleDescription(
    "Your current plan does not allow you to add other users.",
  );
  await page.getByRole("link", { name: "Upgrade to add members" }).click();
  await expect(page).toHaveURL(/\/5100000000000017\/birch-works\/checkout\/details/);
});
