/**
 * The built server checks its configuration once, as it starts (ARCHITECTURE:
 * configuration): production refuses the development session secret.
 */
import { spawn } from "node:child_process";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { freePort } from "../support/network";
import { DEVELOPMENT_SESSION_SECRET } from "~/env.server";

const remixServe = path.resolve("node_modules/.bin/remix-serve");

/** Starts the built app; resolves when it exits or says it listens (then stops it). */
async function startServer(env: Record<string, string>) {
  const port = await freePort();
  const child = spawn(remixServe, ["build/index.js"], {
    env: { ...process.env, ...env, PORT: String(port) },
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
    const result = await startServer({ NODE_ENV: "production", SESSION_SECRET: DEVELOPMENT_SESSION_SECRET });
    expect(result.listened).toBe(false);
    expect(result.code).toBe(1);
    expect(result.output).toContain("SESSION_SECRET");
    expect(result.output).not.toMatch(/\n\s+at /);
  });

  it("refuses an invalid backend URL, naming the variable", async () => {
    const result = await startServer({
      NODE_ENV: "production",
      SESSION_SECRET: "a-secret-of-its-own",
      API_V1_URL: "nope",
    });
    expect(result.code).toBe(1);
    expect(result.output).toContain("API_V1_URL");
  });

  it("starts in production with a secret of its own", async () => {
    const result = await startServer({ NODE_ENV: "production", SESSION_SECRET: "a-secret-of-its-own" });
    expect(result.listened).toBe(true);
  });
});
