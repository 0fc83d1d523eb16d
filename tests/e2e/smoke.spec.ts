import { expect, test } from "@playwright/test";
import { defaultPersonas } from "../../backend/emulators/google/identity";
import { e2eEnv } from "./support/env";

// Proves the browser setup and the local Google independently of the app's pages.
test("the local Google account chooser lists every persona", async ({ page }) => {
  const { googleIssuer, googleClientId, appUrl } = e2eEnv();
  const query = new URLSearchParams({
    client_id: googleClientId,
    redirect_uri: `${appUrl}/auth/google/callback`,
    response_type: "code",
    scope: "openid email profile",
    state: "smoke",
  });
  await page.goto(`${googleIssuer}/o/oauth2/v2/auth?${query}`);

  await expect(page.getByRole("heading", { level: 1, name: "Choose an account" })).toBeVisible();
  for (const { email, name } of defaultPersonas) {
    await expect(page.getByRole("button", { name: `${name} ${email}` })).toBeVisible();
  }
  await expect(page.getByRole("textbox", { name: "Email" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Cancel" })).toBeVisible();
});
