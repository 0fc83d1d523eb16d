import { expect, test } from "@playwright/test";
import type { PersonaEmail } from "../../backend/emulators/google/identity";
import { SPACES } from "../../backend/src/db/seed/personas";
import { signInAs } from "./support/auth";
import { expectNoAxeViolations } from "./support/axe";

/**
 * The billing page, the per-seat checkout (issue 8) and the per-user and
 * legacy checkout (issue 10) at the three widths
 * of the architecture page, in their states that no test changes: axe finds
 * nothing, and nothing overflows the page sideways. (The billing-cycle
 * dialog and the alerts' dismissal are checked where billing.spec.ts opens
 * them.)
 */
type Space = (typeof SPACES)[keyof typeof SPACES];
const at = (space: Space, section: string) => `/${space.id}/${space.slug}/${section}`;

const screens: Array<{ persona: PersonaEmail; name: string; paths: string[] }> = [
  {
    persona: "owner@acme.test",
    name: "a per-seat Pro owner",
    paths: [
      at(SPACES.acmeMarketing, "space/billing"),
      at(SPACES.acmeMarketing, "space/billing?checkout=success&success=seats-added&seats=2"),
      at(SPACES.acmeMarketing, "space/billing?cannot-update-subscription-plan-and-interval=true"),
    ],
  },
  {
    persona: "lena@lumen.test",
    name: "a per-seat owner paying in euros",
    paths: [
      at(SPACES.lumenGmbh, "space/billing"),
      at(SPACES.lumenGmbh, "checkout/add-seats?seats=3"),
      at(SPACES.lumenGmbh, "checkout/remove-seats"),
    ],
  },
  {
    persona: "sales.lead@acme.test",
    name: "a free domain space's owner",
    paths: [at(SPACES.acmeSales, "space/billing"), at(SPACES.acmeSales, "checkout/details")],
  },
  { persona: "solo@gmail.com", name: "a Gmail owner", paths: [at(SPACES.samsSpace, "checkout/information")] },
  {
    persona: "legacy@oldco.test",
    name: "a legacy owner",
    paths: [
      at(SPACES.oldcoTeam, "space/billing"),
      at(SPACES.oldcoTeam, "checkout/legacy/users"),
      at(SPACES.oldcoTeam, "checkout/legacy/users?q=nobody-here"),
      at(SPACES.oldcoTeam, "checkout/legacy/users?dialog=add"),
      at(SPACES.oldcoTeam, "checkout?plan=PRO&interval=YEARLY"),
    ],
  },
  {
    persona: "premium@bigco.test",
    name: "a per-user Premium owner",
    paths: [
      at(SPACES.bigco, "space/billing"),
      at(SPACES.bigco, "checkout?plan=PREMIUM&interval=YEARLY"),
      at(SPACES.bigco, "checkout?plan=PRO&interval=YEARLY"),
      at(SPACES.bigco, "checkout/summary?plan=PRO&interval=YEARLY"),
    ],
  },
  {
    persona: "dora@delta.test",
    name: "a Pro owner with users of two domains",
    paths: [at(SPACES.deltaGroup, "checkout/cannot-downgrade?plan=PRO&interval=YEARLY")],
  },
  {
    persona: "stella@fernstudio.test",
    name: "an owner with a scheduled removal",
    paths: [at(SPACES.fernStudio, "space/billing"), at(SPACES.fernStudio, "space/billing?confirm=cancel-downgrade")],
  },
  {
    persona: "pia@pinelabs.test",
    name: "an owner whose payment failed",
    paths: [at(SPACES.pineLabs, "space/billing")],
  },
];

// One test per page: axe on a long page takes seconds on a busy machine, and
// several pages under one test's timeout made the run flaky.
for (const width of [390, 1024, 1280]) {
  for (const screen of screens) {
    for (const path of screen.paths) {
      test(`billing of ${screen.name} at ${width} px, ${path}: axe finds nothing, nothing overflows`, async ({
        page,
      }, testInfo) => {
        test.skip(testInfo.project.name !== "js", "checked once, with JavaScript");
        await page.setViewportSize({ width, height: 900 });
        await signInAs(page, screen.persona);
        await page.goto(path);
        await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
        await expectNoAxeViolations(page);
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        expect(overflow, "sideways overflow").toBeLessThanOrEqual(0);
      });
    }
  }
}
