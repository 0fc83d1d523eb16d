import { randomUUID } from "node:crypto";
import { expect, test, type Page } from "@playwright/test";
import { signInAs } from "./support/auth";
import { e2eEnv } from "./support/env";

const ACME = "/5100000000000001/acme-marketing";

/** Makes the backend fail the next request whose query carries `marker` (backend/README.md, fault injection). */
async function failNextBackendCall(page: Page, pathIncludes: string, marker: string) {
  const response = await page.request.post(`${e2eEnv().backendUrl}/__faults`, {
    data: { method: "GET", pathIncludes, queryIncludes: marker, status: 500 },
  });
  expect(response.status()).toBe(204);
}

test("a page whose data fails shows the generic error inside the shell, sidebar and top bar kept", async ({ page }) => {
  const marker = `boundary${randomUUID().replaceAll("-", "")}`;
  await signInAs(page, "owner@acme.test");
  await failNextBackendCall(page, "/unsubscriptions", marker);

  const response = await page.goto(`${ACME}/unsubscriptions?q=${marker}`);
  expect(response?.status()).toBe(500);
  const alert = page.getByRole("alert").filter({ hasText: "Something went wrong." });
  await expect(alert).toContainText("Please try again later.");
  // The request's id, for the person to quote to support (issue 27).
  await expect(alert).toContainText(`Reference: ${response?.headers()["x-request-id"]}`);
  await expect(page.getByRole("heading", { name: "Oops..." })).toHaveCount(0);
  // The shell is still there: its navigation works from the failed page.
  await expect(page.getByRole("banner")).toBeVisible();
  const nav = page.getByRole("navigation", { name: "Main" });
  await expect(nav.getByRole("link", { name: "Unsubscriptions" })).toHaveAttribute("aria-current", "page");
  await nav.getByRole("link", { name: "Team report" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Team report" })).toBeVisible();
});

test("a page's own failure message carries the request's reference too", async ({ page }) => {
  await signInAs(page, "owner@acme.test");
  const pages = [
    { path: "mail-merges/sent", backendPath: "/users/me/campaigns", text: "Your sent mail merges could not be loaded." },
    { path: "team-report", backendPath: "/team-report/members", text: "An error occurred. Please try again." },
  ];
  for (const { path, backendPath, text } of pages) {
    const marker = `reference${randomUUID().replaceAll("-", "")}`;
    await failNextBackendCall(page, backendPath, marker);
    const response = await page.goto(`${ACME}/${path}?q=${marker}`);
    expect(response?.status()).toBe(500);
    const alert = page.getByRole("alert").filter({ hasText: text });
    await expect(alert).toContainText(`Reference: ${response?.headers()["x-request-id"]}`);
  }
});
