import type { Page } from "@playwright/test";
import { e2eEnv } from "./env";

/** On the local Google chooser: signs in with a typed address ("Use another account"). */
export async function chooseOtherAccount(page: Page, email: string, name: string) {
  await page.waitForURL((url) => url.origin === e2eEnv().googleIssuer);
  await page.getByLabel("Email").fill(email);
  await page.getByLabel(/^Name/).fill(name);
  await page.getByRole("button", { name: "Continue" }).click();
}

/** An address that no earlier run or project has used. */
export function freshAddress(label: string, projectName: string, domain = "startup.test") {
  return `${label}-${projectName}-${Date.now()}@${domain}`;
}
