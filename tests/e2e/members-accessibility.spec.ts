import { expect, test } from "@playwright/test";
import { PERSONAS } from "../../backend/src/db/seed/personas";
import type { PersonaEmail } from "../../backend/emulators/google/identity";
import { signInAs } from "./support/auth";
import { expectNoAxeViolations } from "./support/axe";

/**
 * The members and general settings screens (issue 7) at the three widths of
 * the architecture page, with each of their dialogs and the drawer open: axe
 * finds nothing, and nothing overflows the page sideways.
 */
const ACME = "/5100000000000001/acme-marketing";
const FERN = "/5100000000000006/fern-studio";
const BIGCO = "/5100000000000005/bigco";
const OLDCO = "/5100000000000004/oldco-team";

const screens: Array<{ persona: PersonaEmail; name: string; paths: string[] }> = [
  {
    persona: "owner@acme.test",
    name: "Acme Marketing's owner",
    paths: [
      `${ACME}/space/users`,
      `${ACME}/space/users?dialog=seats`,
      `${ACME}/space/users?dialog=add`,
      `${ACME}/space/users?selected=${PERSONAS.benBaker.id}&selected=${PERSONAS.owner.id}`,
      `${ACME}/space/users?selected=${PERSONAS.solo.id}&selected=${PERSONAS.member.id}`,
      `${ACME}/space/users?selected=${PERSONAS.solo.id}&confirm=cancel-invitation`,
      `${ACME}/space/general`,
      `${ACME}/space/general?confirm=transfer&newOwner=${PERSONAS.admin.id}`,
    ],
  },
  {
    persona: "stella@fernstudio.test",
    name: "Fern Studio's owner, with a scheduled removal",
    paths: [
      `${FERN}/space/users`,
      `${FERN}/space/users?selected=${PERSONAS.maya.id}&confirm=remove`,
      `${FERN}/space/users?confirm=cancel-downgrade`,
    ],
  },
  {
    persona: "premium@bigco.test",
    name: "Bigco's owner (per-user)",
    paths: [`${BIGCO}/space/users?selected=${PERSONAS.hanaHolt.id}`, `${BIGCO}/space/users?dialog=add`],
  },
  { persona: "legacy@oldco.test", name: "Oldco's owner (legacy team)", paths: [`${OLDCO}/space/users?dialog=add`] },
  { persona: "member@acme.test", name: "an Acme member", paths: [`${ACME}/space/users`] },
  {
    persona: "bea@birch.test",
    name: "Birch Works' owner (Free)",
    paths: ["/5100000000000017/birch-works/space/users"],
  },
];

// One test per page: axe on a long page takes seconds on a busy machine, and
// several pages under one test's timeout made the run flaky.
for (const width of [390, 1024, 1280]) {
  for (const screen of screens) {
    for (const path of screen.paths) {
      test(`${screen.name} at ${width} px, ${path}: axe finds nothing, nothing overflows`, async ({
        page,
      }, testInfo) => {
        test.skip(testInfo.project.name !== "js", "checked once, with JavaScript");
        await page.setViewportSize({ width, height: 900 });
        await signInAs(page, screen.persona);
        await page.goto(path);
        await expectNoAxeViolations(page);
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        expect(overflow, "sideways overflow").toBeLessThanOrEqual(0);
      });
    }
  }
}
