import { existsSync } from "node:fs";
import { defineConfig } from "@playwright/test";
import { ensureE2eEnv } from "./tests/e2e/support/env";

const e2e = await ensureE2eEnv();

// Never a browser download when the system has one (ARCHITECTURE.md, Testing);
// undefined falls back to Playwright's own build.
const executablePath =
  process.env.PLAYWRIGHT_CHROMIUM_PATH ?? (existsSync("/usr/bin/chromium") ? "/usr/bin/chromium" : undefined);

export default defineConfig({
  testDir: "tests/e2e",
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  forbidOnly: Boolean(process.env.CI),
  reporter: "list",
  use: {
    baseURL: e2e.appUrl,
    browserName: "chromium",
    trace: "retain-on-failure",
    launchOptions: {
      executablePath,
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-component-update",
        "--no-first-run",
        "--disable-sync",
        "--disable-quic",
      ],
    },
  },
  projects: [
    { name: "js", use: { javaScriptEnabled: true } },
    { name: "no-js", use: { javaScriptEnabled: false } },
  ],
  webServer: {
    command: "node scripts/start.mjs",
    url: e2e.appUrl,
    reuseExistingServer: false,
    timeout: 120_000,
    env: {
      PORT: String(e2e.ports.app),
      BACKEND_PORT: String(e2e.ports.backend),
      GOOGLE_PORT: String(e2e.ports.google),
      STRIPE_PORT: String(e2e.ports.stripe),
      DATABASE_PATH: e2e.databasePath,
      // The local Stripe starts from its seed, as the fresh database does (scripts/services.mjs sends it
      // this backend's webhook URL).
      STRIPE_STATE_PATH: "",
      USE_LOCAL_SERVICES: "true",
      BACKEND_FAULT_INJECTION: "true",
    },
    // The whole stack gets SIGTERM first, so SQLite and the servers close cleanly.
    gracefulShutdown: { signal: "SIGTERM", timeout: 15_000 },
  },
});
