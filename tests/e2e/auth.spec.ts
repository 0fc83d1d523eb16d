import { expect, test } from "@playwright/test";
import { signInAs } from "./support/auth";
import { e2eEnv } from "./support/env";
import { chooseOtherAccount, freshAddress } from "./support/google";

const ACME = "/5100000000000001/acme-marketing";

test("a signed-out deep link signs in through Google and lands exactly there", async ({ page }) => {
  const deepLink = `${ACME}/mail-merges/scheduled?q=news`;
  await page.goto(deepLink);
  await expect(page).toHaveURL(`/login?continue=${encodeURIComponent(deepLink)}`);
  await expect(page.getByRole("heading", { name: "Welcome back!" })).toBeVisible();

  await page.getByRole("button", { name: "Sign in with Google" }).click();
  await page.waitForURL((url) => url.origin === e2eEnv().googleIssuer);
  await page.getByRole("button", { name: "owner@acme.test" }).click();

  await expect(page).toHaveURL(deepLink);
  await expect(page.getByRole("heading", { name: "Scheduled" })).toBeVisible();
});

test("an unknown Google account sees no-user, naming the address", async ({ page }, testInfo) => {
  const email = freshAddress("nobody", testInfo.project.name);
  await page.goto("/login");
  await page.getByRole("button", { name: "Sign in with Google" }).click();
  await chooseOtherAccount(page, email, "No Body");

  await expect(page).toHaveURL(/\/login\?error=no-user/);
  await expect(page.getByText(`${email} doesn't have a YAMM account yet.`)).toBeVisible();
  await expect(page.getByRole("button", { name: "Create a new account with Google" })).toBeVisible();
  await expect(page.getByText("Did you want to use another account?")).toBeVisible();
  await expect(page.getByRole("button", { name: "Sign in with another Google account" })).toBeVisible();
});

test("a newcomer creates an account and lands in their new space", async ({ page }, testInfo) => {
  await page.goto("/login");
  await page.getByRole("button", { name: "Create a new account with Google" }).click();
  if (testInfo.project.name === "js") {
    // The persona itself, once; the other project signs up with an address of its own.
    await page.waitForURL((url) => url.origin === e2eEnv().googleIssuer);
    await page.getByRole("button", { name: "newcomer@startup.test" }).click();
  } else {
    await chooseOtherAccount(page, freshAddress("newcomer", testInfo.project.name), "Nina Newcomer");
  }
  await expect(page).toHaveURL(/\/\d+\/[\w-]+\/mail-merges\/sent/);
  await expect(page.getByText("Welcome to YAMM!")).toBeVisible();
});

test("the no-user screen's create button creates that account", async ({ page }, testInfo) => {
  const email = freshAddress("late-signup", testInfo.project.name);
  await page.goto("/login");
  await page.getByRole("button", { name: "Sign in with Google" }).click();
  await chooseOtherAccount(page, email, "Late Signup");
  await expect(page).toHaveURL(/error=no-user/);

  await page.getByRole("button", { name: "Create a new account with Google" }).click();
  // The login hint offers the same account on the chooser.
  await page.waitForURL((url) => url.origin === e2eEnv().googleIssuer);
  await expect(page.getByLabel("Email")).toHaveValue(email);
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page).toHaveURL(/\/mail-merges\/sent/);
});

test("member@acme.test is kept out of billing", async ({ page }) => {
  await signInAs(page, "member@acme.test");
  await page.goto(`${ACME}/space/billing`);
  await expect(page).toHaveURL(`${ACME}/mail-merges/sent`);
});

test("a wrong slug is corrected, keeping the path and query", async ({ page }) => {
  await signInAs(page, "owner@acme.test");
  await page.goto("/5100000000000001/old-name/mail-merges/sent?q=x");
  await expect(page).toHaveURL(`${ACME}/mail-merges/sent?q=x`);
});

test("a cross-site POST gets 403 and changes nothing", async ({ page }) => {
  await signInAs(page, "owner@acme.test");
  const response = await page.request.post("/logout", {
    headers: { Origin: "https://evil.example" },
    form: {},
    maxRedirects: 0,
  });
  expect(response.status()).toBe(403);
  await page.goto(`${ACME}/mail-merges/sent`);
  await expect(page).toHaveURL(`${ACME}/mail-merges/sent`);
});

test("a bad sign-in POST and a denied Google consent both show the Google error", async ({ page }) => {
  await page.goto("/login");
  await page.getByRole("button", { name: "Sign in with Google" }).click();
  await page.waitForURL((url) => url.origin === e2eEnv().googleIssuer);
  await page.getByRole("button", { name: "Cancel" }).click();
  await expect(page.getByRole("alert")).toHaveText("There was an error using Google's sign in method");
});

test("the session-expired error has its text", async ({ page }) => {
  await page.goto("/login?error=session-expired");
  await expect(page.getByRole("alert")).toHaveText("Your session has expired, please sign in again");
  await page.goto("/login?error=can-not-create-user");
  await expect(page.getByRole("alert")).toHaveText("There was an error creating your account");
});

test("the sign-in page, the one indexable page, describes itself for search results", async ({ page }) => {
  await page.goto("/login");
  await expect(page.locator('meta[name="description"]')).toHaveAttribute(
    "content",
    "Sign in to YAMM to review your mail merges and manage your spaces, members and billing.",
  );
});
