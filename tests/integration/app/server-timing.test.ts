/**
 * Server-Timing (issue 28, item 6): every document and data answer of the
 * app as `npm start` serves it says how many backend calls it made and
 * their time, its render's time (documents) and its total, and the count is
 * the calls the backend really received for that request.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PERSONAS, SPACES } from "../../../backend/src/db/seed/personas";
import type { RunningBackend } from "../support/backend";
import { signIn, startAppBackend } from "../support/app";
import { startAppServer, type RunningApp } from "../support/app-server";
import { startFaultProxy, type FaultProxy } from "../support/fault-proxy";

const SENT = `/${SPACES.acmeMarketing.id}/${SPACES.acmeMarketing.slug}/mail-merges/sent`;
const TIMING =
  /^backend;desc="(?<calls>\d+) calls?";dur=(?<backend>\d+\.\d), (?:render;dur=(?<render>\d+\.\d), )?total;dur=(?<total>\d+\.\d)$/;

let backend: RunningBackend;
let proxy: FaultProxy;
let app: RunningApp;
let cookie: string;

beforeAll(async () => {
  backend = await startAppBackend();
  proxy = await startFaultProxy(backend);
  ({ cookie } = await signIn(backend, PERSONAS.owner.email));
  app = await startAppServer();
});

afterAll(async () => {
  await app?.close();
  await proxy?.close();
  await backend?.close();
});

/** The answer's Server-Timing, parsed, beside the calls the backend received for it. */
async function timed(path: string, requestId: string) {
  const response = await fetch(`${app.url}${path}`, {
    headers: { Cookie: cookie, "X-Request-Id": requestId },
    redirect: "manual",
  });
  await response.arrayBuffer();
  const header = response.headers.get("server-timing") ?? "";
  const timing = TIMING.exec(header)?.groups;
  const calls = proxy.calls.filter((call) => call.requestId === requestId);
  return { response, header, timing, calls };
}

describe("Server-Timing", () => {
  it("a document: its backend calls (as many as the backend received), its render and its total", async () => {
    const { response, header, timing, calls } = await timed(SENT, "timing-document");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toContain("text/html");
    expect(timing, header).toBeDefined();
    expect(calls.length).toBeGreaterThanOrEqual(4);
    expect(Number(timing!.calls)).toBe(calls.length);
    expect(Number(timing!.backend)).toBeGreaterThan(0);
    expect(Number(timing!.render)).toBeGreaterThan(0);
    // The total covers the loaders' wait for their calls and the render.
    expect(Number(timing!.total)).toBeGreaterThan(Number(timing!.render));
  });

  it.each([
    ["a data request (single fetch)", `${SENT}.data`],
    [
      "a ?_data= request",
      `${SENT}?_data=${encodeURIComponent("routes/$workspaceId.$workspaceSlug+/mail-merges+/sent")}`,
    ],
  ])("%s: its backend calls and its total, no render", async (_, path) => {
    const requestId = `timing-data-${path.includes("_data") ? "query" : "single"}`;
    const { response, header, timing, calls } = await timed(path, requestId);
    expect(response.status).toBe(200);
    expect(timing, header).toBeDefined();
    expect(calls.length).toBeGreaterThanOrEqual(1);
    expect(Number(timing!.calls)).toBe(calls.length);
    expect(timing!.render).toBeUndefined();
  });
});
