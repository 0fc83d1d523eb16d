/**
 * The production stack as the benchmarks start it: `npm start` (app, reference
 * backend, local Google and Stripe) on free ports with a fresh database, and a
 * signed-in session cookie made straight in that database. Needs `npm run build`.
 * Beside it, the bare Remix page the benchmarks compare the app with.
 */
import { spawn, spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs/promises";
import { createServer } from "node:net";
import os from "node:os";
import path from "node:path";
import { appServer } from "./services.mjs";

export const root = path.resolve(import.meta.dirname, "..");

/** With `captureOutput`, what the stack prints (each line behind its process's `[name]`) is kept for `output()`. */
export async function startStack(extraEnv: Record<string, string> = {}, { captureOutput = false } = {}) {
  const directory = await fs.mkdtemp(path.join(os.tmpdir(), "yamm-bench-"));
  const [appPort, backendPort, googlePort, stripePort] = await freePorts(4);
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(appPort),
    BACKEND_PORT: String(backendPort),
    GOOGLE_PORT: String(googlePort),
    STRIPE_PORT: String(stripePort),
    DATABASE_PATH: path.join(directory, "backend.sqlite"),
    // Like the fresh database, the local Stripe starts from its seed.
    STRIPE_STATE_PATH: "",
    USE_LOCAL_SERVICES: "true",
    SESSION_SECRET: randomBytes(32).toString("hex"),
    // The bench speaks plain HTTP: the session cookie without its __Host- prefix.
    SECURE_COOKIES: "false",
    ...extraEnv,
  };
  const url = `http://localhost:${appPort}`;
  const stack = spawn(process.execPath, [path.join(root, "scripts", "start.mjs")], {
    cwd: root,
    env,
    stdio: ["ignore", captureOutput ? "pipe" : "ignore", captureOutput ? "pipe" : "inherit"],
    detached: true,
  });
  let output = "";
  for (const stream of [stack.stdout, stack.stderr]) stream?.on("data", (chunk) => (output += String(chunk)));
  const stopStack = () => stopGroup(stack.pid);
  process.on("exit", stopStack);
  await waitFor(`${url}/login`);
  return {
    url,
    /** Every process's environment (the services' URLs, the session secret…). */
    env,
    signIn: (email: string) => signIn(env, url, email),
    output: () => output,
    async stop() {
      stopStack();
      await fs.rm(directory, { recursive: true, force: true });
    },
  };
}

/**
 * One more app server (scripts/serve.mjs and the build) beside the stack's, with the stack's environment and
 * `extraEnv` (the render benchmark points its backend at a stand-in), less `withoutNodeFlags` of npm start's
 * (the memory benchmark's baseline). Its `pid` is the process serving.
 */
export async function startApp(
  env: NodeJS.ProcessEnv,
  extraEnv: Record<string, string>,
  { withoutNodeFlags = [] as string[] } = {},
) {
  const [port] = await freePorts(1);
  const { command, args } = appServer(path.join(root, "build", "index.js"));
  const server = spawn(
    command,
    args.filter((arg) => !withoutNodeFlags.includes(arg)),
    {
      cwd: root,
      env: { ...env, NODE_ENV: "production", ...extraEnv, PORT: String(port) },
      stdio: ["ignore", "ignore", "inherit"],
      detached: true,
    },
  );
  const stop = () => stopGroup(server.pid);
  process.on("exit", stop);
  const url = `http://localhost:${port}`;
  await waitFor(`${url}/login`);
  return { url, pid: server.pid!, stop };
}

/**
 * Builds the bare Remix page (scripts/bare-remix: the app's Remix, a 25-row
 * table; with `env` naming a backend, also the same table from the backend
 * calls of a list page) and serves it on a free port, as the app is served:
 * remix-serve in production mode. Its `pid` is the process serving.
 */
export async function startBarePage(env: Record<string, string> = {}) {
  const fixture = path.join(root, "scripts", "bare-remix");
  const built = spawnSync(
    process.execPath,
    [path.join(root, "node_modules", "@remix-run", "dev", "dist", "cli.js"), "build"],
    {
      cwd: fixture,
      encoding: "utf8",
    },
  );
  if (built.status !== 0) throw new Error(`The bare Remix page did not build:\n${built.stderr}`);
  const [port] = await freePorts(1);
  const url = `http://localhost:${port}/`;
  // Its assets path is relative to the fixture.
  const server = spawn(
    process.execPath,
    [
      path.join(root, "node_modules", "@remix-run", "serve", "dist", "cli.js"),
      "../../.cache/bare-remix/build/index.js",
    ],
    {
      cwd: fixture,
      env: { ...process.env, ...env, PORT: String(port), NODE_ENV: "production" },
      stdio: "ignore",
      detached: true,
    },
  );
  const stop = () => stopGroup(server.pid);
  process.on("exit", stop);
  await waitFor(url);
  return { url, pid: server.pid!, stop };
}

/** The app's four backend URLs for a backend (or a stand-in of one) at `origin`. */
export function backendUrlsAt(origin: string) {
  return {
    API_V1_URL: `${origin}/api/v1`,
    API_V2_URL: `${origin}/api/v2`,
    BILLING_API_URL: `${origin}/billing`,
    AUTH_API_URL: origin,
  };
}

/** Ends a process group that a benchmark started (detached, so it leads its own group). */
export function stopGroup(pid: number | undefined) {
  try {
    if (pid) process.kill(-pid, "SIGTERM");
  } catch {
    // Gone already.
  }
}

export async function waitFor(url: string) {
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${url} did not answer within 90 s.`);
}

/** A backend session made in the stack's database, as the app's session cookie (like the integration tests). */
async function signIn(env: NodeJS.ProcessEnv, appUrl: string, email: string) {
  Object.assign(process.env, { SESSION_SECRET: env.SESSION_SECRET, SECURE_COOKIES: env.SECURE_COOKIES });
  const { openDatabase } = await import("../backend/src/db/connection");
  const { createSession } = await import("../backend/src/auth/session-store");
  const { findUserByEmail } = await import("../backend/src/store/users");
  const { commitSessionData } = await import("../app/utils/session.server");
  const db = openDatabase(env.DATABASE_PATH!);
  try {
    const user = await findUserByEmail(db, email);
    const tokens = await createSession(
      db,
      { sub: `bench-${email}`, email, name: user?.name ?? null, picture: user?.picture ?? null },
      { ttlSeconds: 3600 },
    );
    const setCookie = await commitSessionData(new Request(appUrl), {
      ...tokens,
      expiresAt: Number(tokens.expiresAt),
      email,
    });
    return setCookie.split(";")[0]!;
  } finally {
    await db.destroy();
  }
}

/**
 * The session cookie as a browser holds it after its first visit of a space page (which records the space
 * as the last one visited): autocannon keeps no cookies, and with the first one every request would be
 * answered with a new cookie.
 */
export async function cookieAfterFirstVisit(url: string, cookie: string) {
  const response = await fetch(url, { headers: { cookie } });
  await response.text();
  const name = cookie.split("=")[0]!;
  const renewed = response.headers.getSetCookie().find((setCookie) => setCookie.startsWith(`${name}=`));
  return renewed?.split(";")[0] ?? cookie;
}

export async function freePorts(count: number): Promise<number[]> {
  const servers = Array.from({ length: count }, () => createServer());
  await Promise.all(servers.map((server) => new Promise<void>((resolve) => server.listen(0, resolve))));
  const ports = servers.map((server) => (server.address() as { port: number }).port);
  await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
  return ports;
}

/** The value below which p % of the values lie, rounded to a whole number (ms). */
export function percentile(values: number[], p: number) {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return Math.round(sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!);
}
