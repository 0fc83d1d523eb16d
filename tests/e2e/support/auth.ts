import type { Page } from "@playwright/test";
import type { PersonaEmail } from "../../../backend/emulators/google/identity";
import { e2eEnv } from "./env";

/**
 * Signs in through the real flow: the app's /login page, the local Google
 * account chooser, and back through the app's callback. Works with and
 * without JavaScript, since every step is a plain form or link.
 */
export async function signInAs(page: Page, email: PersonaEmail) {
  const { appUrl, googleIssuer } = e2eEnv();
  await page.goto("/login");
  await page.getByRole("button", { name: "Sign in with Google" }).click();
  await page.waitForURL((url) => url.origin === googleIssuer);
  // Persona buttons are named "<name> <e-mail>"; the substring match picks exactly one.
  await page.getByRole("button", { name: email }).click();
  await page.waitForURL((url) => url.origin === appUrl && !url.pathname.startsWith("/auth/"));
}
