import { mkdtempSync } from "node:fs";
import { createServer, type Server } from "node:net";
import os from "node:os";
import path from "node:path";

/**
 * Ports and paths of the stack the browser tests run against. They are chosen
 * once, by the first load of playwright.config.ts, and kept in process.env:
 * Playwright loads the config again in every worker, and workers inherit the
 * runner's environment, so all of them agree on one stack.
 */
export interface E2eEnv {
  appUrl: string;
  backendUrl: string;
  googleIssuer: string;
  googleClientId: string;
  ports: { app: number; backend: number; google: number; stripe: number };
  databasePath: string;
}

export async function freePorts(count: number): Promise<number[]> {
  // All listeners stay open until every port is known, so the ports differ.
  const servers: Server[] = [];
  try {
    for (let i = 0; i < count; i++) {
      const server = createServer();
      servers.push(server);
      await new Promise<void>((resolve, reject) => {
        server.once("error", reject);
        server.listen(0, resolve);
      });
    }
    return servers.map((server) => (server.address() as { port: number }).port);
  } finally {
    await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
  }
}

/** Picks the ports and a fresh database on first call; later calls (and workers) reuse them. */
export async function ensureE2eEnv(): Promise<E2eEnv> {
  if (!process.env.E2E_APP_PORT) {
    const [app, backend, google, stripe] = await freePorts(4);
    process.env.E2E_BACKEND_PORT = String(backend);
    process.env.E2E_GOOGLE_PORT = String(google);
    process.env.E2E_STRIPE_PORT = String(stripe);
    process.env.E2E_DATABASE_PATH = path.join(mkdtempSync(path.join(os.tmpdir(), "yamm-e2e-")), "backend.sqlite");
    // Set last: its presence means "all set".
    process.env.E2E_APP_PORT = String(app);
  }
  return e2eEnv();
}

export function e2eEnv(): E2eEnv {
  const { E2E_APP_PORT, E2E_BACKEND_PORT, E2E_GOOGLE_PORT, E2E_STRIPE_PORT, E2E_DATABASE_PATH } = process.env;
  if (!E2E_APP_PORT || !E2E_BACKEND_PORT || !E2E_GOOGLE_PORT || !E2E_STRIPE_PORT || !E2E_DATABASE_PATH) {
    throw new Error("The e2e environment is not set: run the browser tests through playwright.config.ts.");
  }
  const ports = {
    app: Number(E2E_APP_PORT),
    backend: Number(E2E_BACKEND_PORT),
    google: Number(E2E_GOOGLE_PORT),
    stripe: Number(E2E_STRIPE_PORT),
  };
  return {
    appUrl: `http://localhost:${ports.app}`,
    backendUrl: `http://localhost:${ports.backend}`,
    googleIssuer: `http://localhost:${ports.google}`,
    // scripts/services.mjs passes the same value (or this default) to every process.
    googleClientId: process.env.GOOGLE_CLIENT_ID ?? "yamm-local-client",
    ports,
    databasePath: E2E_DATABASE_PATH,
  };
}
