/**
 * No OAuth code, state or token reaches a log (issue 13, item 8): the app's
 * access log names the route, never the URL (issue 27), and every line the
 * stack prints still goes through redactSecrets (scripts/redact-secrets.mjs:
 * the loggers' streamWrite hook and the supervisor of `npm start`).
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
  it("shows the callback's access-log line without its URL, so without its code and state", async () => {
    const port = await freePort();
    const child = spawn(process.execPath, ["scripts/start.mjs"], {
      env: { ...process.env, USE_LOCAL_SERVICES: "false", LOG_LEVEL: "info", PORT: String(port), SESSION_SECRET: "s".repeat(40) },
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
    const callbackLine = () =>
      output.split("\n").find((text) => text.includes('"route":"routes/auth.google_.callback"'));
    try {
      // The server's own line: the supervisor's "app on …" comes before the app listens.
      await until(() => output.includes(`"msg":"app on http://localhost:${port}"`));
      await fetch(`http://127.0.0.1:${port}/auth/google/callback?code=4%2F0ASECRETCODE&state=SECRETSTATE`, {
        redirect: "manual",
      });
      await until(() => callbackLine() !== undefined);
      expect(callbackLine()).toMatch(/"method":"GET".*"status":302/);
      expect(callbackLine()).not.toContain("/auth/google/callback");
      expect(output).not.toContain("SECRETCODE");
      expect(output).not.toContain("SECRETSTATE");
    } finally {
      // The supervisor passes it on to the server's process group.
      child.kill("SIGTERM");
      await new Promise((resolve) => child.once("exit", resolve));
    }
  }, 60_000);
});

describe("the app's logger", () => {
  it("redacts a code or token in whatever it prints, errors included", async () => {
    const { Writable } = await import("node:stream");
    const { createLogger } = await import("~/observability/logger.server");
    const lines: string[] = [];
    const sink = new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const log = createLogger({}, sink);
    log.error(
      { err: new Error("GET https://oauth2.example/token?code=SECRETCODE failed") },
      "token?access_token=SECRETTOKEN",
    );
    expect(lines.join("")).toContain("code=[redacted]");
    expect(lines.join("")).not.toMatch(/SECRETCODE|SECRETTOKEN/);
    expect(lines).toHaveLength(1);
    expect(lines[0]!.trimEnd().split("\n")).toHaveLength(1);
  });
});
