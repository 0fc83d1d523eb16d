import type { GoogleIdTokenVerifier } from "./auth/google-id-token";

/** How the backend reaches Stripe (backend/src/billing/stripe-client.ts) and checks its webhooks. */
export interface StripeSettings {
  secretKey: string;
  /** The API's base URL, e.g. the local Stripe's; null: Stripe itself (api.stripe.com). */
  apiUrl: string | null;
  /** The webhook endpoint's signing secret (`whsec_…`). */
  webhookSecret: string;
}

export interface BackendConfig {
  /** Base URL of the Google issuer; its JWKS is at `${googleIssuer}/oauth2/v3/certs`. */
  googleIssuer: string;
  /** Expected `aud` of Google ID tokens. */
  googleClientId: string;
  accessTokenTtlSeconds: number;
  /** Replaces the JWKS-based check, e.g. to verify against an in-process key set. */
  verifyGoogleIdToken?: GoogleIdTokenVerifier;
  /** Browser tests only: POST /__faults makes chosen answers fail (http/faults.ts). */
  faultInjection?: boolean;
  stripe: StripeSettings;
}

export interface ProcessConfig extends BackendConfig {
  /** The interface to listen on: loopback unless BACKEND_HOST says otherwise. */
  host: string;
  port: number;
  databasePath: string;
}

export const DEFAULT_CONFIG: BackendConfig = {
  googleIssuer: "http://localhost:3200",
  googleClientId: "yamm-local-client",
  accessTokenTtlSeconds: 3600,
  // The local Stripe's default key and secret: any sk_test_ key works there.
  stripe: { secretKey: "sk_test_local", apiUrl: null, webhookSecret: "whsec_local" },
};

function positiveInteger(name: string, raw: string | undefined, fallback: number): number {
  if (raw === undefined || raw === "") return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value <= 0) throw new Error(`${name} must be a positive integer, got "${raw}"`);
  return value;
}

function httpUrl(name: string, raw: string): string {
  const url = URL.canParse(raw) ? new URL(raw) : null;
  if (!url || (url.protocol !== "http:" && url.protocol !== "https:")) {
    throw new Error(`${name} must be an http(s) URL, got "${raw}"`);
  }
  return raw;
}

/** Reads the environment variables listed in backend/README.md. */
export function loadConfig(env: NodeJS.ProcessEnv): ProcessConfig {
  return {
    host: env.BACKEND_HOST || "127.0.0.1",
    port: positiveInteger("BACKEND_PORT", env.BACKEND_PORT, 3100),
    databasePath: env.DATABASE_PATH || ".data/backend.sqlite",
    googleIssuer: (env.GOOGLE_ISSUER || DEFAULT_CONFIG.googleIssuer).replace(/\/+$/, ""),
    googleClientId: env.GOOGLE_CLIENT_ID || DEFAULT_CONFIG.googleClientId,
    faultInjection: env.BACKEND_FAULT_INJECTION === "true",
    accessTokenTtlSeconds: positiveInteger(
      "ACCESS_TOKEN_TTL_SECONDS",
      env.ACCESS_TOKEN_TTL_SECONDS,
      DEFAULT_CONFIG.accessTokenTtlSeconds,
    ),
    stripe: {
      secretKey: env.STRIPE_SECRET_KEY || DEFAULT_CONFIG.stripe.secretKey,
      apiUrl: env.STRIPE_API_URL ? httpUrl("STRIPE_API_URL", env.STRIPE_API_URL) : null,
      webhookSecret: env.STRIPE_WEBHOOK_SECRET || DEFAULT_CONFIG.stripe.webhookSecret,
    },
  };
}
