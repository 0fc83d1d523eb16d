import { expect, test } from "@playwright/test";
import { PERSONAS, SPACES } from "../../backend/src/db/seed/personas";
import { openDatabase } from "../../backend/src/db/connection";
import { addExtraMember, PINE_THIRD } from "../support/crowded-space";
import { signInAs } from "./support/auth";
import { e2eEnv } from "./support/env";
import { signedFor } from "./support/outcome-links";

/*
 * What the billing page and the checkout offer and say (issue 25): only
 * ways that can succeed, prices in the space's currency, the spec's quotas,
 * words that tell the truth. Nothing here changes a space but for a member
 * added to Pine Labs and Harbor's draft.
 */
type Space = (typeof SPACES)[keyof typeof SPACES];
const at = (space: Space, section: string) => `/${space.id}/${space.slug}/${section}`;

test("a Belgian legacy licence is offered the new Pro price in euros and support, never a switch that cannot succeed", async ({
  page,
}) => {
  await signInAs(page, PERSONAS.gert.email);
  await page.goto(at(SPACES.ghentTeam, "space/billing"));
  const upsell = page.getByRole("region", { name: "Move to our current Pro plan" });
  await expect(upsell).toContainText("The new Pro plan is €5 per user per month, billed annually.");
  await expect(upsell.getByRole("link", { name: "Contact support" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Upgrade to the new plan" })).toHaveCount(0);
  // The way into the switch leads back here.
  await page.goto(at(SPACES.ghentTeam, "checkout/legacy/users"));
  await expect(page).toHaveURL(at(SPACES.ghentTeam, "space/billing"));
});

test("a team purchase's sidebar lines its seats at what is paid, with no discount line", async ({ page }) => {
  // Harbor is free again (its payments all failed); both projects ask for the same five seats.
  await signInAs(page, "hal@harbor.test");
  await page.goto(at(SPACES.harbor, "checkout/details"));
  await page.getByLabel("for a team").check();
  await page.getByLabel("Number of seats").fill("5");
  await page.getByRole("button", { name: "Next: Billing information" }).click();
  const summary = page.getByRole("complementary");
  // Five seats at $60 a year with 5SEATS (20 % off), as Stripe's hosted page totals them (001 §9: no coupon line).
  await expect(summary).toContainText("Pro × 5 seats$240.00");
  await expect(summary).toContainText("Total due$240.00");
  await expect(summary).not.toContainText("Discount");
});

test("the plan cards say the spec's daily quotas, as the wrong-plan page does", async ({ page }) => {
  // A Gmail owner's Pro is Pro Personal: 400 recipients a day, as the wrong-plan page's Pro Gmail card says.
  await signInAs(page, "solo@gmail.com");
  await page.goto(at(SPACES.samsSpace, "space/billing"));
  const cards = page.getByRole("region", { name: "Upgrade your space" });
  await expect(cards).toContainText("Up to 400 recipients per day and scheduled mail merges.");
  await expect(cards).not.toContainText("Unlimited");
  await page.goto("/wrong-plan?plan=pro-google-workspace");
  await expect(page.getByText("400 recipients per day", { exact: true })).toBeVisible();
});

test("a domain owner's Pro card says 1,500 recipients a day for each user of the domain", async ({ page }) => {
  await signInAs(page, PERSONAS.june.email);
  await page.goto(at(SPACES.juniperCo, "space/billing"));
  const pro = page.getByRole("region", { name: "Upgrade your space" }).getByRole("listitem").first();
  await expect(pro).toContainText(
    "Up to 1,500 recipients per day for each user of your domain, and scheduled mail merges.",
  );
  await expect(
    page.getByText("You are on the Free plan: free users are limited to 20 recipients per day"),
  ).toBeVisible();
});

test("a review the backend refuses says who cannot be made paid, lists what was asked, and cannot be confirmed", async ({
  page,
}) => {
  await signInAs(page, PERSONAS.premium.email);
  await page.goto(at(SPACES.bigco, `checkout/summary?plan=PREMIUM&interval=YEARLY&paid=${PERSONAS.hanaHolt.id}`));
  await expect(
    page.getByRole("alert").filter({ hasText: "hana.holt@bigco.test is already a paid user in another space." }),
  ).toBeVisible();
  await expect(page.getByText("You are upgrading 1 free user to paid")).toBeVisible();
  await expect(page.getByRole("button", { name: "Confirm changes" })).toBeDisabled();
});

test("with every seat in use, the remove-seats button names no count", async ({ page }) => {
  // Pine Labs' third seat taken by a member of this test's own (both projects add the same one).
  const db = openDatabase(e2eEnv().databasePath);
  try {
    await addExtraMember(db, { workspaceId: SPACES.pineLabs.id, user: PINE_THIRD, userPlan: "PRO" });
  } finally {
    await db.destroy();
  }
  await signInAs(page, "pia@pinelabs.test");
  await page.goto(at(SPACES.pineLabs, "checkout/remove-seats"));
  await expect(page.getByText("3 of 3 seats used in this space")).toBeVisible();
  await expect(page.getByText("You need to remove members before removing seats")).toBeVisible();
  await expect(page.getByRole("button", { name: "Remove seats", exact: true })).toBeDisabled();
  await expect(page.getByText("Remove 0 seats")).toHaveCount(0);
});

test("a per-user space's started subscription is told in paid users", async ({ page }) => {
  await signInAs(page, PERSONAS.premium.email);
  // An outcome shows only as the app's redirect made it: signed for its person (issue 34).
  await page.goto(
    signedFor(
      PERSONAS.premium.email,
      at(SPACES.bigco, "space/billing?checkout=success&from=FREE&to=PREMIUM&workspaceSeats=3"),
    ),
  );
  await expect(page.getByRole("status").filter({ hasText: "Your subscription has started." })).toContainText(
    "Your space now has 3 paid users.",
  );
});

test("a euro subscription's price on the current plan says it includes taxes", async ({ page }) => {
  await signInAs(page, "lena@lumen.test");
  await page.goto(at(SPACES.lumenGmbh, "space/billing"));
  const current = page.getByRole("region", { name: "Current plan" });
  await expect(current).toContainText(/€[\d.,]+ per year · Billed annually/);
  await expect(current.getByText("All displayed prices include applicable taxes.")).toBeVisible();
});
