import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fetchWithDeadline, withDeadline } from "./deadline.server";

let stalling: http.Server;
let url: string;
const held: http.ServerResponse[] = [];

beforeAll(async () => {
  process.env.BACKEND_READ_TIMEOUT_MS = "200";
  stalling = http.createServer((_request, response) => held.push(response));
  await new Promise<void>((resolve) => stalling.listen(0, "127.0.0.1", resolve));
  url = `http://127.0.0.1:${(stalling.address() as AddressInfo).port}/`;
});
afterAll(async () => {
  for (const response of held) response.destroy();
  stalling.closeAllConnections();
  await new Promise((resolve) => stalling.close(resolve));
});

describe("deadlines", () => {
  it("throws a real 503 Response with Retry-After when a read stalls, so `instanceof Response` rethrows pass it up", async () => {
    const thrown = await fetchWithDeadline(url).catch((error: unknown) => error);
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
