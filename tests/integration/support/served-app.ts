/** The app as `npm start` serves it (scripts/serve.mjs over the server build), on a free port, for tests. */
import { spawn } from "node:child_process";
import { appServer } from "../../../scripts/services.mjs";
import { freePort } from "./network";

export interface ServedApp {
  url: string;
  /** Everything it wrote to stdout and stderr so far. */
  log(): string;
  stop(): void;
}

/** Starts it against the backend of process.env (startAppBackend), with `env` on top; resolves once it listens. */
export async function startServedApp(env: Record<string, string> = {}): Promise<ServedApp> {
  const port = await freePort();
  const { command, args } = appServer("build/index.js");
  const child = spawn(command, args, {
    env: {
      ...process.env,
      PORT: String(port),
      NODE_ENV: "production",
      USE_LOCAL_SERVICES: "true",
      SESSION_SECRET: "test-secret",
      // The tests' session cookie is made without the production prefix (support/app.ts signIn).
      SECURE_COOKIES: "false",
      LOG_LEVEL: "info",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let log = "";
  for (const stream of [child.stdout, child.stderr]) stream.on("data", (chunk) => (log += String(chunk)));
  for (let waited = 0; !log.includes('"msg":"app on'); waited += 100) {
    if (waited > 30_000 || child.exitCode !== null) throw new Error(`the app did not start:\n${log}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return { url: `http://127.0.0.1:${port}`, log: () => log, stop: () => child.kill("SIGTERM") };
}
