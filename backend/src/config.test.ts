import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "./config";

function problemsOf(env: NodeJS.ProcessEnv) {
  try {
    loadConfig(env);
    return null;
  } catch (error) {
    if (error instanceof ConfigError) return error.message;
    throw error;
  }
}

/** A production configuration of its own: Stripe's and Google's real endpoints, keys from them. */
const PRODUCTION = {
  NODE_ENV: "production",
  STRIPE_SECRET_KEY: "sk_live_51Habcdefghijklmnopqrstuv",
  STRIPE_WEBHOOK_SECRET: "whsec_a1b2c3d4e5f6g7h8i9j0k1l2m3n4o5p6",
  GOOGLE_CLIENT_ID: "123.apps.googleusercontent.com",
  APP_ORIGINS: "https://app.example.com",
} as NodeJS.ProcessEnv;

describe("loadConfig", () => {
  it("runs with the local stand-ins' defaults outside production", () => {
    const config = loadConfig({} as NodeJS.ProcessEnv);
    expect(config.stripe.webhookSecret).toBe("whsec_local");
    expect(config.googleIssuer).toBe("http://localhost:3200");
    expect(config.metricsPort).toBeUndefined();
  });

  it("runs production with keys of its own, against Google's issuer", () => {
    const config = loadConfig(PRODUCTION);
    expect(config.googleIssuer).toBe("https://accounts.google.com");
    expect(config.stripe.apiUrl).toBeNull();
  });

  it("runs production against the local stand-ins (npm start)", () => {
    expect(problemsOf({ NODE_ENV: "production", USE_LOCAL_SERVICES: "true" } as NodeJS.ProcessEnv)).toBeNull();
  });

  it("refuses production with every local default, on one line naming each", () => {
    const message = problemsOf({ NODE_ENV: "production" } as NodeJS.ProcessEnv)!;
    expect(message.split("\n")).toHaveLength(1);
    for (const name of ["STRIPE_WEBHOOK_SECRET", "STRIPE_SECRET_KEY", "GOOGLE_CLIENT_ID", "APP_ORIGINS"])
      expect(message).toContain(`${name}: missing`);
  });

  it.each([
    ["STRIPE_WEBHOOK_SECRET", { STRIPE_WEBHOOK_SECRET: "whsec_local" }],
    ["STRIPE_SECRET_KEY", { STRIPE_SECRET_KEY: "sk_test_local" }],
    ["STRIPE_API_URL", { STRIPE_API_URL: "http://localhost:12111" }],
    ["GOOGLE_ISSUER", { GOOGLE_ISSUER: "http://localhost:3200" }],
    ["GOOGLE_CLIENT_ID", { GOOGLE_CLIENT_ID: "yamm-local-client" }],
    ["BACKEND_FAULT_INJECTION", { BACKEND_FAULT_INJECTION: "true" }],
    ["APP_ORIGINS", { APP_ORIGINS: "" }],
  ])("refuses production with an unsafe %s, and only that", (name, values) => {
    const message = problemsOf({ ...PRODUCTION, ...values })!;
    expect(message).toMatch(new RegExp(`^Invalid configuration: ${name}: [^;]+$`));
  });

  it.each(["whsec_a", "whsec_a1b2c3d4e5f6", "a".repeat(40)])(
    "refuses production with a webhook secret not shaped like Stripe's: %s",
    (secret) => {
      expect(problemsOf({ ...PRODUCTION, STRIPE_WEBHOOK_SECRET: secret })).toContain(
        "STRIPE_WEBHOOK_SECRET: not a signing secret from Stripe",
      );
    },
  );

  it("takes the app's origins, comma-separated, as the URL API spells them; the local app's by default", () => {
    expect(
      loadConfig({ ...PRODUCTION, APP_ORIGINS: "https://App.example.com/, http://localhost:8080" }).appOrigins,
    ).toEqual(["https://app.example.com", "http://localhost:8080"]);
    expect(loadConfig({} as NodeJS.ProcessEnv).appOrigins).toEqual(["http://localhost:3000", "http://127.0.0.1:3000"]);
    expect(problemsOf({ ...PRODUCTION, APP_ORIGINS: "https://app.example.com/billing" })).toContain(
      "APP_ORIGINS takes origins only",
    );
    expect(problemsOf({ ...PRODUCTION, APP_ORIGINS: "javascript:alert(1)" })).toContain(
      "APP_ORIGINS must be an http(s) URL",
    );
  });

  it("seeds the demo personas everywhere but in production", () => {
    expect(loadConfig({} as NodeJS.ProcessEnv).seedDemoData).toBe(true);
    expect(loadConfig({ NODE_ENV: "production", USE_LOCAL_SERVICES: "true" } as NodeJS.ProcessEnv).seedDemoData).toBe(
      true,
    );
    expect(loadConfig(PRODUCTION).seedDemoData).toBe(false);
  });

  it("names an invalid number with the others", () => {
    const message = problemsOf({ NODE_ENV: "production", BACKEND_PORT: "port" } as NodeJS.ProcessEnv)!;
    expect(message).toContain("BACKEND_PORT must be a positive integer");
    expect(message).toContain("STRIPE_SECRET_KEY");
  });
});
