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
  /**
   * The app's origins (APP_ORIGINS): the only places Stripe's pages may send
   * a customer back to (success, cancel and return URLs, http/app-urls.ts).
   */
  appOrigins: string[];
}

export interface ProcessConfig extends BackendConfig {
  /** The interface to listen on: loopback unless BACKEND_HOST says otherwise. */
  host: string;
  port: number;
  /** The metrics' port (Prometheus format); none when unset. */
  metricsPort?: number;
  /** The metrics' interface: loopback unless BACKEND_METRICS_HOST says otherwise. */
  metricsHost: string;
  databasePath: string;
  /** Seed an empty database with the demo personas: everywhere but production, whose database starts empty. */
  seedDemoData: boolean;
}

export const DEFAULT_CONFIG: BackendConfig = {
  googleIssuer: "http://localhost:3200",
  googleClientId: "yamm-local-client",
  accessTokenTtlSeconds: 3600,
  // The local Stripe's default key and secret: any sk_test_ key works there.
  stripe: { secretKey: "sk_test_local", apiUrl: null, webhookSecret: "whsec_local" },
  // The app as `npm start` serves it by default (scripts/services.mjs sets APP_ORIGINS to its own port).
  appOrigins: ["http://localhost:3000", "http://127.0.0.1:3000"],
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

/** A comma-separated list of http(s) origins, each as the URL API spells it (no path, no trailing slash). */
function httpOrigins(name: string, raw: string): string[] {
  return raw
    .split(",")
    .map((entry) => entry.trim())
    .filter(Boolean)
    .map((entry) => {
      const url = new URL(httpUrl(name, entry));
      if (url.pathname !== "/" || url.search || url.hash)
        throw new Error(`${name} takes origins only (scheme, host and port), got "${entry}"`);
      return url.origin;
    });
}

/** A configuration the backend cannot start with; the message, one line, names every variable at fault. */
export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration: ${problems.join("; ")}`);
    this.name = "ConfigError";
  }
}

/** A webhook endpoint's signing secret as Stripe makes them: anything shorter is guessed, and then forged events pass. */
const STRIPE_WEBHOOK_SECRET_SHAPE = /^whsec_[A-Za-z0-9+/=]{24,}$/;

/** Google's own issuer: what production verifies ID tokens against. */
const GOOGLE_ISSUER = "https://accounts.google.com";

/**
 * What production refuses (ARCHITECTURE.md, Operations) unless it runs
 * against the local stand-ins (USE_LOCAL_SERVICES=true, set by `npm start`):
 * the local Stripe's webhook secret or a missing one, a Stripe key that is
 * no real one, the local Google issuer, the local stand-ins' client id, a
 * Stripe API URL (the stand-in's), and the tests' fault injection.
 */
function productionProblems(env: NodeJS.ProcessEnv, config: ProcessConfig): string[] {
  if (env.NODE_ENV !== "production" || env.USE_LOCAL_SERVICES === "true") return [];
  const problems: string[] = [];
  if (!env.STRIPE_WEBHOOK_SECRET || env.STRIPE_WEBHOOK_SECRET === DEFAULT_CONFIG.stripe.webhookSecret)
    problems.push("STRIPE_WEBHOOK_SECRET: missing (the endpoint's whsec_… from Stripe, not the local whsec_local)");
  else if (!STRIPE_WEBHOOK_SECRET_SHAPE.test(env.STRIPE_WEBHOOK_SECRET))
    problems.push("STRIPE_WEBHOOK_SECRET: not a signing secret from Stripe (whsec_ and at least 24 more characters)");
  if (!/^(sk|rk)_(live|test)_[A-Za-z0-9]{16,}$/.test(env.STRIPE_SECRET_KEY ?? ""))
    problems.push("STRIPE_SECRET_KEY: missing (a key from Stripe's dashboard, sk_live_… or rk_live_…)");
  if (env.STRIPE_API_URL) problems.push("STRIPE_API_URL: the local Stripe stand-in (leave it unset for Stripe's own)");
  if (config.googleIssuer !== GOOGLE_ISSUER)
    problems.push(`GOOGLE_ISSUER: the local Google stand-in (leave it unset for ${GOOGLE_ISSUER})`);
  if (!env.GOOGLE_CLIENT_ID || env.GOOGLE_CLIENT_ID === DEFAULT_CONFIG.googleClientId)
    problems.push("GOOGLE_CLIENT_ID: missing (the app's OAuth client id, the audience of its ID tokens)");
  if (config.faultInjection) problems.push("BACKEND_FAULT_INJECTION: for the browser tests only");
  if (!env.APP_ORIGINS)
    problems.push(
      "APP_ORIGINS: missing (the app's public origin, e.g. https://app.example.com, where Stripe sends customers back)",
    );
  return problems;
}

/**
 * Reads the environment variables listed in backend/README.md; throws a
 * ConfigError naming each invalid, missing or unsafe one.
 */
export function loadConfig(env: NodeJS.ProcessEnv): ProcessConfig {
  const problems: string[] = [];
  const checked = <T>(read: () => T, fallback: T): T => {
    try {
      return read();
    } catch (error) {
      problems.push((error as Error).message);
      return fallback;
    }
  };
  const production = env.NODE_ENV === "production" && env.USE_LOCAL_SERVICES !== "true";
  const config: ProcessConfig = {
    host: env.BACKEND_HOST || "127.0.0.1",
    port: checked(() => positiveInteger("BACKEND_PORT", env.BACKEND_PORT, 3100), 3100),
    metricsPort: env.BACKEND_METRICS_PORT
      ? checked(() => positiveInteger("BACKEND_METRICS_PORT", env.BACKEND_METRICS_PORT, 0), undefined)
      : undefined,
    metricsHost: env.BACKEND_METRICS_HOST || "127.0.0.1",
    databasePath: env.DATABASE_PATH || ".data/backend.sqlite",
    seedDemoData: !production,
    googleIssuer: (env.GOOGLE_ISSUER || (production ? GOOGLE_ISSUER : DEFAULT_CONFIG.googleIssuer)).replace(/\/+$/, ""),
    googleClientId: env.GOOGLE_CLIENT_ID || DEFAULT_CONFIG.googleClientId,
    faultInjection: env.BACKEND_FAULT_INJECTION === "true",
    accessTokenTtlSeconds: checked(
      () =>
        positiveInteger("ACCESS_TOKEN_TTL_SECONDS", env.ACCESS_TOKEN_TTL_SECONDS, DEFAULT_CONFIG.accessTokenTtlSeconds),
      DEFAULT_CONFIG.accessTokenTtlSeconds,
    ),
    stripe: {
      secretKey: env.STRIPE_SECRET_KEY || DEFAULT_CONFIG.stripe.secretKey,
      apiUrl: env.STRIPE_API_URL ? checked(() => httpUrl("STRIPE_API_URL", env.STRIPE_API_URL!), null) : null,
      webhookSecret: env.STRIPE_WEBHOOK_SECRET || DEFAULT_CONFIG.stripe.webhookSecret,
    },
    appOrigins: env.APP_ORIGINS
      ? checked(() => httpOrigins("APP_ORIGINS", env.APP_ORIGINS!), [])
      : DEFAULT_CONFIG.appOrigins,
  };
  problems.push(...productionProblems(env, config));
  if (problems.length > 0) throw new ConfigError(problems);
  return config;
}
