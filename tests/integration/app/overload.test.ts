/**
 * Overload protection (issues 6 and 28): the app as `npm start` serves it
 * works on a bounded number of requests at once; the server's admission
 * gate, before Remix routes anything, queues the next ones, refuses past the
 * queue at once with a small 503 page and Retry-After on a connection that
 * stays open, and takes new work again as soon as places free up. One place
 * and one queue slot here, held by a request whose backend call stalls.
 */
import http from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RunningBackend } from "../support/backend";
import { signIn, startAppBackend } from "../support/app";
import { startFaultProxy, type FaultProxy } from "../support/fault-proxy";
import { startAppServer, type RunningApp } from "../support/app-server";

const SENT_PAGE = "/5100000000000001/acme-marketing/mail-merges/sent";
const READ_TIMEOUT_MS = 2_500;
/** Long enough that a loaded machine still serves the queued request of "admits a queued request…" in time. */
const MAX_QUEUE_WAIT_MS = 1_000;
/** "At once": no wait for a place, only the server's own work. */
const IMMEDIATE_MS = 250;

let backend: RunningBackend;
let proxy: FaultProxy;
let app: RunningApp;
let cookie: string;
/** One kept-alive connection, as a pooling proxy uses it. */
const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });

beforeAll(async () => {
  backend = await startAppBackend();
  proxy = await startFaultProxy(backend);
  ({ cookie } = await signIn(backend, "owner@acme.test"));
  app = await startAppServer({
    BACKEND_READ_TIMEOUT_MS: String(READ_TIMEOUT_MS),
    MAX_CONCURRENT_REQUESTS: "1",
    MAX_QUEUED_REQUESTS: "1",
    MAX_QUEUE_WAIT_MS: String(MAX_QUEUE_WAIT_MS),
    // The gate alone: its place is held by pages stuck on the backend, which the circuit would soon refuse at once
    // (backend-faults.test.ts).
    BACKEND_CIRCUIT_FAILURES: "1000",
  });
});

afterAll(async () => {
  agent.destroy();
  await app?.close();
  await proxy?.close();
  await backend?.close();
});

async function timed(path: string, init: RequestInit = {}) {
  const startedAt = performance.now();
  const response = await fetch(`${app.url}${path}`, { ...init, headers: { Cookie: cookie }, redirect: "manual" });
  const body = await response.text();
  return {
    status: response.status,
    retryAfter: response.headers.get("Retry-After"),
    serverTiming: response.headers.get("Server-Timing"),
    body,
    took: performance.now() - startedAt,
  };
}

/** A GET on the one kept-alive connection: its status and whether the server kept the connection. */
function onPooledConnection(path: string) {
  return new Promise<{ status: number; connection: string | undefined; reused: boolean }>((resolve, reject) => {
    const request = http.get(`${app.url}${path}`, { agent, headers: { Cookie: cookie } }, (response) => {
      response.resume();
      response.on("end", () =>
        resolve({
          status: response.statusCode ?? 0,
          connection: response.headers.connection,
          reused: request.reusedSocket,
        }),
      );
    });
    request.on("error", reject);
  });
}

/** A request that takes the only place: its backend call stalls until the read deadline. */
async function occupyThePlace() {
  proxy.mode = "stall";
  const occupant = timed(SENT_PAGE);
  // Give its backend call a moment to start.
  await new Promise((resolve) => setTimeout(resolve, 100));
  // Wrapped: an async function returning the bare promise would wait for it.
  return { occupant };
}

describe("overload protection", () => {
  it("queues one request, refuses the next at once, and serves again once the place frees up", async () => {
    const { occupant } = await occupyThePlace();
    const queued = timed(SENT_PAGE);
    await new Promise((resolve) => setTimeout(resolve, 50));

    const refused = await timed(SENT_PAGE);
    expect(refused.status).toBe(503);
    expect(refused.retryAfter).toMatch(/^\d+$/);
    expect(refused.serverTiming).toMatch(/backend;desc="0 calls";dur=0\.0, total;dur=/);
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

  it("refuses a data request at once too, and keeps a refused request's connection open", async () => {
    const { occupant } = await occupyThePlace();
    const queued = timed(`${SENT_PAGE}.data`);
    await new Promise((resolve) => setTimeout(resolve, 50));
    const refusedData = await timed(`${SENT_PAGE}.data`);
    expect(refusedData.status).toBe(503);
    expect(refusedData.took).toBeLessThan(IMMEDIATE_MS);

    const refused = await onPooledConnection(SENT_PAGE);
    expect(refused.status).toBe(503);
    expect(refused.connection).toBe("keep-alive");
    await Promise.all([occupant, queued]);
    proxy.mode = "pass";
    const next = await onPooledConnection(SENT_PAGE);
    expect(next).toMatchObject({ status: 200, reused: true });
  });

  it("answers the health checks while the gate is full", async () => {
    const { occupant } = await occupyThePlace();
    const queued = timed(SENT_PAGE);
    await new Promise((resolve) => setTimeout(resolve, 50));
    const live = await timed("/healthz");
    expect(live.status).toBe(200);
    expect(live.took).toBeLessThan(IMMEDIATE_MS);
    await Promise.all([occupant, queued]);
    proxy.mode = "pass";
  });
});
