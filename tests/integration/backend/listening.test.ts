/**
 * The reference backend listens on loopback only unless BACKEND_HOST says
 * otherwise (issue 13, item 6): from another host nobody mints a token.
 */
import { spawn } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { freePort, outwardAddress, reachable } from "../support/network";

const tsx = path.resolve("node_modules/.bin/tsx");

/** Runs backend/src/main.ts until it says it listens, then hands over its port; stops it after `check`. */
async function withBackend(env: Record<string, string>, check: (port: number) => Promise<void>) {
  const port = await freePort();
  const databasePath = path.join(mkdtempSync(path.join(tmpdir(), "yamm-listen-")), "backend.sqlite");
  const child = spawn(tsx, ["backend/src/main.ts"], {
    // Its "Reference backend on …" line is at info (the integration tests run at warn).
    env: { ...process.env, ...env, LOG_LEVEL: "info", BACKEND_PORT: String(port), DATABASE_PATH: databasePath },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const exited = new Promise((resolve) => child.once("exit", resolve));
  try {
    await new Promise<void>((resolve, reject) => {
      let output = "";
      const timer = setTimeout(() => reject(new Error(`the backend did not start: ${output}`)), 60_000);
      const onData = (chunk: Buffer) => {
        output += chunk.toString();
        if (output.includes("Reference backend on")) {
          clearTimeout(timer);
          resolve();
        }
      };
      child.stdout.on("data", onData);
      child.stderr.on("data", onData);
    });
    await check(port);
  } finally {
    child.kill("SIGTERM");
    await exited;
  }
}

describe("the reference backend's interface", () => {
  it.skipIf(!outwardAddress)("is loopback by default, the given host with BACKEND_HOST", async () => {
    await withBackend({}, async (port) => {
      expect(await reachable("127.0.0.1", port)).toBe(true);
      expect(await reachable(outwardAddress!, port)).toBe(false);
    });
    await withBackend({ BACKEND_HOST: "0.0.0.0" }, async (port) => {
      expect(await reachable(outwardAddress!, port)).toBe(true);
    });
  }, 120_000);
});
