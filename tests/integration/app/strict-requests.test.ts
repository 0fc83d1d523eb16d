/**
 * Actions read HTML forms only (issue 6): other bodies are refused with 415,
 * oversized ones with 413, before anything is parsed or stored. Runs the
 * built app's request handler against the reference backend.
 */
import { readFile } from "node:fs/promises";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { createRequestHandler, type ServerBuild } from "@remix-run/node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RunningBackend } from "../support/backend";
import { APP_ORIGIN, signIn, startAppBackend } from "../support/app";

let backend: RunningBackend;
let handle: (request: Request) => Promise<Response>;
let cookie: string;

const ACTIONS = [
  "/5100000000000001/acme-marketing/unsubscriptions",
  "/5100000000000001/acme-marketing/spaces/new",
  "/5100000000000001/acme-marketing/templates",
  "/logout",
  "/auth/google",
];

beforeAll(async () => {
  backend = await startAppBackend();
  const build = (await import(pathToFileURL(path.resolve("build/index.js")).href)) as ServerBuild;
  handle = createRequestHandler(build, "production");
  ({ cookie } = await signIn(backend, "owner@acme.test"));
});
afterAll(() => backend.close());

function post(pathname: string, body: BodyInit | null, headers: Record<string, string>) {
  return handle(
    new Request(`${APP_ORIGIN}${pathname}`, {
      method: "POST",
      body,
      headers: { Cookie: cookie, Origin: APP_ORIGIN, Host: new URL(APP_ORIGIN).host, ...headers },
    }),
  );
}

describe("strict request handling of actions", () => {
  it.each(ACTIONS)("refuses a JSON body on %s with 415", async (pathname) => {
    const body = JSON.stringify({ intent: "add", emails: "a@b.example" });
    const response = await post(pathname, body, { "Content-Type": "application/json", "Content-Length": String(body.length) });
    expect(response.status).toBe(415);
  });

  it.each(ACTIONS)("refuses a text body, and a body without a content type, on %s with 415", async (pathname) => {
    expect((await post(pathname, "intent=add", { "Content-Type": "text/plain", "Content-Length": "10" })).status).toBe(415);
    expect((await post(pathname, null, {})).status).toBe(415);
  });

  it.each(ACTIONS)("refuses a 2 MB form on %s with 413", async (pathname) => {
    const body = `intent=add&emails=${"a".repeat(2 * 1024 * 1024)}`;
    const response = await post(pathname, body, {
      "Content-Type": "application/x-www-form-urlencoded",
      "Content-Length": String(body.length),
    });
    expect(response.status).toBe(413);
  });

  it("still takes an ordinary form", async () => {
    const body = "intent=add&emails=strict-requests%40example.com&idempotencyKey=strict-requests-ordinary-form";
    const response = await post("/5100000000000001/acme-marketing/unsubscriptions", body, {
      "Content-Type": "application/x-www-form-urlencoded",
      "Content-Length": String(body.length),
    });
    expect(response.status).toBe(302);
  });

  it("has a robots.txt that lets crawlers see the login page only", async () => {
    const robots = await readFile(path.resolve("public/robots.txt"), "utf8");
    expect(robots).toMatch(/^User-agent: \*$/m);
    expect(robots).toMatch(/^Allow: \/login\$$/m);
    expect(robots).toMatch(/^Disallow: \/$/m);
  });
});
