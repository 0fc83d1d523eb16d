/**
 * Operable in production (issue 27, items 1-4): the app as `npm start`
 * serves it (scripts/serve.mjs), against the reference backend through a
 * proxy that records the calls and can stall them: health and readiness,
 * request ids end to end, one JSON log line per request, the metrics port.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import packageJson from "../../../package.json";
import { PERSONAS, SPACES } from "../../../backend/src/db/seed/personas";
import { appServer } from "../../../scripts/services.mjs";
import type { RunningBackend } from "../support/backend";
import { signIn, startAppBackend } from "../support/app";
import { startFaultProxy, type FaultProxy } from "../support/fault-proxy";
import { freePort } from "../support/network";

const ACME = `/${SPACES.acmeMarketing.id}/${SPACES.acmeMarketing.slug}`;

let backend: RunningBackend;
let proxy: FaultProxy;
let app: ChildProcess;
let appUrl: string;
let metricsUrl: string;
let cookie: string;
let log = "";

beforeAll(async () => {
  backend = await startAppBackend({ faultInjection: true });
  proxy = await startFaultProxy(backend);
  ({ cookie } = await signIn(backend, PERSONAS.owner.email));
  const [port, metricsPort] = [await freePort(), await freePort()];
  appUrl = `http://127.0.0.1:${port}`;
  metricsUrl = `http://127.0.0.1:${metricsPort}/metrics`;
  const { command, args } = appServer("build/index.js");
  app = spawn(command, args, {
    env: {
      ...process.env,
      PORT: String(port),
      METRICS_PORT: String(metricsPort),
      NODE_ENV: "production",
      USE_LOCAL_SERVICES: "true",
      SESSION_SECRET: "test-secret",
      // The test's session cookie is made without the production prefix (support/app.ts signIn).
      SECURE_COOKIES: "false",
      LOG_LEVEL: "info",
      // One place at the gate and no queue: one stalled page fills it.
      MAX_CONCURRENT_REQUESTS: "1",
      MAX_QUEUED_REQUESTS: "0",
      BACKEND_READ_TIMEOUT_MS: "2000",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  for (const stream of [app.stdout!, app.stderr!]) stream.on("data", (chunk) => (log += String(chunk)));
  for (let waited = 0; !log.includes('"msg":"app on'); waited += 100) {
    if (waited > 30_000) throw new Error(`the app did not start:\n${log}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
});

afterAll(async () => {
  app?.kill("SIGTERM");
  await proxy?.close();
  await backend?.close();
});

/** The app's JSON log lines of one request; its access line is written once the answer is sent. */
async function linesOf(requestId: string, { atLeast = 1 } = {}) {
  const lines = () =>
    log
      .split("\n")
      .filter((line) => line.includes(`"requestId":"${requestId}"`))
      .map((line) => JSON.parse(line) as Record<string, unknown>);
  for (let waited = 0; lines().length < atLeast && waited < 3_000; waited += 20)
    await new Promise((resolve) => setTimeout(resolve, 20));
  return lines();
}

const page = (path: string, requestId?: string) =>
  fetch(`${appUrl}${path}`, {
    headers: { Cookie: cookie, ...(requestId ? { "X-Request-Id": requestId } : {}) },
    redirect: "manual",
  });

describe("health", () => {
  // Issue 34: the full commit told a stranger more than needed, and the security headers were missing.
  it("GET /healthz: alive, with the version and a short commit, the security headers, calling nothing, never logged at info", async () => {
    const calls = proxy.requestIds.length;
    const response = await fetch(`${appUrl}/healthz`, { headers: { "X-Request-Id": "healthz-probe" } });
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body).toEqual({
      status: "ok",
      version: packageJson.version,
      commit: expect.stringMatching(/^[0-9a-f]{7}$/),
    });
    expect(response.headers.get("cache-control")).toBe("private, no-store");
    expect(response.headers.get("x-robots-tag")).toBe("noindex, nofollow");
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    expect(response.headers.get("x-frame-options")).toBe("DENY");
    expect(response.headers.get("content-security-policy")).toContain("frame-ancestors 'none'");
    expect(proxy.requestIds.length).toBe(calls);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await linesOf("healthz-probe", { atLeast: 0 })).toEqual([]);
  });

  it("GET /readyz: ready, the instance's own state, calling nothing; the backend's state for people", async () => {
    const calls = proxy.requestIds.length;
    const response = await fetch(`${appUrl}/readyz`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: "ready", backend: "up" });
    expect(proxy.requestIds.length).toBe(calls);
  });
});

describe("a request's id and log line", () => {
  it("keeps a valid incoming id, sends it on every backend call, logs one line: route id, never the path or query", async () => {
    const id = "ops-valid-id_1";
    const response = await page(`${ACME}/unsubscriptions?q=someone%40example.test`, id);
    expect(response.status).toBe(200);
    expect(response.headers.get("x-request-id")).toBe(id);
    const calls = proxy.requestIds.filter((call) => call.sent === id);
    expect(calls.length).toBeGreaterThan(1);
    // The backend kept it too: it answers (and logs) under the same id.
    expect(calls.every((call) => call.answered === id)).toBe(true);

    const lines = await linesOf(id);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toEqual({
      level: "info",
      time: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      pid: expect.any(Number),
      hostname: expect.any(String),
      requestId: id,
      method: "GET",
      route: "routes/$workspaceId.$workspaceSlug+/unsubscriptions",
      status: 200,
      durationMs: expect.any(Number),
      backendCalls: calls.length,
      backendMs: expect.any(Number),
      refusedByGate: false,
      msg: "request",
    });
    const text = JSON.stringify(lines);
    for (const leak of ["someone", "example.test", "?q=", ACME, "Cookie", cookie.split("=")[1]!])
      expect(text).not.toContain(leak);
  });

  it.each([
    ["too long", "x".repeat(65)],
    ["not URL-safe", "an id; with spaces"],
  ])("replaces an incoming id that is %s", async (_case, incoming) => {
    const response = await fetch(`${appUrl}/login`, { headers: { "X-Request-Id": incoming } });
    expect(response.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("shows a failure's reference on its page and logs the error with its stack on one line", async () => {
    const marker = `operations${Date.now()}`;
    await fetch(`${backend.url}/__faults`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ method: "GET", pathIncludes: "/unsubscriptions", queryIncludes: marker, status: 500 }),
    });
    const id = "ops-failure-1";
    const response = await page(`${ACME}/unsubscriptions?q=${marker}`, id);
    expect(response.status).toBe(500);
    const html = await response.text();
    expect(html).toContain("Something went wrong.");
    expect(html).toContain(`Reference: ${id}`);
    const lines = await linesOf(id, { atLeast: 2 });
    const error = lines.find((line) => line.level === "error")!;
    expect(error.msg).toBe("request failed");
    expect((error.err as { stack: string }).stack).toContain("BackendError");
    expect(lines.find((line) => line.msg === "request")).toMatchObject({ status: 500, level: "warn" });
  });
});

describe("metrics", () => {
  it("are served in Prometheus format on their own port, not on the public one", async () => {
    await page(`${ACME}/unsubscriptions`);
    const text = await (await fetch(metricsUrl)).text();
    expect(text).toContain(
      'http_request_duration_seconds_count{method="GET",route="routes/$workspaceId.$workspaceSlug+/unsubscriptions",status="200"}',
    );
    expect(text).toMatch(/backend_call_duration_seconds_count\{endpoint="GET v2 \/users\/me",outcome="ok"\} \d+/);
    expect(text).toMatch(/admission_in_flight \d+/);
    expect(text).toMatch(/admission_queued \d+/);
    expect(text).toMatch(/process_cpu_user_seconds_total \d/);
    const publicPort = await fetch(`${appUrl}/metrics`);
    expect(await publicPort.text()).not.toContain("http_request_duration_seconds");
  });
});

describe("with the backend stalled", () => {
  it("stays ready, answers /readyz and /healthz at once while the gate is full, and refuses past it", async () => {
    proxy.mode = "stall";
    try {
      // Takes the gate's only place until its backend call times out.
      const stalled = page(`${ACME}/unsubscriptions`, "ops-stalled-page");
      await new Promise((resolve) => setTimeout(resolve, 300));

      // A backend stalled is no reason to take the instance out: every instance shares it.
      for (const path of ["/readyz", "/healthz"]) {
        const started = Date.now();
        expect((await fetch(`${appUrl}${path}`)).status, path).toBe(200);
        expect(Date.now() - started, path).toBeLessThan(500);
      }

      const refused = await page(`${ACME}/unsubscriptions`, "ops-refused-page");
      expect(refused.status).toBe(503);
      expect(await refused.text()).toContain("Reference: ops-refused-page");
      expect((await linesOf("ops-refused-page"))[0]).toMatchObject({ status: 503, refusedByGate: true });
      expect(await (await fetch(metricsUrl)).text()).toMatch(/admission_refused_total [1-9]/);

      expect((await stalled).status).toBe(503);
    } finally {
      proxy.mode = "pass";
    }
  });
});
