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
import { createBackend } from "../../../backend/src/app";
import { createSession } from "../../../backend/src/auth/session-store";
import { DEFAULT_CONFIG, type BackendConfig } from "../../../backend/src/config";
import type { BackendDb } from "../../../backend/src/db/connection";
import { prepareDatabase } from "../../../backend/src/db/setup";
import { findUserByEmail } from "../../../backend/src/store/users";
import { startStripeEmulator } from "../../../backend/emulators/stripe/server";
import { stripeDemoAccount } from "../../../backend/src/db/seed/stripe-account";
import { freePort } from "./network";

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
  /**
   * Starts a local Stripe too, with the demo account seeded at the database's moment (both agree to the
   * second), its webhooks posted to this backend, which calls it. Without, billing calls that reach Stripe fail.
   */
  localStripe?: boolean;
  /** The local Stripe's retries of a refused webhook: quickly, twice (the default), or Stripe's own, for three days. */
  stripeRetries?: "quick" | "stripe";
}

export type LocalStripe = Awaited<ReturnType<typeof startStripeEmulator>>;

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
  /** With `localStripe`: the local Stripe (`webhooks.settled()` waits for every event's delivery). */
  localStripe?: LocalStripe;
  /** With `localStripe`: one reconciliation with Stripe now (the backend runs one at start, and every few minutes). */
  reconcile(): Promise<void>;
  /** Stops serving, as a backend killed (its database and the local Stripe stay). */
  stop(): Promise<void>;
  /** Serves again on the same port and database, as a backend started anew (its reconciliation at start run). */
  start(): Promise<void>;
  close(): Promise<void>;
}

/** A local Stripe seeded at `seededAt` whose events go to a backend about to listen on `backendPort`. */
function startLocalStripe(seededAt: number, backendPort: number, retries: StartBackendOptions["stripeRetries"]) {
  return startStripeEmulator({
    seed: stripeDemoAccount(seededAt),
    webhook: {
      url: `http://127.0.0.1:${backendPort}/billing/stripe/webhooks`,
      secret: DEFAULT_CONFIG.stripe.webhookSecret,
    },
    // A refused delivery is tried again soon: a test waits for every delivery to settle.
    retryDelaysMs: retries === "stripe" ? undefined : [50, 200],
  });
}

/** The backend served on `port` (0: a free one), with its reconciliation when it has a local Stripe. */
async function serveBackend(db: BackendDb, config: BackendConfig, port: number, localStripe: LocalStripe | undefined) {
  const backend = createBackend({ db, config });
  const server = await new Promise<ReturnType<typeof serve>>((resolve) => {
    const started = serve({ fetch: backend.app.fetch, port, hostname: "127.0.0.1" }, () => resolve(started));
  });
  const reconciliation = localStripe ? backend.startReconciliation() : null;
  await reconciliation?.ready;
  return {
    port: (server.address() as AddressInfo).port,
    reconciliation,
    async stop() {
      await reconciliation?.stop();
      await new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        // Keep-alive sockets from fetch would otherwise hold close() open.
        if ("closeAllConnections" in server) server.closeAllConnections();
      });
    },
  };
}

export async function startBackend(options: StartBackendOptions = {}): Promise<RunningBackend> {
  const seededAt = Date.now();
  // The local Stripe needs the backend's address first, for its webhooks.
  const listenOn = options.localStripe ? await freePort() : 0;
  const localStripe = options.localStripe
    ? await startLocalStripe(seededAt, listenOn, options.stripeRetries)
    : undefined;
  const config: BackendConfig = {
    googleIssuer: options.googleIssuer ?? DEFAULT_CONFIG.googleIssuer,
    googleClientId: options.googleClientId ?? DEFAULT_CONFIG.googleClientId,
    accessTokenTtlSeconds: options.accessTokenTtlSeconds ?? DEFAULT_CONFIG.accessTokenTtlSeconds,
    verifyGoogleIdToken: options.verifyGoogleIdToken,
    faultInjection: options.faultInjection,
    stripe: {
      ...DEFAULT_CONFIG.stripe,
      apiUrl: localStripe ? `http://127.0.0.1:${localStripe.port}` : DEFAULT_CONFIG.stripe.apiUrl,
    },
    // The backend's tests name the default app; the app's tests run it at http://app.test (support/app.ts).
    appOrigins: [...DEFAULT_CONFIG.appOrigins, "http://app.test"],
  };
  const directory = await fs.mkdtemp(path.join(os.tmpdir(), "yamm-backend-"));
  const db = await prepareDatabase(path.join(directory, "backend.sqlite"), seededAt);
  let running: Awaited<ReturnType<typeof serveBackend>> | null = await serveBackend(db, config, listenOn, localStripe);
  const port = running.port;
  const url = `http://127.0.0.1:${port}`;
  const stop = async () => {
    await running?.stop();
    running = null;
  };

  return {
    url,
    env: {
      API_V1_URL: `${url}/api/v1`,
      API_V2_URL: `${url}/api/v2`,
      BILLING_API_URL: `${url}/billing`,
      AUTH_API_URL: url,
    },
    db,
    localStripe,
    async issueSession(email) {
      const user = await findUserByEmail(db, email);
      const tokens = await createSession(
        db,
        { sub: `test-sub-${email.toLowerCase()}`, email, name: user?.name ?? null, picture: user?.picture ?? null },
        { ttlSeconds: config.accessTokenTtlSeconds },
      );
      return { ...tokens, expiresAt: String(tokens.expiresAt) };
    },
    reconcile: async () => running?.reconciliation?.run(),
    stop,
    async start() {
      running ??= await serveBackend(db, config, port, localStripe);
    },
    async close() {
      await localStripe?.webhooks.settled();
      await localStripe?.close();
      await stop();
      await db.destroy();
      await fs.rm(directory, { recursive: true, force: true });
    },
  };
}
