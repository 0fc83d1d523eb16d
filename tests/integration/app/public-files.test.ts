/**
 * public/'s own files are served by the server (scripts/serve.mjs) for an
 * hour, the build's assets for a year (only paths under public/'s own
 * entries are looked up among the files).
 */
import { readdirSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startAppServer, type RunningApp } from "../support/app-server";

let app: RunningApp;

beforeAll(async () => {
  app = await startAppServer();
});

afterAll(async () => {
  await app?.close();
});

describe("public files", () => {
  it.each(["/robots.txt", "/favicon.svg", "/images/start-mail-merge.svg"])("serves %s for an hour", async (path) => {
    const response = await fetch(`${app.url}${path}`);
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("public, max-age=3600");
    expect((await response.text()).length).toBeGreaterThan(0);
  });

  it("serves the build's assets for a year", async () => {
    const manifest = readdirSync("public/build").find((name) => name.startsWith("manifest-"));
    const response = await fetch(`${app.url}/build/${manifest}`);
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
  });
});
