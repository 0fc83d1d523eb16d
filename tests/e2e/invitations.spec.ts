import { expect, test } from "@playwright/test";
import { SPACES } from "../../backend/src/db/seed/personas";
import { chooseOtherAccount, freshAddress } from "./support/google";
import { signInAs } from "./support/auth";
import { inviteLinksTo, inviteToSpace } from "./support/invitations";
import { selectMembers } from "./support/members";

const SALES = `/${SPACES.acmeSales.id}/${SPACES.acmeSales.slug}`;
const BIGCO = `/${SPACES.bigco.id}/${SPACES.bigco.slug}`;

test("an invitee opens the link under the inviting space, sees which space invites, signs up, and joins", async ({ page }, testInfo) => {
  const email = freshAddress("invitee", testInfo.project.name);
  const token = await inviteToSpace("acmeSales", email);
  const link = `${SALES}/invitations/${token}/accept`;

  await page.goto(link);
  await expect(page).toHaveURL(`/login?continue=${encodeURIComponent(link)}`);
  await page.getByRole("button", { name: "Create a new account with Google" }).click();
  await chooseOtherAccount(page, email, "Ivy Invitee");

  // Not a member of Acme Sales yet: the link keeps its address, and the page names the space that invites.
  await expect(page).toHaveURL(link);
  await expect(page.getByRole("heading", { level: 1, name: "Join Acme Sales" })).toBeVisible();
  await expect(
    page.getByText("Sara Sales invited you to join Acme Sales. Accept the invitation to start sending from it."),
  ).toBeVisible();
  await expect(page.getByText("You have been invited to join a space.")).toHaveCount(0);
  await page.getByRole("button", { name: "Accept invitation" }).click();

  await expect(page).toHaveURL(new RegExp(`${SALES}/mail-merges/sent`));
  await expect(
    page.getByText("You have successfully joined Acme Sales, and you have been automatically switched to it."),
  ).toBeVisible();
});

test("a resent invitation's first link is refused, its new link joins, and a cancelled one is refused", async ({
  page,
}, testInfo) => {
  const js = testInfo.project.name === "js";
  const invitee = freshAddress("resent", testInfo.project.name, "bigco.test");
  const cancelled = freshAddress("cancelled", testInfo.project.name, "bigco.test");

  await signInAs(page, "premium@bigco.test");
  await page.goto(`${BIGCO}/space/users`);
  await page.getByRole("link", { name: "Invite users" }).click();
  await page
    .getByRole("dialog", { name: "Invite users" })
    .getByLabel("Email addresses")
    .fill(`${invitee} ${cancelled}`);
  await page.getByRole("dialog").getByRole("button", { name: "Invite users" }).click();
  await expect(page.getByRole("status").filter({ hasText: "2 users invited." })).toBeVisible();
  await selectMembers(page, [invitee], js);
  await page.getByRole("button", { name: "Resend invitation" }).click();
  await expect(page.getByRole("status").filter({ hasText: "The invitation has been sent again." })).toBeVisible();
  await selectMembers(page, [cancelled], js);
  await page.getByRole("link", { name: "Cancel invitation" }).click();
  await page.getByRole("dialog", { name: "Cancel invitation" }).getByRole("button", { name: "Yes, proceed" }).click();
  await expect(page.getByRole("status").filter({ hasText: "The invitation has been cancelled." })).toBeVisible();
  const [firstLink, newLink] = await inviteLinksTo(invitee);
  const [cancelledLink] = await inviteLinksTo(cancelled);

  // The invitee signs up through the first link: it was replaced.
  await page.context().clearCookies();
  await page.goto(firstLink!);
  await page.getByRole("button", { name: "Create a new account with Google" }).click();
  await chooseOtherAccount(page, invitee, "Rhea Resent");
  // The page says so at once, with nothing to accept.
  const noLongerValid = page.getByText("Sorry, this invitation link is no longer valid.");
  await expect(noLongerValid).toBeVisible();
  await expect(page.getByRole("button", { name: "Accept invitation" })).toHaveCount(0);

  await page.goto(newLink!);
  await page.getByRole("button", { name: "Accept invitation" }).click();
  await expect(page).toHaveURL(new RegExp(`${BIGCO}/mail-merges/sent`));
  await expect(
    page.getByText("You have successfully joined Bigco, and you have been automatically switched to it."),
  ).toBeVisible();

  // The cancelled invitation's own invitee is refused too.
  await page.context().clearCookies();
  await page.goto(cancelledLink!);
  await page.getByRole("button", { name: "Create a new account with Google" }).click();
  await chooseOtherAccount(page, cancelled, "Cal Cancelled");
  await expect(noLongerValid).toBeVisible();
  await expect(page.getByRole("button", { name: "Accept invitation" })).toHaveCount(0);
});
