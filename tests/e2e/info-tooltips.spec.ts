import { expect, test } from "@playwright/test";
import { PERSONAS } from "../../backend/src/db/seed/personas";
import { signInAs } from "./support/auth";

/**
 * Issue 9: an info tooltip shown next to the edge of the screen stays inside
 * it (at 1024 px the sent cards' last one widened the page by 31 px; at 390 px
 * the members drawer's was cut off on the left). Shown by focus, which needs
 * no JavaScript.
 */
const ACME = "/5100000000000001/acme-marketing";
const pages = [
  { name: "the mail merge cards", path: `${ACME}/mail-merges/sent` },
  { name: "the members drawer", path: `${ACME}/space/users?selected=${PERSONAS.benBaker.id}` },
];

for (const width of [1024, 390]) {
  for (const { name, path } of pages) {
    test(`${name} at ${width} px: each tooltip shows inside the viewport, the page no wider`, async ({ page }) => {
      await page.setViewportSize({ width, height: 800 });
      await signInAs(page, "owner@acme.test");
      await page.goto(path);
      const triggers = await page.locator('button:has(+ [role="tooltip"])').all();
      expect(triggers.length).toBeGreaterThan(0);
      for (const trigger of triggers) {
        await trigger.focus();
        const tip = page.locator(`[id="${await trigger.getAttribute("aria-describedby")}"]`);
        await expect(tip).toBeVisible();
        const box = (await tip.boundingBox())!;
        expect(box.x, "left edge").toBeGreaterThanOrEqual(0);
        expect(box.x + box.width, "right edge").toBeLessThanOrEqual(width);
        expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(
          0,
        );
      }
    });
  }
}
