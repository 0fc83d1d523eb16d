import { expect, test } from "@playwright/test";
import { signInAs } from "./support/auth";
import { selectMembers } from "./support/members";

const ACME_USERS = "/5100000000000001/acme-marketing/space/users";
const FERN_USERS = "/5100000000000006/fern-studio/space/users";
const BIGCO = "/5100000000000005/bigco";

test("the owner sees the members, sorts and searches them in the URL, and opens Manage seats", async ({
  page,
}, testInfo) => {
  await signInAs(page, "owner@acme.test");
  await page.goto(ACME_USERS);
  await expect(page.getByRole("heading", { level: 1, name: "Members Acme Marketing" })).toBeVisible();
  await expect(page.getByText(/^\d+ \/ \d+ seats used$/)).toBeVisible();
  const table = page.getByRole("table", { name: "Space members" });
  await expect(table.getByRole("row").filter({ hasText: "Grace Hall" })).toBeVisible();
  await expect(table.getByRole("row").filter({ hasText: "Dan Disabled" })).toContainText("Disabled");
  await expect(table.getByRole("row").filter({ hasText: "Uma Unlimited" })).toContainText(
    "Free trial without end date",
  );

  await table.getByRole("link", { name: "Role" }).click();
  await expect(page).toHaveURL(`${ACME_USERS}?sort=role`);
  await expect(table.getByRole("row").nth(1)).toContainText("Olivia Owner");

  await page.getByRole("searchbox", { name: "Search members" }).fill("grace");
  if (testInfo.project.name === "no-js") await page.getByRole("button", { name: "Search" }).click();
  await expect(page).toHaveURL(`${ACME_USERS}?q=grace&sort=role`);
  await expect(table.getByRole("row")).toHaveCount(2);
  await expect(table.getByRole("row").nth(1)).toContainText("Grace Hall");

  await page.getByRole("link", { name: "Manage seats" }).click();
  const dialog = page.getByRole("dialog", { name: "Manage seats" });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText("Total seats")).toBeVisible();
  await expect(dialog.getByRole("link", { name: "Add seats" })).toHaveAttribute("href", /\/checkout\/add-seats$/);
  await expect(dialog.getByRole("link", { name: "Remove seats" })).toHaveAttribute("href", /\/checkout\/remove-seats$/);
  await dialog.getByRole("link", { name: "Close" }).click();
  await expect(dialog).toBeHidden();
  // The list keeps its state when the dialog closes.
  await expect(page).toHaveURL(/q=grace/);
  await expect(page).not.toHaveURL(/dialog=/);
});

test("a member is told to ask the owner for seats, and gets no seat controls", async ({ page }) => {
  await signInAs(page, "member@acme.test");
  await page.goto(ACME_USERS);
  await expect(
    page.getByText("If you want to add more members, please contact the space owner to purchase additional seats."),
  ).toBeVisible();
  await expect(page.getByRole("link", { name: "owner@acme.test" })).toHaveAttribute("href", "mailto:owner@acme.test");
  await expect(page.getByRole("link", { name: "Manage seats" })).toHaveCount(0);
  await expect(page.getByText(/seats used/)).toHaveCount(0);
});

test("the admin is asked to contact the owner about the scheduled downgrade, which the owner cancels", async ({
  page,
}, testInfo) => {
  // The seed holds one scheduled seat removal: one project cancels it.
  test.skip(testInfo.project.name === "js", "the no-js run cancels the seeded removal");
  await signInAs(page, "arlo@fernstudio.test");
  await page.goto(FERN_USERS);
  await expect(
    page.getByText(
      /^There is a scheduled downgrade from 5 to 3 seats that will take effect on .+ Please contact the space owner to cancel it\.$/,
    ),
  ).toBeVisible();
  await expect(page.getByText("Cancel downgrade")).toHaveCount(0);

  await page.context().clearCookies();
  await signInAs(page, "stella@fernstudio.test");
  await page.goto(FERN_USERS);
  await expect(
    page.getByText(/^You have a scheduled downgrade to 3 seat\(s\) that will take effect on /),
  ).toBeVisible();
  await expect(page.getByText("2 seat(s) scheduled for removal")).toBeVisible();
  await page.getByRole("link", { name: "Manage seats" }).click();
  await expect(page.getByRole("dialog", { name: "Manage seats" })).toContainText(
    "You have a scheduled downgrade. Cancel it first to add or remove seats.",
  );
  await page.getByRole("dialog").getByRole("link", { name: "Close" }).click();
  await page.getByRole("link", { name: "Cancel downgrade" }).first().click();
  const confirmation = page.getByRole("dialog", { name: "Cancel the scheduled downgrade?" });
  await expect(confirmation).toContainText("The space will keep its 5 seats at renewal instead of going down to 3.");
  await confirmation.getByRole("button", { name: "Yes, proceed" }).click();
  await expect(
    page.getByRole("status").filter({ hasText: "You successfully cancelled the previously scheduled downgrade." }),
  ).toBeVisible();
  await expect(page.getByText(/scheduled downgrade to 3 seat/)).toHaveCount(0);
});

test("the owner adds two members: one from another domain is refused with its reason, the other added", async ({
  page,
}, testInfo) => {
  await signInAs(page, "stella@fernstudio.test");
  await page.goto(FERN_USERS);
  await page.getByRole("link", { name: "Add members" }).click();
  const dialog = page.getByRole("dialog", { name: "Add members" });
  await expect(dialog).toContainText("You can only add @fernstudio.test members");
  if (testInfo.project.name === "js") {
    // More addresses than seats left: the dialog says how many it can take, as they are typed.
    const many = Array.from({ length: 9 }, (_, index) => `person${index}@fernstudio.test`).join(" ");
    await dialog.getByLabel("Email addresses").fill(many);
    await expect(
      dialog.getByText(/^There (is|are) \d+ available seats? in this space so you can add \d+ members?\./),
    ).toBeVisible(); // The addresses show as tags as they are typed: lower-cased, once each, the invalid ones said so.
    await dialog.getByLabel("Email addresses").fill("Ana@FernStudio.test ana@fernstudio.test not-an-address");
    const tags = dialog.getByRole("list", { name: "Addresses to add" }).getByRole("listitem");
    await expect(tags).toHaveText(["ana@fernstudio.test", "not-an-address— Email is invalid"]);
  }
  const newcomer = `new-${testInfo.project.name}-${Date.now()}@fernstudio.test`;
  await dialog.getByLabel("Email addresses").fill(`${newcomer.toUpperCase()}, outsider@elsewhere.test`);
  await dialog.getByRole("button", { name: "Add members" }).click();

  await expect(dialog).toContainText("1 member added. They will receive an invite link by email.");
  await expect(dialog).toContainText("We can't add some email addresses. Hover over them to know why.");
  const refused = dialog.getByRole("listitem").filter({ hasText: "outsider@elsewhere.test" });
  await expect(refused).toHaveAttribute("title", "Not from this space's domain");
  // The refused address stays in the box; the added one does not.
  await expect(dialog.getByLabel("Email addresses")).toHaveValue("outsider@elsewhere.test");

  await dialog.getByRole("link", { name: "Cancel" }).click();
  await expect(dialog).toBeHidden();
  const row = page.getByRole("table", { name: "Space members" }).getByRole("row").filter({ hasText: newcomer });
  await expect(row).toContainText("Pending");
});

test("the add dialog suggests colleagues while an address is typed (JavaScript)", async ({ page }, testInfo) => {
  test.skip(testInfo.project.name !== "js", "suggestions need JavaScript; without it the box is a plain field");
  await signInAs(page, "owner@acme.test");
  await page.goto(`${ACME_USERS}?dialog=add`);
  const dialog = page.getByRole("dialog", { name: "Add members" });
  const box = dialog.getByLabel("Email addresses");
  await box.fill("sa");
  await dialog.getByRole("button", { name: "Add Sara Sales (sales.lead@acme.test)" }).click();
  await expect(box).toHaveValue("sales.lead@acme.test, ");
  await expect(box).toBeFocused();
});

test("adding users past the legacy team plan's limit is closed while typing (JavaScript)", async ({
  page,
}, testInfo) => {
  test.skip(testInfo.project.name !== "js", "the limit is counted while typing; without JavaScript the server refuses");
  await signInAs(page, "legacy@oldco.test");
  await page.goto("/5100000000000004/oldco-team/space/users");
  await page.getByRole("link", { name: "Add users" }).click();
  const dialog = page.getByRole("dialog", { name: "Add users" });
  // Three paid users of five: two more fit, a third does not.
  await dialog.getByLabel("Email addresses").fill("a1@oldco.test, a2@oldco.test");
  await expect(dialog.getByRole("button", { name: "Add users" })).toBeEnabled();
  await dialog.getByLabel("Email addresses").fill("a1@oldco.test, a2@oldco.test, a3@oldco.test");
  await expect(dialog).toContainText("You cannot go over your current plan user limit (5).");
  await expect(dialog.getByRole("button", { name: "Add users" })).toBeDisabled();
});

test("the owner selects a member and makes them an admin", async ({ page }, testInfo) => {
  const js = testInfo.project.name === "js";
  // One member per project: both runs share the database.
  const name = js ? "Eli Fischer" : "Grace Hall";
  await signInAs(page, "owner@acme.test");
  await page.goto(ACME_USERS);
  await selectMembers(page, [name], js);
  await expect(page).toHaveURL(/selected=/);
  const drawer = page.getByRole("complementary", { name: "1 member selected" });
  await drawer.getByLabel("Role", { exact: true }).selectOption("ADMIN");
  await drawer.getByRole("button", { name: "Change role" }).click();
  await expect(page.getByRole("status").filter({ hasText: "The role has been changed." })).toBeVisible();
  await expect(
    page.getByRole("table", { name: "Space members" }).getByRole("row").filter({ hasText: name }),
  ).toContainText("Admin");
  await expect(page.getByRole("complementary")).toHaveCount(0);
});

test("an admin is told why they cannot remove themselves or the owner", async ({ page }, testInfo) => {
  await signInAs(page, "admin@acme.test");
  await page.goto(ACME_USERS);
  await selectMembers(page, ["Adam Admin", "Olivia Owner"], testInfo.project.name === "js");
  const drawer = page.getByRole("complementary", { name: "2 members selected" });
  await expect(drawer.getByRole("button", { name: "Remove from the space" })).toBeDisabled();
  await expect(drawer).toContainText("You cannot remove yourself from the space");
  await expect(drawer).toContainText("The owner cannot be removed from the space");
  await expect(drawer.getByRole("button", { name: "Change role" })).toHaveCount(0);
});

test("the owner resends, then cancels, an invitation", async ({ page }, testInfo) => {
  const js = testInfo.project.name === "js";
  await signInAs(page, "premium@bigco.test");
  await page.goto(`${BIGCO}/space/users`);
  await page.getByRole("link", { name: "Invite users" }).click();
  const invitee = `guest-${testInfo.project.name}-${Date.now()}@bigco.test`;
  await page.getByRole("dialog", { name: "Invite users" }).getByLabel("Email addresses").fill(invitee);
  await page.getByRole("dialog").getByRole("button", { name: "Invite users" }).click();
  await expect(page.getByRole("status").filter({ hasText: "1 user invited." })).toBeVisible();

  await selectMembers(page, [invitee], js);
  await page.getByRole("button", { name: "Resend invitation" }).click();
  await expect(page.getByRole("status").filter({ hasText: "The invitation has been sent again." })).toBeVisible();
  await selectMembers(page, [invitee], js);
  await page.getByRole("link", { name: "Cancel invitation" }).click();
  const confirmation = page.getByRole("dialog", { name: "Cancel invitation" });
  await expect(confirmation).toContainText(
    `Cancel the invitation of ${invitee}? The invite link will no longer work.`,
  );
  await confirmation.getByRole("button", { name: "Yes, proceed" }).click();
  await expect(page.getByRole("status").filter({ hasText: "The invitation has been cancelled." })).toBeVisible();
  await expect(page.getByRole("table", { name: "Space members" })).not.toContainText(invitee);
});

test("an admin cannot remove another admin", async ({ page }, testInfo) => {
  await signInAs(page, "arlo@fernstudio.test");
  await page.goto(FERN_USERS);
  await selectMembers(page, ["Finn Ford"], testInfo.project.name === "js");
  const drawer = page.getByRole("complementary", { name: "1 member selected" });
  await expect(drawer.getByRole("button", { name: "Remove from the space" })).toBeDisabled();
  await expect(drawer).toContainText("An admin cannot be removed by another admin from the space");
});

test("the owner changes members' type through checkout, and is told who cannot be made paid", async ({
  page,
}, testInfo) => {
  const js = testInfo.project.name === "js";
  await signInAs(page, "premium@bigco.test");
  await page.goto(`${BIGCO}/space/users`);
  await selectMembers(page, ["Hana Holt"], js);
  const refused = page.getByRole("complementary").getByRole("button", { name: "Change to Paid" });
  await expect(refused).toBeDisabled();
  await expect(refused).toHaveAccessibleDescription("hana.holt@bigco.test is already a paid user in another space.");

  await page.goto(`${BIGCO}/space/users`);
  await selectMembers(page, ["Hugo Hart"], js);
  // The older model's admins share billing: their role says so (002 §6).
  await expect(page.getByRole("complementary").getByRole("combobox", { name: "Role" })).toContainText(
    "Can manage users and billing",
  );
  await page.getByRole("complementary").getByRole("link", { name: "Change to Paid" }).click();
  // An upgrade goes straight to its review (001 §4 Upgrade and downgrade), whose Back returns here.
  await expect(page).toHaveURL(
    `${BIGCO}/checkout/summary?from=users&plan=PREMIUM&interval=YEARLY&paid=6100000000000031`,
  );

  await page.goto(`${BIGCO}/space/users`);
  await selectMembers(page, ["Emma Evans"], js);
  await page.getByRole("complementary").getByRole("link", { name: "Change to Free" }).click();
  await expect(page).toHaveURL(
    `${BIGCO}/checkout/summary?from=users&plan=PREMIUM&interval=YEARLY&free=6100000000000015`,
  );
});

test("the owner activates a disabled member", async ({ page }, testInfo) => {
  const js = testInfo.project.name === "js";
  // One disabled member per run: both runs share the database.
  const name = js ? "Dana Dale" : "Drew Dunn";
  await signInAs(page, "stella@fernstudio.test");
  await page.goto(FERN_USERS);
  const row = page.getByRole("table", { name: "Space members" }).getByRole("row").filter({ hasText: name });
  await expect(row).toContainText("Disabled");
  await selectMembers(page, [name], js);
  await page.getByRole("complementary").getByRole("button", { name: "Activate" }).click();
  await expect(page.getByRole("status").filter({ hasText: "The member has been activated." })).toBeVisible();
  await expect(row).toContainText("Active");
  await expect(row).not.toContainText("Disabled");
});

test("closing the members page's dialogs with the keyboard gives focus back to what opened them", async ({
  page,
}, testInfo) => {
  test.skip(testInfo.project.name !== "js", "focus is handed back by JavaScript");
  await signInAs(page, "stella@fernstudio.test");
  await page.goto(`${FERN_USERS}?selected=6100000000000024`);
  for (const [opener, dialog] of [
    [page.getByRole("link", { name: "Manage seats" }), "Manage seats"],
    [page.getByRole("complementary").getByRole("link", { name: "Remove from the space" }), "Remove members"],
  ] as const) {
    await opener.focus();
    await page.keyboard.press("Enter");
    await expect(page.getByRole("dialog", { name: dialog })).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(page.getByRole("dialog")).toHaveCount(0);
    await expect(opener).toBeFocused();
  }
});

test("the owner removes a free member through the confirmation", async ({ page }, testInfo) => {
  const js = testInfo.project.name === "js";
  // One free member per run: both runs share the database.
  const name = js ? "Fay Fox" : "Flo Frost";
  await signInAs(page, "stella@fernstudio.test");
  await page.goto(FERN_USERS);
  await selectMembers(page, [name], js);
  await page.getByRole("link", { name: "Remove from the space" }).click();
  const dialog = page.getByRole("dialog", { name: "Remove members" });
  await expect(dialog).toContainText(`Remove ${name} from the space?`);
  await dialog.getByRole("button", { name: "Yes, proceed" }).click();
  await expect(
    page.getByRole("status").filter({ hasText: "The member has been removed from the space." }),
  ).toBeVisible();
  await expect(page.getByRole("table", { name: "Space members" })).not.toContainText(name);
});
