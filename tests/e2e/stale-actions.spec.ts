import { expect, test } from "@playwright/test";
import { SPACES } from "../../backend/src/db/seed/personas";
import { signInAs } from "./support/auth";
import { freshAddress } from "./support/google";
import { inviteToSpace } from "./support/invitations";
import { selectMembers } from "./support/members";

/**
 * Stale actions (issue 26): a change another tab made first is said to be
 * done already, over the list as it is now, not "An error occurred. Please
 * try again." over the old rows.
 */

const BIGCO_USERS = `/${SPACES.bigco.id}/${SPACES.bigco.slug}/space/users`;

test("cancelling an invitation another tab already cancelled says it is gone and lists it no more", async ({
  page,
}, testInfo) => {
  const js = testInfo.project.name === "js";
  const invitee = freshAddress("stale", testInfo.project.name, "bigco.test");
  await inviteToSpace("bigco", invitee);
  await signInAs(page, "premium@bigco.test");
  await page.goto(BIGCO_USERS);
  await selectMembers(page, [invitee], js);
  await page.getByRole("complementary").getByRole("link", { name: "Cancel invitation" }).click();
  const confirmation = page.getByRole("dialog", { name: "Cancel invitation" });
  await expect(confirmation).toBeVisible();

  // The other tab, of the same session, cancels it first.
  const other = await page.context().newPage();
  await other.goto(page.url());
  await other.getByRole("dialog", { name: "Cancel invitation" }).getByRole("button", { name: "Yes, proceed" }).click();
  await expect(other.getByRole("status").filter({ hasText: "The invitation has been cancelled." })).toBeVisible();
  await other.close();

  await confirmation.getByRole("button", { name: "Yes, proceed" }).click();
  const said = page.getByRole("status").filter({ hasText: "An invitation you selected is no longer pending." });
  await expect(said).toBeVisible();
  await expect(said).toContainText("It was cancelled or accepted in the meantime.");
  await expect(page.getByText("An error occurred. Please try again.")).toHaveCount(0);
  await expect(page.getByRole("table", { name: "Space members" })).not.toContainText(invitee);
  await expect(page.getByRole("complementary")).toHaveCount(0);
});
