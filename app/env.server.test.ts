import { describe, expect, it } from "vitest";
import { DEVELOPMENT_SESSION_SECRET, EnvError, parseEnv } from "./env.server";
import { PRODUCTION_ENV as PRODUCTION } from "../tests/support/production-env";

function problemsOf(source: Record<string, string | undefined>) {
  try {
    parseEnv(source);
  } catch (error) {
    if (error instanceof EnvError) return error.message;
    throw error;
  }
  return null;
}

describe("parseEnv", () => {
  it("runs a fresh clone in development with the local defaults", () => {
    const env = parseEnv({});
    expect(env.NODE_ENV).toBe("development");
    expect(env.SESSION_SECRET).toBe(DEVELOPMENT_SESSION_SECRET);
    expect(env.API_V1_URL).toBe("http://localhost:3100/api/v1");
  });

  it("names each invalid variable", () => {
    const message = problemsOf({ API_V2_URL: "not a url", NODE_ENV: "staging" });
    expect(message).toContain("API_V2_URL");
    expect(message).toContain("NODE_ENV");
  });

  it.each([
    ["missing", undefined],
    ["the development one", DEVELOPMENT_SESSION_SECRET],
    ["the development one among rotated secrets", `a-real-secret-of-its-own, ${DEVELOPMENT_SESSION_SECRET}`],
    ["an empty entry", "a-real-secret-of-its-own,"],
  ])("refuses production with a session secret that is %s", (_case, secret) => {
    expect(problemsOf({ NODE_ENV: "production", SESSION_SECRET: secret })).toContain("SESSION_SECRET");
  });

  it("accepts production with a secret of its own", () => {
    const rotated = `${"n".repeat(32)},${"o".repeat(64)}`;
    expect(parseEnv({ ...PRODUCTION, SESSION_SECRET: rotated }).SESSION_SECRET).toBe(rotated);
  });

  it.each([
    ["one letter", "a"],
    ["31 characters", "s".repeat(31)],
    ["a short one among rotated secrets", `${"n".repeat(64)},old`],
  ])("refuses production with a session secret of %s, saying how to make one", (_case, secret) => {
    expect(problemsOf({ ...PRODUCTION, SESSION_SECRET: secret })).toContain(
      "SESSION_SECRET: each secret needs at least 32 characters (make one with `openssl rand -hex 32`)",
    );
  });

  it.each([
    ["another scheme", "ftp://x/api/v2", "must be an http or https URL"],
    ["plain http to another host", "http://api.internal/api/v2", "plain http beyond this machine"],
  ])("refuses a backend URL in %s", (_case, url, problem) => {
    expect(problemsOf({ ...PRODUCTION, API_V2_URL: url })).toContain(`API_V2_URL: ${problem}`);
  });

  it("allows plain http to this machine, or beyond it when ALLOW_PLAIN_HTTP_BACKEND says so", () => {
    expect(problemsOf({ ...PRODUCTION, API_V2_URL: "http://127.0.0.1:3100/api/v2" })).toBeNull();
    expect(
      problemsOf({ ...PRODUCTION, API_V2_URL: "http://api.internal/api/v2", ALLOW_PLAIN_HTTP_BACKEND: "true" }),
    ).toBeNull();
  });

  it("refuses another scheme outside production too", () => {
    expect(problemsOf({ API_V1_URL: "file:///etc/passwd" })).toContain("API_V1_URL: must be an http or https URL");
  });

  it("names the format problems and the production ones on one line together", () => {
    const message = problemsOf({ ...PRODUCTION, MAX_QUEUE_WAIT_MS: "soon", SESSION_SECRET: "a" })!;
    expect(message.split("\n")).toHaveLength(1);
    expect(message).toContain("MAX_QUEUE_WAIT_MS");
    expect(message).toContain("SESSION_SECRET: each secret needs at least 32 characters");
  });

  it("accepts production against the local stand-ins (npm start) with a secret of its own", () => {
    const env = parseEnv({ NODE_ENV: "production", USE_LOCAL_SERVICES: "true", SESSION_SECRET: "s3cret" });
    expect(env.API_V1_URL).toBe("http://localhost:3100/api/v1");
  });

  it("refuses production with every local default, on one line naming each", () => {
    const message = problemsOf({ NODE_ENV: "production", SESSION_SECRET: PRODUCTION.SESSION_SECRET })!;
    expect(message.split("\n")).toHaveLength(1);
    for (const name of [
      "API_V1_URL",
      "API_V2_URL",
      "BILLING_API_URL",
      "AUTH_API_URL",
      "APP_URL",
      "GOOGLE_CLIENT_ID",
      "GOOGLE_CLIENT_SECRET",
    ])
      expect(message).toContain(`${name}: missing`);
    expect(message).not.toContain("SESSION_SECRET");
  });

  it.each([
    ["APP_URL", { APP_URL: "http://dashboard.example.com" }],
    ["GOOGLE_CLIENT_ID", { GOOGLE_CLIENT_ID: "yamm-local-client" }],
    ["GOOGLE_CLIENT_SECRET", { GOOGLE_CLIENT_SECRET: "yamm-local-secret" }],
    ["GOOGLE_OAUTH_URL", { GOOGLE_OAUTH_URL: "http://localhost:3200" }],
    ["STRIPE_PAGES_URL", { STRIPE_PAGES_URL: "http://localhost:12111" }],
  ])("refuses production with an unsafe %s", (name, values) => {
    const message = problemsOf({ ...PRODUCTION, ...values })!;
    expect(message).toContain(name);
    expect(message.match(/: /g)).toHaveLength(2);
  });
});
