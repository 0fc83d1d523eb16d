/**
 * Starts the reference backend for a test file: a fresh temporary SQLite
 * database (migrated and seeded with the personas), served over real HTTP on a
 * free port.
 *
 *   const backend = await startBackend();
 *   const { accessToken } = await backend.issueSession("owner@acme.test");
 *   await fetch(`${backend.url}/api/v2/users/me`, { headers: { Authorization: `Bearer ${accessToken}` } });
 *   await backend.close();
 */
import fs from "node:fs/promises";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { serve } from "@hono/node-server";
import { createBackendApp } from "../../../backend/src/app";
import { createSession } from "../../../backend/src/auth/session-store";
import { DEFAULT_CONFIG, type BackendConfig } from "../../../backend/src/config";
import type { BackendDb } from "../../../backend/src/db/connection";
import { prepareDatabase } from "../../../backend/src/db/setup";
import { findUserByEmail } from "../../../backend/src/store/users";

export interface StartBackendOptions {
  /** Base URL of the Google issuer (e.g. the Google emulator's `issuer`); default http://localhost:3200. */
  googleIssuer?: string;
  /** Expected `aud` of Google ID tokens; default "yamm-local-client". */
  googleClientId?: string;
  /** Default 3600. Use 1 to test expiry. */
  accessTokenTtlSeconds?: number;
  /** Replaces the JWKS check of Google ID tokens. */
  verifyGoogleIdToken?: BackendConfig["verifyGoogleIdToken"];
  /** Serves POST /__faults (backend/src/http/faults.ts), so a test can make one answer fail. */
  faultInjection?: boolean;
  /** The moment the database is seeded at (default: now): a local Stripe seeded at the same moment agrees to the second. */
  seededAt?: number;
  /** Default: a free one. Known in advance, it can be given to a local Stripe as its webhook endpoint. */
  port?: number;
  /** The Stripe the backend calls (e.g. a local Stripe's `http://127.0.0.1:<port>`); default Stripe itself, unused by most tests. */
  stripeApiUrl?: string;
}

/** The fields of a token-service answer, minus the Google idToken. */
export interface TestSession {
  accessToken: string;
  sessionId: string;
  backendIdToken: string;
  /** Epoch ms as a string, like the API. */
  expiresAt: string;
}

export interface RunningBackend {
  /** e.g. http://127.0.0.1:41234, the token service's base (AUTH_API_URL). */
  url: string;
  /** The app's environment variables for this backend. */
  env: { API_V1_URL: string; API_V2_URL: string; BILLING_API_URL: string; AUTH_API_URL: string };
  /** The backend's own database, to arrange or assert stored state. */
  db: BackendDb;
  /**
   * Opens a session for an e-mail directly in the database, bypassing Google.
   * Works for addresses with no user (e.g. newcomer@startup.test).
   */
  issueSession(email: string): Promise<TestSession>;
  close(): Promise<void>;
}

export async function startBackend(options: StartBackendOptions = {}): Promise<RunningBackend> {
  const config: BackendConfig = {
    googleIssuer: options.googleIssuer ?? DEFAULT_CONFIG.googleIssuer,
    googleClientId: options.googleClientId ?? DEFAULT_CONFIG.googleClientId,
    accessTokenTtlSeconds: options.accessTokenTtlSeconds ?? DEFAULT_CONFIG.accessTokenTtlSeconds,
    verifyGoogleIdToken: options.verifyGoogleIdToken,
    faultInjection: options.faultInjection,
    stripe: { ...DEFAULT_CONFIG.stripe, apiUrl: options.stripeApiUrl ?? DEFAULT_CONFIG.stripe.apiUrl },
  };
  const directory = await fs.mkdtemp(path.join(os.tmpdir(), "yamm-backend-"));
  const db = await prepareDatabase(path.join(directory, "backend.sqlite"), options.seededAt);
  const app = createBackendApp({ db, config });

  const server = await new Promise<ReturnType<typeof serve>>((resolve) => {
    const started = serve({ fetch: app.fetch, port: options.port ?? 0, hostname: "127.0.0.1" }, () => resolve(started));
  });
  const { port } = server.address() as AddressInfo;
  const url = `http://127.0.0.1:${port}`;

  return {
    url,
    env: {
      API_V1_URL: `${url}/api/v1`,
      API_V2_URL: `${url}/api/v2`,
      BILLING_API_URL: `${url}/billing`,
      AUTH_API_URL: url,
    },
    db,
    async issueSession(email) {
      const user = await findUserByEmail(db, email);
      const tokens = await createSession(
        db,
        { sub: `test-sub-${email.toLowerCase()}`, email, name: user?.name ?? null, picture: user?.picture ?? null },
        { ttlSeconds: config.accessTokenTtlSeconds },
      );
      return { ...tokens, expiresAt: String(tokens.expiresAt) };
    },
    async close() {
      await new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        // Keep-alive sockets from fetch would otherwise hold close() open.
        if ("closeAllConnections" in server) server.closeAllConnections();
      });
      await db.destroy();
      await fs.rm(directory, { recursive: true, force: true });
    },
  };
}
