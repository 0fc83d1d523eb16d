import { expect, test } from "@playwright/test";
import { SPACES } from "../../backend/src/db/seed/personas";
import { chooseOtherAccount, freshAddress } from "./support/google";
import { inviteToSpace } from "./support/invitations";

const SALES = `/${SPACES.acmeSales.id}/${SPACES.acmeSales.slug}`;

test("an invitee opens the link under the inviting space, signs up, and joins", async ({ page }, testInfo) => {
  const email = freshAddress("invitee", testInfo.project.name);
  const token = await inviteToSpace("acmeSales", email);
  const link = `${SALES}/invitations/${token}/accept`;

  await page.goto(link);
  await expect(page).toHaveURL(`/login?continue=${encodeURIComponent(link)}`);
  await page.getByRole("button", { name: "Create a new account with Google" }).click();
  await chooseOtherAccount(page, email, "Ivy Invitee");

  // Not a member of Acme Sales yet: the link moves to the invitee's own space, token kept.
  await expect(page).toHaveURL(new RegExp(`^[^?]+/\\d+/[\\w-]+/invitations/${token}/accept$`));
  expect(new URL(page.url()).pathname.startsWith(SALES)).toBe(false);
  await page.getByRole("button", { name: "Accept invitation" }).click();

  await expect(page).toHaveURL(new RegExp(`${SALES}/mail-merges/sent`));
  await expect(
    page.getByText("You have successfully joined Acme Sales, and you have been automatically switched to it."),
  ).toBeVisible();
});
