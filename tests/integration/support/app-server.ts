/**
 * The built app as `npm start` serves it (scripts/serve.mjs), in its own
 * process, against whatever backend the environment names (the test's
 * backend, or a proxy in front of it): for tests of what only the whole
 * server does (headers, timing, logs).
 */
import { spawn } from "node:child_process";
import { appServer } from "../../../scripts/services.mjs";
import { freePort } from "./network";

export interface RunningApp {
  url: string;
  /** Everything the process wrote so far. */
  output(): string;
  /** Sends the signal (SIGTERM unless told) and resolves once the process exited, with how it ended. */
  close(signal?: NodeJS.Signals): Promise<Exit>;
}

export interface Exit {
  code: number | null;
  signal: NodeJS.Signals | null;
}

/** The app on `port` (a free one unless told: an instance restarted takes its place again). */
export async function startAppServer(env: Record<string, string> = {}, port?: number): Promise<RunningApp> {
  port ??= await freePort();
  const url = `http://127.0.0.1:${port}`;
  const { command, args } = appServer("build/index.js");
  const child = spawn(command, args, {
    env: {
      ...process.env,
      PORT: String(port),
      NODE_ENV: "production",
      USE_LOCAL_SERVICES: "true",
      SESSION_SECRET: "test-secret",
      // The tests' session cookies are made without the production prefix (support/app.ts signIn).
      SECURE_COOKIES: "false",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  for (const stream of [child.stdout, child.stderr]) stream.on("data", (chunk) => (output += String(chunk)));
  const exited = new Promise<Exit>((resolve) => child.once("exit", (code, signal) => resolve({ code, signal })));
  const close = async (signal: NodeJS.Signals = "SIGTERM") => {
    if (child.exitCode === null && child.signalCode === null) child.kill(signal);
    return exited;
  };
  for (const deadline = Date.now() + 30_000; Date.now() < deadline;) {
    const alive = await fetch(`${url}/healthz`).then(
      (response) => response.ok,
      () => false,
    );
    if (alive) return { url, output: () => output, close };
    if (child.exitCode !== null) break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  await close();
  throw new Error(`the app did not start:\n${output}`);
}
