import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, describe, expect, it } from "vitest";
import { roundsOf, startBackendReplay } from "./backend-replay";

describe("roundsOf", () => {
  it("puts a call after the round whose answer it waited for", () => {
    const calls = [
      { url: "/me", start: 0, end: 30 },
      { url: "/space", start: 1, end: 31 },
      { url: "/list", start: 32, end: 62 },
      { url: "/count", start: 33, end: 63 },
      { url: "/removals", start: 64, end: 94 },
    ];
    expect(roundsOf(calls, (call) => call).map((round) => round.map((call) => call.url))).toEqual([
      ["/me", "/space"],
      ["/list", "/count"],
      ["/removals"],
    ]);
  });
});

describe("the replaying stand-in", () => {
  let backendCalls = 0;
  const backend = createServer((request, response) => {
    backendCalls++;
    response.writeHead(200, { "Content-Type": "application/json" });
    response.end(JSON.stringify({ url: request.url, call: backendCalls }));
  });
  const backendUrl = new Promise<string>((resolve) =>
    backend.listen(0, "127.0.0.1", () => resolve(`http://127.0.0.1:${(backend.address() as AddressInfo).port}`)),
  );
  afterAll(() => new Promise((resolve) => backend.close(resolve)));

  it("answers recorded calls from memory, a timestamp in the query standing for any", async () => {
    const replay = await startBackendReplay(await backendUrl);
    const get = async (path: string) => (await fetch(`${replay.url}${path}`)).json();
    const traced = await replay.traceCalls(() => get("/list?from=1764269026793&size=26"), 0);
    expect(traced.map((call) => call.url)).toEqual(["/list?from=1764269026793&size=26"]);
    replay.replay();
    expect(await get("/list?from=1764269099999&size=26")).toEqual({ url: "/list?from=1764269026793&size=26", call: 1 });
    expect(backendCalls).toBe(1);
    expect(replay.passedOn()).toBe(0);
    // Not recorded: passed on, and counted.
    await get("/list?from=1764269026793&size=50");
    expect(replay.passedOn()).toBe(1);
    await replay.stop();
  });
});
