import { expect, test } from "@playwright/test";
import { signInAs } from "./support/auth";

/**
 * Once-only keys (issue 26): every answer renders a fresh key, with
 * JavaScript too, so a submission corrected after a refusal runs instead of
 * being answered with the first one's result.
 */

const BIGCO_USERS = "/5100000000000005/bigco/space/users";

test("after a partial refusal, the corrected address is invited, not the first answer replayed", async ({
  page,
}, testInfo) => {
  await signInAs(page, "premium@bigco.test");
  await page.goto(BIGCO_USERS);
  await page.getByRole("link", { name: "Invite users" }).click();
  const dialog = page.getByRole("dialog", { name: "Invite users" });
  const box = dialog.getByLabel("Email addresses");
  const stamp = `${testInfo.project.name}-${Date.now()}`;
  const first = `once-first-${stamp}@bigco.test`;
  const corrected = `once-corrected-${stamp}@bigco.test`;

  await box.fill(`${first}, outsider@elsewhere.test`);
  await dialog.getByRole("button", { name: "Invite users" }).click();
  await expect(dialog).toContainText("We can't invite some email addresses. Hover over them to know why.");
  await expect(box).toHaveValue("outsider@elsewhere.test");

  await box.fill(corrected);
  await dialog.getByRole("button", { name: "Invite users" }).click();
  await expect(page.getByRole("status").filter({ hasText: "1 user invited." })).toBeVisible();
  const table = page.getByRole("table", { name: "Space members" });
  await expect(table.getByRole("row").filter({ hasText: corrected })).toContainText("Pending");
  await expect(table.getByRole("row").filter({ hasText: first })).toContainText("Pending");
});
