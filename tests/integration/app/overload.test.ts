/**
 * Overload protection (issue 6): the built app works on a bounded number of
 * requests at once; past a short queue it refuses at once with a 503 and
 * Retry-After, and it takes new work again as soon as places free up. One
 * place and one queue slot here, held by a request whose backend call stalls.
 */
import path from "node:path";
import { pathToFileURL } from "node:url";
import { createRequestHandler, type ServerBuild } from "@remix-run/node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RunningBackend } from "../support/backend";
import { appRequest, signIn, startAppBackend } from "../support/app";
import { startFaultProxy, type FaultProxy } from "../support/fault-proxy";

const SENT_PAGE = "/5100000000000001/acme-marketing/mail-merges/sent";
const READ_TIMEOUT_MS = 2_500;
/** Long enough that a loaded machine still serves the queued request of "admits a queued request…" in time. */
const MAX_QUEUE_WAIT_MS = 1_000;
/** "At once": no wait for a place, only the app's own work. */
const IMMEDIATE_MS = 250;

let backend: RunningBackend;
let proxy: FaultProxy;
let handle: (request: Request) => Promise<Response>;
let cookie: string;

beforeAll(async () => {
  backend = await startAppBackend();
  proxy = await startFaultProxy(backend);
  Object.assign(process.env, {
    BACKEND_READ_TIMEOUT_MS: String(READ_TIMEOUT_MS),
    MAX_CONCURRENT_REQUESTS: "1",
    MAX_QUEUED_REQUESTS: "1",
    MAX_QUEUE_WAIT_MS: String(MAX_QUEUE_WAIT_MS),
  });
  const build = (await import(pathToFileURL(path.resolve("build/index.js")).href)) as ServerBuild;
  handle = createRequestHandler(build, "production");
  ({ cookie } = await signIn(backend, "owner@acme.test"));
});

afterAll(async () => {
  await proxy.close();
  await backend.close();
});

async function timed(path: string) {
  const startedAt = performance.now();
  const response = await handle(appRequest(path, { cookie }));
  const body = await response.text();
  return { status: response.status, retryAfter: response.headers.get("Retry-After"), body, took: performance.now() - startedAt };
}

/** A request that takes the only place: its backend call stalls until the read deadline. */
async function occupyThePlace() {
  proxy.mode = "stall";
  const occupant = timed(SENT_PAGE);
  // Its loaders reach the gate in the same tick; give the backend call a moment to start.
  await new Promise((resolve) => setTimeout(resolve, 50));
  // Wrapped: an async function returning the bare promise would wait for it.
  return { occupant };
}

describe("overload protection", () => {
  it("queues one request, refuses the next at once, and serves again once the place frees up", async () => {
    const { occupant } = await occupyThePlace();
    const queued = timed(SENT_PAGE);

    const refused = await timed(SENT_PAGE);
    expect(refused.status).toBe(503);
    expect(refused.retryAfter).toMatch(/^\d+$/);
    expect(refused.took).toBeLessThan(IMMEDIATE_MS);
    expect(refused.body).toContain("Something went wrong.");
    expect(refused.body).toContain("Please try again later.");

    // The queued one waited its longest while the occupant still held the place.
    const outOfTime = await queued;
    expect(outOfTime.status).toBe(503);
    expect(outOfTime.took).toBeGreaterThanOrEqual(MAX_QUEUE_WAIT_MS - 10);
    expect(outOfTime.took).toBeLessThan(READ_TIMEOUT_MS);

    // The occupant ends with the backend's deadline (the backend-away page), then the app takes work again.
    expect((await occupant).status).toBe(503);
    proxy.mode = "pass";
    expect((await timed(SENT_PAGE)).status).toBe(200);
  });

  it("admits a queued request as soon as the place is free", async () => {
    proxy.mode = "pass";
    const [first, second] = await Promise.all([timed(SENT_PAGE), timed(SENT_PAGE)]);
    expect([first.status, second.status]).toEqual([200, 200]);
  });

  it("refuses a data request at once too", async () => {
    const { occupant } = await occupyThePlace();
    const queued = timed(`${SENT_PAGE}.data`);
    const refused = await timed(`${SENT_PAGE}.data`);
    expect(refused.status).toBe(503);
    expect(refused.took).toBeLessThan(IMMEDIATE_MS);
    await Promise.all([occupant, queued]);
    proxy.mode = "pass";
  });
});
