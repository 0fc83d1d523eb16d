import { expect, test } from "@playwright/test";
import { SPACES } from "../../backend/src/db/seed/personas";
import { signInAs } from "./support/auth";
import { freshAddress } from "./support/google";
import { inviteToSpace, recordInvitationMails } from "./support/invitations";
import { selectMembers } from "./support/members";

/**
 * Invitation mail limits (issue 26): a resend past the limits is refused by
 * the backend, and the drawer says why instead of sending one more mail.
 */

const BIGCO_USERS = `/${SPACES.bigco.id}/${SPACES.bigco.slug}/space/users`;

test("a resend to an address just sent its invitation twice is refused and says why", async ({ page }, testInfo) => {
  const invitee = freshAddress("flooded", testInfo.project.name, "bigco.test");
  await inviteToSpace("bigco", invitee);
  await recordInvitationMails("bigco", invitee, 2);
  await signInAs(page, "premium@bigco.test");
  await page.goto(BIGCO_USERS);
  await selectMembers(page, [invitee], testInfo.project.name === "js");

  await page.getByRole("complementary").getByRole("button", { name: "Resend invitation" }).click();
  await expect(
    page.getByText("Too many invitations were sent to this address recently. Please try again later."),
  ).toBeVisible();
  await expect(page.getByRole("status").filter({ hasText: "The invitation has been sent again." })).toHaveCount(0);
});
