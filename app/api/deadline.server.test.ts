import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { backendCallDuration, metricsRegistry } from "~/observability/metrics.server";
import { newRequestContext, runInRequestContext } from "~/observability/request-context.server";
import { circuitState, fetchWithDeadline, withDeadline } from "./deadline.server";

let stalling: http.Server;
let url: string;
const held: http.ServerResponse[] = [];
let answering: http.Server;
let answeringUrl: string;
const seenRequestIds: (string | undefined)[] = [];
/** A service that answers 503 while `down`, counting the calls it gets. */
const flaky = { down: false, calls: 0, server: undefined as unknown as http.Server, url: "" };
const CIRCUIT_OPEN_MS = 300;

beforeAll(async () => {
  process.env.BACKEND_READ_TIMEOUT_MS = "200";
  process.env.BACKEND_CIRCUIT_FAILURES = "2";
  process.env.BACKEND_CIRCUIT_OPEN_MS = String(CIRCUIT_OPEN_MS);
  flaky.server = http.createServer((_request, response) => {
    flaky.calls++;
    response.writeHead(flaky.down ? 503 : 200).end("{}");
  });
  await new Promise<void>((resolve) => flaky.server.listen(0, "127.0.0.1", resolve));
  flaky.url = `http://127.0.0.1:${(flaky.server.address() as AddressInfo).port}`;
  stalling = http.createServer((_request, response) => held.push(response));
  await new Promise<void>((resolve) => stalling.listen(0, "127.0.0.1", resolve));
  url = `http://127.0.0.1:${(stalling.address() as AddressInfo).port}/`;
  answering = http.createServer((request, response) => {
    seenRequestIds.push(request.headers["x-request-id"] as string | undefined);
    response.writeHead(request.url === "/missing" ? 404 : 200).end("{}");
  });
  await new Promise<void>((resolve) => answering.listen(0, "127.0.0.1", resolve));
  answeringUrl = `http://127.0.0.1:${(answering.address() as AddressInfo).port}`;
});
afterAll(async () => {
  for (const response of held) response.destroy();
  stalling.closeAllConnections();
  answering.closeAllConnections();
  await new Promise((resolve) => stalling.close(resolve));
  await new Promise((resolve) => answering.close(resolve));
  flaky.server.closeAllConnections();
  await new Promise((resolve) => flaky.server.close(resolve));
});

const callCount = async (endpoint: string, outcome: string) =>
  (await backendCallDuration.get()).values.find(
    (value) =>
      value.metricName === "backend_call_duration_seconds_count" &&
      value.labels.endpoint === endpoint &&
      value.labels.outcome === outcome,
  )?.value ?? 0;

describe("calls made for a request", () => {
  it("carry the request's id and are counted for its log line and the metrics", async () => {
    const context = newRequestContext("req-abc_123");
    const before = await callCount("GET test /missing", "client_error");
    await runInRequestContext(context, async () => {
      await fetchWithDeadline(`${answeringUrl}/found`, {}, "GET test /found");
      await fetchWithDeadline(
        `${answeringUrl}/missing`,
        { headers: { Accept: "application/json" } },
        "GET test /missing",
      );
    });
    expect(seenRequestIds.slice(-2)).toEqual(["req-abc_123", "req-abc_123"]);
    expect(context.backendCalls).toBe(2);
    expect(context.backendMs).toBeGreaterThan(0);
    expect(await callCount("GET test /missing", "client_error")).toBe(before + 1);
  });

  it("carry no id outside a request", async () => {
    await fetchWithDeadline(`${answeringUrl}/found`, {}, "GET test /found");
    expect(seenRequestIds.at(-1)).toBeUndefined();
  });
});

describe("deadlines", () => {
  it("throws a real 503 Response with Retry-After when a read stalls, so `instanceof Response` rethrows pass it up", async () => {
    const thrown = await fetchWithDeadline(url, {}, "GET test /").catch((error: unknown) => error);
    expect(thrown).toBeInstanceOf(Response);
    expect((thrown as Response).status).toBe(503);
    expect((thrown as Response).headers.get("Retry-After")).toMatch(/^\d+$/);
  });

  it("gives work without a signal the same 503 past its deadline", async () => {
    const thrown = await withDeadline(new Promise(() => undefined), 50).catch((error: unknown) => error);
    expect(thrown).toBeInstanceOf(Response);
    expect((thrown as Response).status).toBe(503);
  });
});

describe("a service's circuit", () => {
  const backendUp = async (url: string) =>
    (await metricsRegistry.getSingleMetric("backend_up")!.get()).values.find(
      (value) => value.labels.origin === new URL(url).origin,
    )?.value;

  it("refuses its calls at once after repeated failures, others' calls still going, and closes when it answers again", async () => {
    flaky.down = true;
    // A read answered 503 is tried once more: two failures in a row, the limit.
    expect((await fetchWithDeadline(`${flaky.url}/a`, {}, "GET flaky /a")).status).toBe(503);
    expect(flaky.calls).toBe(2);
    expect(circuitState(flaky.url)).toBe("open");
    expect(await backendUp(flaky.url)).toBe(0);

    const started = performance.now();
    const refused = await fetchWithDeadline(`${flaky.url}/b`, {}, "GET flaky /b").catch((error: unknown) => error);
    expect(performance.now() - started).toBeLessThan(50);
    expect(refused).toBeInstanceOf(Response);
    expect((refused as Response).status).toBe(503);
    expect(flaky.calls).toBe(2);
    // Another service's calls go on.
    expect((await fetchWithDeadline(`${answeringUrl}/found`, {}, "GET test /found")).status).toBe(200);

    flaky.down = false;
    await new Promise((resolve) => setTimeout(resolve, CIRCUIT_OPEN_MS));
    expect(circuitState(flaky.url)).toBe("half-open");
    expect((await fetchWithDeadline(`${flaky.url}/c`, {}, "GET flaky /c")).status).toBe(200);
    expect(circuitState(flaky.url)).toBe("closed");
    expect(await backendUp(flaky.url)).toBe(1);
  });
});
