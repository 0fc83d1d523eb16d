// Makes sure the browser tests have a Chromium, in the order playwright.config.ts
// looks for one. Uses only Node built-ins: .ci/run calls it before `npm ci`.
import { existsSync } from "node:fs";
import { ensureDebianPackage } from "./debian-package.mjs";

const SYSTEM_CHROMIUM = "/usr/bin/chromium";
const configured = process.env.PLAYWRIGHT_CHROMIUM_PATH;

if (configured) {
  if (existsSync(configured)) process.exit(0);
  console.error(`PLAYWRIGHT_CHROMIUM_PATH is set to ${configured}, which does not exist.`);
  process.exit(1);
}
if (existsSync(SYSTEM_CHROMIUM)) process.exit(0);
if (await playwrightBrowserExists()) process.exit(0);

if (ensureDebianPackage("chromium", SYSTEM_CHROMIUM)) process.exit(0);

console.error(`The browser tests need Chromium, and none was found. Either:
  - install your distribution's package (Debian/Ubuntu: sudo apt-get install chromium),
  - or point PLAYWRIGHT_CHROMIUM_PATH at a Chromium or Chrome binary,
  - or let Playwright download its own: npx playwright install chromium`);
process.exit(1);

/** Playwright's own download, if someone installed it; absent node_modules simply means no. */
async function playwrightBrowserExists() {
  try {
    const { chromium } = await import("@playwright/test");
    return existsSync(chromium.executablePath());
  } catch {
    return false;
  }
}
