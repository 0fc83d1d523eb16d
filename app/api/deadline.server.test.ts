import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { backendCallDuration } from "~/observability/metrics.server";
import { newRequestContext, runInRequestContext } from "~/observability/request-context.server";
import { fetchWithDeadline, withDeadline } from "./deadline.server";

let stalling: http.Server;
let url: string;
const held: http.ServerResponse[] = [];
let answering: http.Server;
let answeringUrl: string;
const seenRequestIds: (string | undefined)[] = [];

beforeAll(async () => {
  process.env.BACKEND_READ_TIMEOUT_MS = "200";
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
