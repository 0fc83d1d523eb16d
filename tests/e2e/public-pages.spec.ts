import { expect, test, type Page } from "@playwright/test";
import { signInAs } from "./support/auth";

/**
 * The pages outside a space: recipients' result pages, the onboarding wizard,
 * stopping a PayPal renewal and the wrong-plan explanation. Every flow runs in
 * both projects (js and no-js): each of these pages works without JavaScript.
 */

const MARKETPLACE = "https://workspace.google.com/marketplace/**";

test.describe("result pages", () => {
  const pages = [
    { path: "/unsubscribed", success: "Unsubscription was successful!", detail: /sender has been informed/ },
    { path: "/formresponse", success: "Thanks, your response has been recorded", detail: /close this window/ },
  ];
  for (const { path, success, detail } of pages) {
    test(`${path} shows its success and, with success=0, the shared error`, async ({ page }) => {
      await page.goto(path);
      await expect(page.getByRole("heading", { level: 1, name: success })).toBeVisible();
      await expect(page.getByText(detail)).toBeVisible();

      await page.goto(`${path}?success=0`);
      await expect(page.getByRole("heading", { level: 1, name: "Sorry, an error ocurred" })).toBeVisible();
      await expect(page.getByText("Please try again or visit our")).toBeVisible();
      await expect(page.getByRole("link", { name: "Help center" })).toHaveAttribute("href", "https://support.yamm.com");
      await expect(page.getByRole("heading", { name: success })).toHaveCount(0);
    });
  }
});

test.describe("onboarding wizard", () => {
  for (const path of ["/signup", "/get-started"]) {
    test(`${path} signed out shows step 1`, async ({ page }) => {
      await page.goto(path);
      await expect(page).toHaveTitle("Get started | YAMM");
      await expect(page.getByRole("heading", { level: 1, name: "Welcome to YAMM!" })).toBeVisible();
      const progress = page.getByRole("navigation", { name: "Onboarding progress" });
      await expect(progress.locator('[aria-current="step"]')).toContainText("Create your account");
      await expect(progress.getByRole("listitem")).toHaveText([
        /Create your account/,
        /Install the add-on/,
        /Send your first merge/,
      ]);
      await expect(page.getByRole("button", { name: "Create a new account with Google" })).toBeVisible();
      await expect(page.getByRole("link", { name: "Terms of Use" })).toBeVisible();
      await expect(page.getByRole("link", { name: "Sign in", exact: true })).toHaveAttribute("href", "/login");
    });
  }

  test("a later step signed out comes back to step 1", async ({ page }) => {
    await page.goto("/get-started?step=3");
    await expect(page).toHaveURL(/\/get-started\?step=1$/);
    await expect(page.getByRole("heading", { level: 1, name: "Welcome to YAMM!" })).toBeVisible();
  });

  test("a signed-in user without the add-on opens the marketplace, then continues to step 3", async ({
    page,
    context,
  }) => {
    // Sign-in, a second tab and four page loads.
    test.slow();
    await context.route(MARKETPLACE, (route) =>
      route.fulfill({ contentType: "text/html", body: "<title>Marketplace</title>" }),
    );
    await signInAs(page, "solo@gmail.com");
    await page.goto("/get-started");

    await expect(page.getByRole("heading", { level: 1, name: "Install the add-on" })).toBeVisible();
    const progress = page.getByRole("navigation", { name: "Onboarding progress" });
    await expect(progress.locator('[aria-current="step"]')).toContainText("Install the add-on");
    const marketplace = page.getByRole("link", { name: /^Go to Marketplace/ });
    const continueLink = page.getByRole("link", { name: "Continue" });
    await expect(marketplace).toHaveAttribute("target", "_blank");
    await expect(marketplace).toHaveClass(/animate-pulse/);
    await expect(continueLink).toHaveAttribute("aria-disabled", "true");
    await expect(continueLink).toHaveAccessibleDescription("You must have YAMM installed to continue.");
    await expect(page.getByText("Once installation is done, return to this window")).toBeVisible();
    await expect(page.getByRole("link", { name: "Skip the tutorial" })).toHaveAttribute("href", "/");

    // Browsers follow an aria-disabled link; only Playwright refuses to, hence `force`. Before the
    // marketplace visit Continue leads nowhere: with JavaScript it does nothing, without it the server says no.
    await continueLink.click({ force: true });
    await expect(page.getByRole("heading", { level: 1, name: "Install the add-on" })).toBeVisible();

    const popup = page.waitForEvent("popup");
    await marketplace.click();
    const marketplaceTab = await popup;
    await marketplaceTab.waitForLoadState();
    await expect(marketplaceTab).toHaveURL(/workspace\.google\.com\/marketplace/);
    await marketplaceTab.close();

    // With JavaScript Continue is enabled now; without, the page cannot know yet, but the server does.
    await continueLink.click({ force: true });
    await expect(page).toHaveURL(/\/get-started\?step=3$/);
    await expect(page.getByRole("heading", { level: 1, name: "Open Google Sheets to launch YAMM" })).toBeVisible();
    await expect(page.getByRole("img", { name: /Extensions menu/ })).toBeVisible();
    const sheets = page.getByRole("link", { name: /^Open Google Sheets/ });
    await expect(sheets).toHaveAttribute("href", "https://sheets.new");
    await expect(sheets).toHaveAttribute("target", "_blank");
    await expect(page.getByRole("link", { name: "Take me to my dashboard" })).toHaveAttribute("href", "/");

    // A reached step other than the first links back to itself.
    await expect(progress.getByRole("link")).toHaveCount(1);
    await progress.getByRole("link", { name: /Install the add-on/ }).click();
    await expect(page).toHaveURL(/\/get-started\?step=2$/);
    await expect(page.getByRole("link", { name: "Continue" })).not.toHaveAttribute("aria-disabled", "true");
    await expect(page.getByRole("link", { name: "Continue" })).toHaveClass(/animate-pulse/);
  });

  test("a user who has installed the add-on can continue at once", async ({ page }) => {
    await signInAs(page, "owner@acme.test");
    await page.goto("/signup?step=1");
    await expect(page).toHaveURL(/\/signup\?step=2$/);
    await page.getByRole("link", { name: "Continue" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Open Google Sheets to launch YAMM" })).toBeVisible();
  });
});

test.describe("stop automatic renewal", () => {
  const heading = "Are you sure you want to stop the automatic renewal?";

  test("signed out, it asks to sign in", async ({ page }) => {
    await page.goto("/stop-automatic-renewal");
    await expect(page.getByRole("heading", { level: 1, name: heading })).toBeVisible();
    await expect(page.getByText(/This action is permanent/)).toBeVisible();
    await expect(page.getByRole("link", { name: "pricing page" })).toHaveAttribute("href", "https://yamm.com/pricing");
    await expect(page.getByText("Sign in with your Google account to stop the automatic renewal.")).toBeVisible();
    await expect(page.getByRole("button", { name: "Sign in with Google" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Confirm cancellation" })).toHaveCount(0);
  });

  test("signed out, a claimed success is no success: it asks to sign in", async ({ page }) => {
    await page.goto("/stop-automatic-renewal?success=1");
    await expect(page.getByRole("heading", { level: 1, name: heading })).toBeVisible();
    await expect(page.getByRole("button", { name: "Sign in with Google" })).toBeVisible();
    await expect(page.getByText("Autorenewal stopped successfully")).toHaveCount(0);
  });

  test("a PayPal licence holder stops the renewal, which then shows as stopped, never to confirm again", async ({
    page,
  }) => {
    // Both projects share the licence: whichever comes second finds it stopped already.
    await signInAs(page, "legacy@oldco.test");
    await page.goto("/stop-automatic-renewal");
    const confirm = page.getByRole("button", { name: "Confirm cancellation" });
    const stopped = page.getByRole("heading", { level: 1, name: "Autorenewal stopped successfully" });
    await expect(confirm.or(stopped)).toBeVisible();
    if (await confirm.isVisible()) {
      await expect(page.getByRole("heading", { level: 1, name: heading })).toBeVisible();
      await confirm.click();
      await expect(page).toHaveURL(/\/stop-automatic-renewal\?success=1$/);
    }
    await expect(stopped).toBeVisible();
    await expect(page.getByRole("link", { name: "PayPal account" })).toBeVisible();
    await page.goto("/stop-automatic-renewal");
    await expect(stopped).toBeVisible();
    await expect(confirm).toHaveCount(0);
  });

  test("a user without a licence is sent home", async ({ page }) => {
    await signInAs(page, "solo@gmail.com");
    const answer = await page.request.get("/stop-automatic-renewal", { maxRedirects: 0 });
    expect(answer.status()).toBe(302);
    expect(answer.headers().location).toBe("/");
    await page.goto("/stop-automatic-renewal");
    await expect(page).not.toHaveURL(/stop-automatic-renewal/);
    await expect(page.getByRole("heading", { name: heading })).toHaveCount(0);
  });
});

test.describe("wrong plan", () => {
  async function expectOfferedPlan(page: Page, name: string, monthly: string) {
    const card = page.getByRole("article", { name });
    await expect(card).toBeVisible();
    await expect(card.getByText(monthly, { exact: true })).toBeVisible();
    for (const feature of ["Billed annually", "1 user", "Priority support", "No branded footer", "All features"]) {
      await expect(card.getByText(feature, { exact: true })).toBeVisible();
    }
  }

  test("a Gmail account asking for a Team plan is offered Pro Gmail; the quota conditions open and close", async ({
    page,
  }) => {
    await signInAs(page, "solo@gmail.com");
    await page.goto("/wrong-plan?plan=TEAM");
    await expect(
      page.getByRole("heading", { level: 1, name: "You are trying to purchase a Team plan with solo@gmail.com" }),
    ).toBeVisible();
    await expectOfferedPlan(page, "Pro Gmail", "$3");
    await expect(page.getByText(/Did you want to purchase a Pro Google Workspace plan\?/)).toBeVisible();
    await expect(page.getByRole("button", { name: "Sign-in with another account" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Back to pricing plans" })).toHaveAttribute(
      "href",
      "https://yamm.com/pricing",
    );
    await expect(page.getByRole("dialog")).toHaveCount(0);

    await page.getByRole("link", { name: "See quota conditions" }).click();
    await expect(page).toHaveURL(/\/wrong-plan\?plan=TEAM&quota-conditions=1$/);
    const dialog = page.getByRole("dialog", { name: "Quota conditions" });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByText(/1,500 recipients per day/)).toBeVisible();
    await expect(dialog.getByText(/no more than 500 e-mails/)).toBeVisible();
    await expect(dialog.getByText(/limited to 100 recipients per day/)).toBeVisible();

    await dialog.getByRole("link", { name: "Close" }).click();
    await expect(page).toHaveURL(/\/wrong-plan\?plan=TEAM$/);
    await expect(page.getByRole("dialog")).toHaveCount(0);
  });

  test("a Workspace account asking for Pro Gmail is offered Pro Google Workspace", async ({ page }) => {
    await signInAs(page, "owner@acme.test");
    await page.goto("/wrong-plan?plan=pro-gmail");
    await expect(
      page.getByRole("heading", { level: 1, name: "You are trying to purchase a Pro Gmail plan with owner@acme.test" }),
    ).toBeVisible();
    await expectOfferedPlan(page, "Pro Google Workspace", "$5");
    await expect(page.getByText(/Did you want to purchase a Pro Gmail plan\?/)).toBeVisible();
  });

  test("a plan that matches the account goes to billing, keeping the query", async ({ page }) => {
    await signInAs(page, "solo@gmail.com");
    const answer = await page.request.get("/wrong-plan?plan=pro-gmail&interval=YEARLY", { maxRedirects: 0 });
    expect(answer.status()).toBe(302);
    expect(answer.headers().location).toBe("/settings/billing?plan=pro-gmail&interval=YEARLY");
  });
});
