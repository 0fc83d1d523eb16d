// Shared by `npm start` and `npm run dev`: one environment for every process,
// the local stand-ins started first, and one lifetime for the whole group.
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import readline from "node:readline";
import { redactSecrets } from "./redact-secrets.mjs";

export { redactSecrets };

export const root = path.resolve(import.meta.dirname, "..");

/** A binary installed by npm, by path, so nothing depends on PATH or npx. */
export const bin = (name) => path.join(root, "node_modules", ".bin", name);

/**
 * The app's server (scripts/serve.mjs) serving a server build.
 *
 * A page's short-lived objects (the backend's answers, React's render) fill
 * V8's young generation: at 32 MB a semi-space (V8 sizes it smaller by
 * default) fewer of them are still alive when it is scavenged, about 7 % less
 * CPU per page (README, Render cost) for a little more memory.
 */
const YOUNG_GENERATION_FLAG = "--max-semi-space-size=32";
/**
 * The old generation's limit, set on purpose (README, Memory): V8's default grows with the machine's memory, and
 * it kept what it had grown to. With it the server stays under RSS_BUDGET_MB.
 */
export const HEAP_LIMIT_FLAG = "--max-old-space-size=256";
/** The app server's resident memory under load, at most (npm run bench:memory): what to give its container, less a margin. */
export const RSS_BUDGET_MB = 384;
export function appServer(serverBuild) {
  return {
    command: process.execPath,
    args: [YOUNG_GENERATION_FLAG, HEAP_LIMIT_FLAG, path.join(root, "scripts", "serve.mjs"), serverBuild],
  };
}

const READY_TIMEOUT_MS = 90_000;
// Longer than the app's graceful stop may take with its defaults (SHUTDOWN_TIMEOUT_MS, 20 s, the drain included):
// past it the app exits by itself (1, saying requests were still open) before it is killed.
const KILL_AFTER_MS = 22_000;

/**
 * The environment of every child. Precedence: the process environment, then
 * `.env`, then defaults. With local services the service URLs are always
 * derived from the ports, never read, so a stale `.env` line cannot point the
 * app at a port nobody listens on (tests start everything on random ports).
 */
export function resolveEnv(base = process.env) {
  const envFile = path.join(root, ".env");
  // loadEnvFile never overrides variables that are already set.
  if (existsSync(envFile)) process.loadEnvFile(envFile);

  const env = { ...process.env, ...base };
  env.PORT ??= "3000";
  env.BACKEND_PORT ??= "3100";
  env.GOOGLE_PORT ??= "3200";
  env.STRIPE_PORT ??= "12111";
  const useLocalServices = env.USE_LOCAL_SERVICES !== "false";

  if (useLocalServices) {
    // Every process learns it runs against the stand-ins: their production checks allow them (README, Environment).
    env.USE_LOCAL_SERVICES = "true";
    const backend = `http://localhost:${env.BACKEND_PORT}`;
    const google = `http://localhost:${env.GOOGLE_PORT}`;
    Object.assign(env, {
      API_V1_URL: `${backend}/api/v1`,
      API_V2_URL: `${backend}/api/v2`,
      BILLING_API_URL: `${backend}/billing`,
      AUTH_API_URL: backend,
      GOOGLE_OAUTH_URL: google,
      GOOGLE_ISSUER: google,
    });
    env.GOOGLE_CLIENT_ID ??= "yamm-local-client";
    env.GOOGLE_CLIENT_SECRET ??= "yamm-local-secret";
    env.GOOGLE_REDIRECT_URIS ??= localAppOrigins(env)
      .map((origin) => `${origin}/auth/google/callback`)
      .join(",");
    // Where the backend lets Stripe's pages send a customer back: this app only.
    env.APP_ORIGINS ??= localAppOrigins(env).join(",");
    // The local Stripe takes any test key; the backend calls it with the stripe SDK's host and port options.
    env.STRIPE_API_URL = `http://localhost:${env.STRIPE_PORT}`;
    env.STRIPE_SECRET_KEY ??= "sk_test_local";
    // Browsers reach its hosted pages there; the app's form-action lets checkout forms lead to them.
    env.STRIPE_PUBLIC_URL ??= `http://localhost:${env.STRIPE_PORT}`;
    env.STRIPE_PAGES_URL ??= env.STRIPE_PUBLIC_URL;
    // It posts its events to the backend, signed with the secret the backend checks them with.
    env.STRIPE_WEBHOOK_URL = `${backend}/billing/stripe/webhooks`;
    env.STRIPE_WEBHOOK_SECRET ??= "whsec_local";
    // What it holds survives a restart, as the database does; `npm run seed` deletes both (same default
    // there). Set to "" for a Stripe that starts from its seed every time (the browser tests, the benchmark).
    env.STRIPE_STATE_PATH ??= ".data/stripe-state.json";
  }

  // The production build refuses a missing or development secret; with the local stand-ins this
  // machine gets a random one of its own, kept under .data/ so sessions survive a restart.
  if (useLocalServices && !env.SESSION_SECRET) env.SESSION_SECRET = localSessionSecret();
  return { env, useLocalServices };
}

/** The app's origins with the local services: APP_URL's, or the local port by either name. */
function localAppOrigins(env) {
  return env.APP_URL ? [new URL(env.APP_URL).origin] : [`http://localhost:${env.PORT}`, `http://127.0.0.1:${env.PORT}`];
}

function localSessionSecret() {
  const file = path.join(root, ".data", "session-secret");
  // .data/ holds the database and the local Stripe's state too (customers' addresses): its owner's alone.
  mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  try {
    writeFileSync(file, randomBytes(32).toString("hex"), { mode: 0o600, flag: "wx" });
  } catch (error) {
    // Made already, by an earlier start or one starting beside this one.
    if (error.code !== "EEXIST") throw error;
  }
  return readFileSync(file, "utf8").trim();
}

/** The local stand-ins, in the order they start; the app waits for each `readyUrl` to answer. */
function localServices(env) {
  return [
    {
      name: "google",
      command: bin("tsx"),
      args: ["backend/emulators/google/main.ts"],
      readyUrl: `${env.GOOGLE_ISSUER}/health`,
    },
    {
      name: "stripe",
      command: bin("tsx"),
      args: ["backend/emulators/stripe/main.ts"],
      readyUrl: `${env.STRIPE_API_URL}/health`,
    },
    {
      name: "backend",
      command: bin("tsx"),
      args: ["backend/src/main.ts"],
      readyUrl: `${env.AUTH_API_URL}/health`,
    },
  ];
}

const COLORS = [36, 35, 32, 33, 34];

/**
 * Runs child processes as one unit: output prefixed with the child's name,
 * signals forwarded, and the first child to die takes the others with it, so
 * a half-started stack never lingers (e.g. behind Playwright's webServer).
 *
 * Each child leads its own process group and is signalled as a group: `remix
 * dev` and `tsx` run the real server as a grandchild, which a plain kill
 * would leave behind, still holding its port.
 */
class Supervisor {
  children = new Map();
  groups = new Set();
  stopping = false;
  exitCode = 0;

  constructor(names) {
    this.width = Math.max(...names.map((name) => name.length));
    this.colors = new Map(names.map((name, index) => [name, COLORS[index % COLORS.length]]));
    // Children do not see the terminal's signals (own groups): these are their only way to learn of them.
    for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"]) {
      process.on(signal, () => this.stop(0, signal));
    }
  }

  prefix(name) {
    const label = `[${name}]`.padEnd(this.width + 2);
    return process.stdout.isTTY ? `\x1b[${this.colors.get(name)}m${label}\x1b[0m` : label;
  }

  log(message) {
    // stderr, so the stack's own messages still show where stdout is discarded (Playwright's webServer).
    console.error(`${this.prefix("start")} ${message}`);
  }

  start({ name, command, args }, env) {
    if (this.stopping) return;
    const child = spawn(command, args, { cwd: root, env, stdio: ["ignore", "pipe", "pipe"], detached: true });
    this.children.set(name, child);
    if (child.pid) this.groups.add(child.pid);
    for (const [stream, out] of [
      [child.stdout, process.stdout],
      [child.stderr, process.stderr],
    ]) {
      readline
        .createInterface({ input: stream })
        .on("line", (line) => out.write(`${this.prefix(name)} ${redactSecrets(line)}\n`));
    }
    child.on("error", (error) => {
      this.log(`${name} could not start: ${error.message}`);
      this.stop(1);
    });
    // "close", not "exit": it waits for the output to drain, so a crash's stack trace is printed before we exit.
    child.on("close", (code, signal) => {
      this.children.delete(name);
      if (!this.stopping) {
        this.log(`${name} exited (${signal ?? `code ${code}`}); stopping the others`);
        this.stop(code || 1);
      } else if (this.children.size === 0) {
        process.exit(this.exitCode);
      }
    });
  }

  signalGroups(signal) {
    for (const pid of this.groups) {
      try {
        process.kill(-pid, signal);
      } catch {
        // ESRCH: that group has already exited entirely.
      }
    }
  }

  stop(exitCode, signal = "SIGTERM") {
    if (this.stopping) return;
    this.stopping = true;
    this.exitCode = exitCode;
    // Also the groups of children already gone: a dead child may have left its server behind.
    this.signalGroups(signal);
    if (this.children.size === 0) process.exit(exitCode);
    setTimeout(() => {
      for (const name of this.children.keys())
        this.log(`${name} did not stop within ${KILL_AFTER_MS / 1000} s; killing it`);
      this.signalGroups("SIGKILL");
      // A stray process may still hold a child's output open, delaying "close" forever.
      setTimeout(() => process.exit(this.exitCode), 1_000);
    }, KILL_AFTER_MS).unref();
  }

  /** Resolves once `url` gives any HTTP answer: the server is listening, whatever it thinks of the request. */
  async waitFor(name, url) {
    const deadline = Date.now() + READY_TIMEOUT_MS;
    while (!this.stopping) {
      try {
        await fetch(url, { signal: AbortSignal.timeout(2_000) });
        return;
      } catch {
        if (Date.now() > deadline) {
          this.log(`${name} did not answer at ${url} within ${READY_TIMEOUT_MS / 1000} s`);
          this.stop(1);
        } else {
          await new Promise((resolve) => setTimeout(resolve, 250));
        }
      }
    }
    // Stopping: never resolve, so nothing further starts while the group exits.
    await new Promise(() => {});
  }
}

/**
 * Starts the local services (unless USE_LOCAL_SERVICES=false), waits until
 * they answer, then starts `app`, a `{ name, command, args }` description.
 */
export async function runStack(app) {
  const { env, useLocalServices } = resolveEnv();
  const services = useLocalServices ? localServices(env) : [];
  const supervisor = new Supervisor(["start", ...services.map((service) => service.name), app.name]);

  for (const service of services) supervisor.start(service, env);
  await Promise.all(services.map((service) => supervisor.waitFor(service.name, service.readyUrl)));
  if (useLocalServices)
    supervisor.log(`local services ready: Google at ${env.GOOGLE_ISSUER}, backend at ${env.AUTH_API_URL}`);
  supervisor.start(app, env);
  supervisor.log(`app on http://localhost:${env.PORT}`);
}
