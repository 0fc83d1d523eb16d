/**
 * Every backend call has a deadline (issue 6): a backend that stalls, refuses
 * connections or answers 502 never hangs a page. Runs the built app's request
 * handler against the reference backend behind a switchable proxy.
 */
import path from "node:path";
import { pathToFileURL } from "node:url";
import { createRequestHandler, type ServerBuild } from "@remix-run/node";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import type { RunningBackend } from "../support/backend";
import { appRequest, signIn, startAppBackend } from "../support/app";
import { startFaultProxy, type FaultProxy } from "../support/fault-proxy";

let backend: RunningBackend;
let proxy: FaultProxy;
let handle: (request: Request) => Promise<Response>;
let cookie: string;
const backendFetches: string[] = [];

const SENT_PAGE = "/5100000000000001/acme-marketing/mail-merges/sent";
const READ_TIMEOUT_MS = 400;

beforeAll(async () => {
  backend = await startAppBackend();
  proxy = await startFaultProxy(backend);
  process.env.BACKEND_READ_TIMEOUT_MS = String(READ_TIMEOUT_MS);
  process.env.BACKEND_WRITE_TIMEOUT_MS = String(READ_TIMEOUT_MS * 2);
  // The deadlines alone: after repeated failures the circuit would refuse the calls at once (backend-faults.test.ts).
  process.env.BACKEND_CIRCUIT_FAILURES = "1000";
  const build = (await import(pathToFileURL(path.resolve("build/index.js")).href)) as ServerBuild;
  handle = createRequestHandler(build, "production");
  ({ cookie } = await signIn(backend, "owner@acme.test"));

  const realFetch = globalThis.fetch;
  vi.spyOn(globalThis, "fetch").mockImplementation((input, init) => {
    const url = input instanceof Request ? input.url : String(input);
    if (url.startsWith(proxy.url)) backendFetches.push(`${init?.method ?? "GET"} ${url}`);
    return realFetch(input, init);
  });
});

afterAll(async () => {
  vi.restoreAllMocks();
  await proxy.close();
  await backend.close();
});

beforeEach(() => {
  proxy.mode = "pass";
  backendFetches.length = 0;
});

async function loadSentPage() {
  const startedAt = performance.now();
  const response = await handle(appRequest(SENT_PAGE, { cookie }));
  const body = await response.text();
  return { response, body, took: performance.now() - startedAt };
}

describe("backend deadlines", () => {
  it("serves the page while the backend answers", async () => {
    const { response } = await loadSentPage();
    expect(response.status).toBe(200);
  });

  it("answers 503 with Retry-After within the deadline when the backend stalls", async () => {
    proxy.mode = "stall";
    const { response, body, took } = await loadSentPage();
    expect(response.status).toBe(503);
    expect(response.headers.get("Retry-After")).toMatch(/^\d+$/);
    expect(took).toBeLessThan(READ_TIMEOUT_MS * 4);
    // The shell could not load either: the full-page "Oops…", and nothing of the error.
    expect(body).toContain("Oops");
    expect(body).not.toMatch(/at .*\.js:\d+|TimeoutError|AbortError/);
  });

  it("tries a refused read once more, then answers 503", async () => {
    proxy.mode = "refuse";
    const { response } = await loadSentPage();
    expect(response.status).toBe(503);
    const perUrl = new Map<string, number>();
    for (const call of backendFetches.filter((call) => call.startsWith("GET "))) perUrl.set(call, (perUrl.get(call) ?? 0) + 1);
    expect(perUrl.size).toBeGreaterThan(0);
    // The page failed as soon as one call had failed twice; calls of other loaders may still be under way.
    expect([...perUrl.values()]).toContain(2);
    expect(Object.fromEntries([...perUrl].filter(([, count]) => count > 4))).toEqual({});
  });

  it("gets past a single 502 by trying the read again", async () => {
    proxy.mode = "502-once";
    const { response } = await loadSentPage();
    expect(response.status).toBe(200);
  });

  it("recovers by itself once the backend is back", async () => {
    proxy.mode = "stall";
    expect((await loadSentPage()).response.status).toBe(503);
    proxy.mode = "pass";
    expect((await loadSentPage()).response.status).toBe(200);
  });
});
