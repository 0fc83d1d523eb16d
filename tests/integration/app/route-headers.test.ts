/**
 * Every route of the build answers with the documents' Cache-Control and
 * security headers (issue 27, item 7): documents through entry.server, and
 * resource routes and redirects, which Remix sends as their loader made
 * them, through app/entry.build.ts. /space/users/suggest answered names and
 * e-mail addresses without them.
 */
import { spawn, type ChildProcess } from "node:child_process";
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { ServerBuild } from "@remix-run/node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PERSONAS, SPACES } from "../../../backend/src/db/seed/personas";
import { appServer } from "../../../scripts/services.mjs";
import type { RunningBackend } from "../support/backend";
import { signIn, startAppBackend } from "../support/app";
import { freePort } from "../support/network";

let backend: RunningBackend;
let app: ChildProcess;
let appUrl: string;
let paths: { id: string; path: string }[];
let cookie: string;

/** A URL for the route's pattern, its parameters filled with Acme Marketing's and placeholders. */
function urlOf(pattern: string) {
  return `/${pattern}`
    .replace(/\/+/g, "/")
    .replace(":workspaceId", SPACES.acmeMarketing.id)
    .replace(":workspaceSlug", SPACES.acmeMarketing.slug)
    .replace(/:(\w+)\??/g, "1")
    .replace("*", "anything");
}

/** Every route that answers at a URL of its own (not a pathless layout), with that URL. */
function routesWithUrls(build: ServerBuild) {
  const fullPath = (id: string): string => {
    const route = build.routes[id]!;
    const parent = route.parentId ? fullPath(route.parentId) : "";
    return route.path ? `${parent}/${route.path}` : parent;
  };
  return Object.values(build.routes)
    .filter((route) => route.path !== undefined || route.index)
    .filter((route) => route.module.loader)
    .map((route) => ({ id: route.id, path: urlOf(fullPath(route.id)) }));
}

/** The app as `npm start` serves it, against the test's backend. */
async function startApp() {
  const port = await freePort();
  appUrl = `http://127.0.0.1:${port}`;
  const { command, args } = appServer("build/index.js");
  app = spawn(command, args, {
    env: { ...process.env, ...backend.env, PORT: String(port), NODE_ENV: "production", USE_LOCAL_SERVICES: "true" },
    stdio: "ignore",
  });
  for (let waited = 0; waited < 30_000; waited += 200) {
    if (
      await fetch(`${appUrl}/healthz`).then(
        (response) => response.ok,
        () => false,
      )
    )
      return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error("the app did not start");
}

beforeAll(async () => {
  backend = await startAppBackend({ localStripe: true });
  ({ cookie } = await signIn(backend, PERSONAS.owner.email));
  // The build (plain JavaScript, made by `npm run build`) reads the environment startAppBackend just set; its
  // path is a value, so the typecheck never depends on whether a build is there.
  const serverBuild = pathToFileURL(path.resolve("build/index.js")).href;
  paths = routesWithUrls((await import(/* @vite-ignore */ serverBuild)) as ServerBuild);
  await startApp();
});

afterAll(async () => {
  app?.kill("SIGTERM");
  await backend?.close();
});

const DOCUMENT_HEADERS = {
  "cache-control": "private, no-store",
  "x-content-type-options": "nosniff",
  "x-frame-options": "DENY",
  "referrer-policy": "strict-origin-when-cross-origin",
  "x-robots-tag": "noindex, nofollow",
};

describe("every route of the build", () => {
  it("has a URL to try, resource routes and /space/users/suggest among them", () => {
    expect(paths.length).toBeGreaterThan(40);
    expect(paths.map((route) => route.path)).toContain(
      `/${SPACES.acmeMarketing.id}/${SPACES.acmeMarketing.slug}/space/users/suggest`,
    );
  });

  it.each([
    ["signed in", true],
    ["signed out", false],
  ])(
    "answers %s with the documents' Cache-Control and security headers",
    async (_who, signedIn) => {
      for (const { id, path } of paths) {
        const response = await fetch(`${appUrl}${path}?q=ac`, {
          headers: signedIn ? { Cookie: cookie } : {},
          redirect: "manual",
        });
        await response.text();
        const headers = Object.fromEntries(
          Object.keys(DOCUMENT_HEADERS).map((name) => [name, response.headers.get(name)]),
        );
        // /login alone is indexable (000 §2).
        const expected = path === "/login" ? { ...DOCUMENT_HEADERS, "x-robots-tag": null } : DOCUMENT_HEADERS;
        expect({ id, status: response.status, headers }).toEqual({ id, status: response.status, headers: expected });
        expect(response.headers.get("content-security-policy"), id).toContain("frame-ancestors 'none'");
      }
    },
    60_000,
  );
});
