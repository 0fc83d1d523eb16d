/**
 * The built server checks its configuration once, as it starts (ARCHITECTURE:
 * configuration, Operations): production refuses the development session
 * secret and, without the local stand-ins, every local default, on one line.
 */
import { spawn } from "node:child_process";
import { describe, expect, it } from "vitest";
import { appServer } from "../../../scripts/services.mjs";
import { freePort } from "../support/network";
import { DEVELOPMENT_SESSION_SECRET } from "~/env.server";
import { PRODUCTION_ENV as PRODUCTION } from "../../support/production-env";

const { command, args } = appServer("build/index.js");

/** Starts the built app; resolves when it exits or says it listens (then stops it). */
async function startServer(env: Record<string, string>) {
  const port = await freePort();
  // Nothing of the test runner's own environment (NODE_ENV=test, the services' URLs) leaks in.
  const inherited = Object.fromEntries(
    Object.entries(process.env).filter(
      ([name]) => !/^(NODE_ENV|API_|BILLING_|AUTH_|APP_URL|GOOGLE_|STRIPE_|USE_LOCAL|SESSION_)/.test(name),
    ),
  );
  const child = spawn(command, args, {
    // Its "app on …" line is at info (the integration tests run at warn).
    env: { NODE_ENV: "production", ...inherited, LOG_LEVEL: "info", ...env, PORT: String(port) },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  let listened = false;
  return new Promise<{ listened: boolean; code: number | null; output: string }>((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill("SIGKILL");
      reject(new Error(`the server neither started nor stopped: ${output}`));
    }, 15_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (!listened && output.includes(`:${port}`)) {
        listened = true;
        child.kill("SIGTERM");
      }
    };
    child.stdout.on("data", onData);
    child.stderr.on("data", onData);
    child.once("exit", (code) => {
      clearTimeout(timer);
      resolve({ listened, code, output });
    });
  });
}

describe("server start", () => {
  it("refuses production with the development session secret, naming the variable", async () => {
    const result = await startServer({ ...PRODUCTION, SESSION_SECRET: DEVELOPMENT_SESSION_SECRET });
    expect(result.listened).toBe(false);
    expect(result.code).toBe(1);
    expect(result.output).toContain("SESSION_SECRET");
    expect(result.output).not.toMatch(/\n\s+at /);
  });

  it("refuses an invalid backend URL, naming the variable", async () => {
    const result = await startServer({ ...PRODUCTION, API_V1_URL: "nope" });
    expect(result.code).toBe(1);
    expect(result.output).toContain("API_V1_URL");
  });

  it("refuses production with the local defaults, on one line naming each missing or unsafe value", async () => {
    const result = await startServer({
      NODE_ENV: "production",
      SESSION_SECRET: PRODUCTION.SESSION_SECRET,
      GOOGLE_OAUTH_URL: "http://localhost:3200",
    });
    expect(result.listened).toBe(false);
    expect(result.code).toBe(1);
    expect(result.output.trim().split("\n")).toHaveLength(1);
    for (const name of ["API_V1_URL", "API_V2_URL", "BILLING_API_URL", "AUTH_API_URL", "APP_URL", "GOOGLE_CLIENT_ID"])
      expect(result.output).toContain(`${name}: missing`);
    expect(result.output).toContain("GOOGLE_OAUTH_URL: the local Google stand-in");
  });

  it("starts in production with a configuration of its own", async () => {
    const result = await startServer(PRODUCTION);
    expect(result.listened).toBe(true);
  });

  it("starts in production against the local stand-ins (npm start) with a secret of its own", async () => {
    const result = await startServer({ NODE_ENV: "production", USE_LOCAL_SERVICES: "true", SESSION_SECRET: "s3cret" });
    expect(result.listened).toBe(true);
  });
});
