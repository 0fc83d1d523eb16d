import type { GoogleIdTokenVerifier } from "./auth/google-id-token";

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
};

function positiveInteger(name: string, raw: string | undefined, fallback: number): number {
  if (raw === undefined || raw === "") return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value <= 0) throw new Error(`${name} must be a positive integer, got "${raw}"`);
  return value;
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
  };
}
