import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { startBalancer } from "../../../scripts/balancer";
import { appServer, resolveEnv } from "../../../scripts/services.mjs";
import { freePorts } from "./env";

/**
 * The README's "Running more than one instance", for a browser test: the
 * local stack (backend, Google, Stripe) with a fresh database, two app
 * instances sharing its session secret, and HAProxy in front of them
 * (scripts/balancer.ts: round robin, no stickiness, /readyz as its health check), every instance with the
 * default graceful stop (SHUTDOWN_DRAIN_MS unset: longer than HAProxy takes to notice).
 */

/** An app instance and what it logged: its request lines' ids tell which requests it answered. */
export class Instance {
  readonly lines: string[] = [];
  exited: Promise<number | null>;

  constructor(
    readonly name: string,
    readonly process: ChildProcess,
    /** Keeps the lines of this instance's own output (the stack's output mixes its services'). */
    keep: (line: string) => string | null = (line) => line,
  ) {
    let rest = "";
    process.stdout!.on("data", (chunk: Buffer) => {
      const lines = (rest + chunk.toString()).split("\n");
      rest = lines.pop()!;
      for (const line of lines) {
        const kept = keep(line);
        if (kept !== null) this.lines.push(kept);
      }
    });
    this.exited = new Promise((resolve) => process.once("exit", (code) => resolve(code)));
  }

  /** The JSON lines it logged. */
  records(): Record<string, unknown>[] {
    return this.lines.flatMap((line) => {
      try {
        return [JSON.parse(line) as Record<string, unknown>];
      } catch {
        return [];
      }
    });
  }

  requestIds() {
    return new Set(this.records().flatMap((record) => (record.msg === "request" ? [String(record.requestId)] : [])));
  }
}

async function waitUntil(what: string, ready: () => Promise<boolean>, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await ready().catch(() => false))) {
    if (Date.now() > deadline) throw new Error(`${what} did not happen within ${timeoutMs / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

const answers = (url: string) => async () => (await fetch(url)).ok;

export async function startBalancedStack() {
  const [appA, appB, backend, google, stripe, balancer] = await freePorts(6);
  const directory = mkdtempSync(path.join(os.tmpdir(), "yamm-balanced-"));
  const url = `http://localhost:${balancer}`;
  const shared = {
    ...process.env,
    USE_LOCAL_SERVICES: "true",
    BACKEND_PORT: String(backend),
    GOOGLE_PORT: String(google),
    STRIPE_PORT: String(stripe),
    DATABASE_PATH: path.join(directory, "backend.sqlite"),
    STRIPE_STATE_PATH: "",
    // People reach the app through HAProxy only: its origin is the app's, and Google's callback goes there.
    APP_URL: url,
    GOOGLE_REDIRECT_URIS: `${url}/auth/google/callback`,
    // One secret for every instance: a cookie made by one opens on the other.
    SESSION_SECRET: randomBytes(32).toString("hex"),
    LOG_LEVEL: "info",
  };
  const envOf = (port: number) => resolveEnv({ ...shared, PORT: String(port) }).env;

  // `npm start`: the local services and the first instance (its lines are the supervisor's "[app] …").
  const stack = spawn(process.execPath, ["scripts/start.mjs"], {
    env: { ...shared, PORT: String(appA) },
    stdio: ["ignore", "pipe", "inherit"],
  });
  const first = new Instance("app1", stack, (line) =>
    line.startsWith("[app]") ? line.replace(/^\[app\]\s*/, "") : null,
  );
  const startSecond = () => {
    const { command, args } = appServer("build/index.js");
    return new Instance("app2", spawn(command, args, { env: envOf(appB), stdio: ["ignore", "pipe", "inherit"] }));
  };
  let second = startSecond();

  await waitUntil("the first instance's readiness", answers(`http://127.0.0.1:${appA}/readyz`));
  await waitUntil("the second instance's readiness", answers(`http://127.0.0.1:${appB}/readyz`));
  const haproxy = startBalancer({ port: balancer, instances: [appA, appB] });
  // Both servers up for HAProxy: two requests in a row, one on each.
  await waitUntil("HAProxy's view of both instances", async () => {
    const before = [first.requestIds().size, second.requestIds().size];
    for (let i = 0; i < 2; i++) if (!(await fetch(`${url}/login`)).ok) return false;
    await new Promise((resolve) => setTimeout(resolve, 100));
    return first.requestIds().size > before[0]! && second.requestIds().size > before[1]!;
  });

  return {
    url,
    googleUrl: `http://localhost:${google}`,
    /** The second instance itself, behind HAProxy's back. */
    secondUrl: `http://127.0.0.1:${appB}`,
    instances: () => [first, second],
    /** Which instance logged the request with this id: its line is written once the answer is sent, so soon after. */
    async instanceOf(requestId: string) {
      const find = () => [first, second].find((instance) => instance.requestIds().has(requestId))?.name;
      for (let waited = 0; !find() && waited < 3_000; waited += 50) await new Promise((r) => setTimeout(r, 50));
      return find();
    },
    /** SIGTERM to the second instance; resolves with its exit code. */
    async stopSecond() {
      second.process.kill("SIGTERM");
      return second.exited;
    },
    /** The second instance again, once HAProxy sends it requests. */
    async restartSecond() {
      second = startSecond();
      await waitUntil("the restarted instance's readiness", answers(`http://127.0.0.1:${appB}/readyz`));
      await waitUntil("a request on the restarted instance", async () => {
        await fetch(`${url}/login`);
        return second.requestIds().size > 0;
      });
    },
    async stop() {
      second.process.kill("SIGTERM");
      stack.kill("SIGTERM");
      await Promise.all([haproxy.stop(), second.exited, first.exited]);
    },
  };
}

export type BalancedStack = Awaited<ReturnType<typeof startBalancedStack>>;
