import { z } from "zod";

/** The development signing secret: any copy of this repository knows it, so production refuses it. */
export const DEVELOPMENT_SESSION_SECRET = "dev-only-secret-change-me";

/**
 * How the README's load balancer (scripts/balancer.ts) checks an instance: GET /readyz every `intervalMs`, taken out
 * after `fall` failures in a row.
 */
export const BALANCER_HEALTH_CHECKS = { intervalMs: 300, fall: 2 } as const;
/**
 * The longest it takes that balancer to notice an instance stopping: the check under way when /readyz turned 503
 * may still pass, then `fall` more.
 */
export const BALANCER_NOTICE_MS = BALANCER_HEALTH_CHECKS.intervalMs * (BALANCER_HEALTH_CHECKS.fall + 1);
/** A stopping instance answers this long after /readyz turned 503: the balancer's notice, and as much again for a busy machine's late checks. */
const DEFAULT_SHUTDOWN_DRAIN_MS = 2_000;

/**
 * Server configuration, validated once when the server starts. Defaults point
 * at the embedded reference backend and the local Google stand-in (see
 * README), so a fresh clone runs offline; production sets every URL and
 * secret explicitly.
 */
/** A URL the app calls or sends people to: http or https, never another scheme. */
const httpUrl = () =>
  z
    .string()
    .url()
    .refine(
      (value) => !URL.canParse(value) || ["http:", "https:"].includes(new URL(value).protocol),
      "must be an http or https URL",
    );

const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  API_V1_URL: httpUrl().default("http://localhost:3100/api/v1"),
  API_V2_URL: httpUrl().default("http://localhost:3100/api/v2"),
  BILLING_API_URL: httpUrl().default("http://localhost:3100/billing"),
  AUTH_API_URL: httpUrl().default("http://localhost:3100"),
  GOOGLE_CLIENT_ID: z.string().min(1).default("yamm-local-client"),
  GOOGLE_CLIENT_SECRET: z.string().min(1).default("yamm-local-secret"),
  /** Base URL of the local Google stand-in; unset together with a real client id means real Google. */
  GOOGLE_OAUTH_URL: httpUrl().optional(),
  /** Where browsers reach the local Stripe's hosted pages; unset in production means Stripe's own. */
  STRIPE_PAGES_URL: httpUrl().optional(),
  SESSION_SECRET: z.string().min(1).optional(),
  /** Public origin of the app, when it differs from what requests show (behind a TLS proxy). */
  APP_URL: httpUrl().optional(),
  /** Set to "false" to serve the session cookie over plain HTTP in production-like local runs. */
  SECURE_COOKIES: z.enum(["true", "false"]).optional(),
  /** Deadline of a backend or stand-in read (GET), in milliseconds. */
  BACKEND_READ_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(5_000),
  /** Deadline of a backend write (POST, PUT, PATCH, DELETE), in milliseconds: writes may take longer. */
  BACKEND_WRITE_TIMEOUT_MS: z.coerce.number().int().min(100).max(300_000).default(15_000),
  /** "true": production may call a backend over plain http beyond this machine (TLS ends before it, on a private network). */
  ALLOW_PLAIN_HTTP_BACKEND: z.enum(["true", "false"]).optional(),
  /** Failed calls in a row to one service (timed out, unreachable, 502/503/504) after which its calls are refused at once. */
  BACKEND_CIRCUIT_FAILURES: z.coerce.number().int().min(1).max(1_000).default(5),
  /** How long a service's calls are refused once its circuit opened; then one call tries it again, in milliseconds. */
  BACKEND_CIRCUIT_OPEN_MS: z.coerce.number().int().min(100).max(600_000).default(5_000),
  /** "true" (set by `npm start` and `npm run dev`): the reference backend and the local stand-ins, checked leniently. */
  USE_LOCAL_SERVICES: z.enum(["true", "false"]).optional(),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  /** "pretty": readable lines for a terminal; JSON lines otherwise. */
  LOG_FORMAT: z.enum(["json", "pretty"]).default("json"),
  /** The metrics' port (Prometheus format, GET /metrics); unset: no metrics served. */
  METRICS_PORT: z.coerce.number().int().min(1).max(65_535).optional(),
  /** The metrics' interface: loopback unless said otherwise, never the public port. */
  METRICS_HOST: z.string().min(1).default("127.0.0.1"),
  /** After SIGTERM (SIGINT, SIGHUP), how long the app keeps answering (not ready) before it stops taking connections. */
  SHUTDOWN_DRAIN_MS: z.coerce.number().int().min(0).max(120_000).default(DEFAULT_SHUTDOWN_DRAIN_MS),
  /** After SIGTERM, the longest the requests under way may take before the process exits anyway. */
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(20_000),
  /** Requests the app works on at once; past them a queue, then an immediate 503 (overload). */
  MAX_CONCURRENT_REQUESTS: z.coerce.number().int().min(1).max(1_000).default(8),
  /** Requests that may wait for a place before the app refuses new ones at once. */
  MAX_QUEUED_REQUESTS: z.coerce.number().int().min(0).max(10_000).default(512),
  /** The longest a request waits for a place, in milliseconds: one that would wait three quarters of it at the queue's recent pace is refused at once. */
  MAX_QUEUE_WAIT_MS: z.coerce.number().int().min(10).max(60_000).default(8_000),
});

export type Env = z.infer<typeof envSchema> & { SESSION_SECRET: string };

/** A configuration the server cannot start with; the message, one line, names every variable at fault. */
export class EnvError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration: ${problems.join("; ")}`);
    this.name = "EnvError";
  }
}

/** The local stand-ins' client, which any copy of this repository knows. */
const LOCAL_GOOGLE_CLIENT = { GOOGLE_CLIENT_ID: "yamm-local-client", GOOGLE_CLIENT_SECRET: "yamm-local-secret" };

/** The backends the app calls with people's bearer tokens. */
const BACKEND_URLS = ["API_V1_URL", "API_V2_URL", "BILLING_API_URL", "AUTH_API_URL"] as const;

/** A session secret's least length: the cookie's key is derived from it, and a short one is guessed offline from any cookie. */
export const SESSION_SECRET_MIN_LENGTH = 32;

const isLoopback = (url: URL) =>
  ["localhost", "127.0.0.1", "[::1]"].includes(url.hostname) || /^127\./.test(url.hostname);

/** Why the session secrets (comma-separated, for rotation) will not do in production, or null. */
function sessionSecretProblem(raw: string | undefined, strict: boolean) {
  const secrets = (raw ?? "").split(",").map((secret) => secret.trim());
  if (!raw || secrets.some((secret) => secret === "" || secret === DEVELOPMENT_SESSION_SECRET))
    return "SESSION_SECRET: production needs a secret of its own (comma-separated for rotation), not the development one";
  if (strict && secrets.some((secret) => secret.length < SESSION_SECRET_MIN_LENGTH))
    return `SESSION_SECRET: each secret needs at least ${SESSION_SECRET_MIN_LENGTH} characters (make one with \`openssl rand -hex 32\`)`;
  return null;
}

/**
 * What production refuses (ARCHITECTURE.md, Operations), read from the raw
 * environment so that it is said together with the format problems: the
 * development session secret always; without the local stand-ins
 * (USE_LOCAL_SERVICES), also a short session secret, a backend URL left to
 * its local default or in plain http beyond this machine (bearer tokens
 * travel there) unless ALLOW_PLAIN_HTTP_BACKEND says so, no public APP_URL
 * (https), the stand-ins' Google client, and a stand-in's URL.
 */
function productionProblems(source: Record<string, string | undefined>) {
  const localServices = source.USE_LOCAL_SERVICES === "true";
  const problems: string[] = [];
  const secretProblem = sessionSecretProblem(source.SESSION_SECRET, !localServices);
  if (secretProblem) problems.push(secretProblem);
  if (localServices) return problems;
  for (const name of BACKEND_URLS) {
    const raw = source[name];
    if (!raw) problems.push(`${name}: missing (production calls its own backend, never the local default)`);
    else if (
      URL.canParse(raw) &&
      new URL(raw).protocol === "http:" &&
      !isLoopback(new URL(raw)) &&
      source.ALLOW_PLAIN_HTTP_BACKEND !== "true"
    )
      problems.push(`${name}: plain http beyond this machine (use https, or set ALLOW_PLAIN_HTTP_BACKEND=true)`);
  }
  if (!source.APP_URL)
    problems.push("APP_URL: missing (the public https origin, for Google's and Stripe's return URLs)");
  else if (URL.canParse(source.APP_URL) && new URL(source.APP_URL).protocol !== "https:")
    problems.push("APP_URL: must be an https origin in production");
  for (const [name, local] of Object.entries(LOCAL_GOOGLE_CLIENT) as [keyof typeof LOCAL_GOOGLE_CLIENT, string][]) {
    if (!source[name] || source[name] === local)
      problems.push(`${name}: missing (the local stand-in's cannot sign anyone in)`);
  }
  if (source.GOOGLE_OAUTH_URL)
    problems.push("GOOGLE_OAUTH_URL: the local Google stand-in (leave it unset for Google's own)");
  if (source.STRIPE_PAGES_URL)
    problems.push("STRIPE_PAGES_URL: the local Stripe stand-in (leave it unset for Stripe's own)");
  return problems;
}

/** Reads and checks the configuration; throws an EnvError naming each missing, invalid or unsafe variable, all at once. */
export function parseEnv(source: Record<string, string | undefined>): Env {
  const parsed = envSchema.safeParse(source);
  const problems = parsed.success
    ? []
    : parsed.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`);
  const production = source.NODE_ENV === "production";
  if (production) problems.push(...productionProblems(source));
  if (!parsed.success || problems.length > 0) throw new EnvError(problems);
  const env = parsed.data;
  return { ...env, SESSION_SECRET: env.SESSION_SECRET ?? DEVELOPMENT_SESSION_SECRET };
}

let cached: Env | undefined;

export function getEnv(): Env {
  cached ??= parseEnv(process.env);
  return cached;
}

/**
 * Called once as the server starts (entry.server): a bad configuration stops
 * the start with one line naming each variable at fault, before any request
 * is served.
 */
export function checkEnvAtStart() {
  try {
    getEnv();
  } catch (error) {
    if (!(error instanceof EnvError)) throw error;
    console.error(error.message);
    process.exit(1);
  }
}

export function isProduction() {
  return getEnv().NODE_ENV === "production";
}

export function secureCookiesEnabled() {
  const { SECURE_COOKIES } = getEnv();
  return SECURE_COOKIES ? SECURE_COOKIES === "true" : isProduction();
}

export function sessionSecrets() {
  return getEnv()
    .SESSION_SECRET.split(",")
    .map((secret) => secret.trim())
    .filter(Boolean);
}

/**
 * The origins of Stripe's hosted pages (Checkout, portal, invoice) that our
 * forms lead to through a 303: the local stand-in's when configured, else
 * Stripe's own.
 */
export function stripePageOrigins(): string[] {
  const local = getEnv().STRIPE_PAGES_URL ?? (isProduction() ? undefined : "http://localhost:12111");
  if (local) return [new URL(local).origin];
  // hooks.stripe.com: the card's authentication page (3-D Secure) a payment confirmation redirects to.
  return [
    "https://checkout.stripe.com",
    "https://billing.stripe.com",
    "https://invoice.stripe.com",
    "https://hooks.stripe.com",
  ];
}

/** The three Google endpoints: the local stand-in when configured, else Google's own. */
export function googleEndpoints() {
  const local = getEnv().GOOGLE_OAUTH_URL ?? (isProduction() ? undefined : "http://localhost:3200");
  if (local) {
    return {
      authorizationURL: `${local}/o/oauth2/v2/auth`,
      tokenURL: `${local}/token`,
      userInfoURL: `${local}/userinfo`,
      tokenInfoURL: `${local}/tokeninfo`,
    };
  }
  return {
    authorizationURL: "https://accounts.google.com/o/oauth2/v2/auth",
    tokenURL: "https://oauth2.googleapis.com/token",
    userInfoURL: "https://www.googleapis.com/oauth2/v3/userinfo",
    tokenInfoURL: "https://oauth2.googleapis.com/tokeninfo",
  };
}
