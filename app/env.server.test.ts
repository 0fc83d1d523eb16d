import { describe, expect, it } from "vitest";
import { DEVELOPMENT_SESSION_SECRET, EnvError, parseEnv } from "./env.server";

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
    expect(parseEnv({ NODE_ENV: "production", SESSION_SECRET: "new-secret,old-secret" }).SESSION_SECRET).toBe(
      "new-secret,old-secret",
    );
  });
});
