/**
 * No OAuth code, state or token reaches a log (issue 13, item 8):
 * remix-serve's access log writes every URL, so the stack's output goes
 * through redactSecrets (scripts/services.mjs) before it is printed.
 */
import { spawn } from "node:child_process";
import { describe, expect, it } from "vitest";
import { redactSecrets } from "../../../scripts/services.mjs";
import { freePort } from "../support/network";

describe("redactSecrets", () => {
  it.each([
    [
      "GET /auth/google/callback?state=abc&code=4%2F0Axyz&scope=email 302",
      "GET /auth/google/callback?state=[redacted]&code=[redacted]&scope=email 302",
    ],
    ["POST /token?code_verifier=v1&x=1", "POST /token?code_verifier=[redacted]&x=1"],
    [
      "GET /tokeninfo?access_token=ya29.a&id_token=eyJ.b.c 200",
      "GET /tokeninfo?access_token=[redacted]&id_token=[redacted] 200",
    ],
    ['"GET /x?token=abc HTTP/1.1"', '"GET /x?token=[redacted] HTTP/1.1"'],
  ])("%s", (line, redacted) => {
    expect(redactSecrets(line)).toBe(redacted);
  });

  it("leaves other parameters, and words that only look alike, alone", () => {
    expect(redactSecrets("GET /sent?q=code&sort=date&codes=1 200")).toBe("GET /sent?q=code&sort=date&codes=1 200");
  });
});

describe("the stack's output", () => {
  it("shows the callback's access-log line without its code and state", async () => {
    const port = await freePort();
    const child = spawn(process.execPath, ["scripts/start.mjs"], {
      env: { ...process.env, USE_LOCAL_SERVICES: "false", PORT: String(port), SESSION_SECRET: "s".repeat(40) },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
    const until = async (done: () => boolean) => {
      for (let waited = 0; !done(); waited += 50) {
        if (waited > 20_000) throw new Error(`timed out; output so far:\n${output}`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    };
    try {
      // remix-serve's own line: the supervisor's "app on …" comes before the app listens.
      await until(() => output.includes(`[remix-serve] http://localhost:${port}`));
      await fetch(`http://127.0.0.1:${port}/auth/google/callback?code=4%2F0ASECRETCODE&state=SECRETSTATE`, {
        redirect: "manual",
      });
      await until(() => output.includes("/auth/google/callback?"));
      const line = output.split("\n").find((text) => text.includes("/auth/google/callback?"))!;
      expect(line).toContain("code=[redacted]");
      expect(line).toContain("state=[redacted]");
      expect(output).not.toContain("SECRETCODE");
      expect(output).not.toContain("SECRETSTATE");
    } finally {
      // The supervisor passes it on to remix-serve's process group.
      child.kill("SIGTERM");
      await new Promise((resolve) => child.once("exit", resolve));
    }
  }, 60_000);
});
