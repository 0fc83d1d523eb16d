/**
 * Overload behind the load balancer (issue 28, item 4; README, Overload):
 * HAProxy with the configuration of scripts/balancer.ts in front of one
 * instance as `npm start` serves it, whose backend calls stall (the backend
 * itself stays healthy). HAProxy, not the app, holds the queue: it lets the
 * instance work on MAX_CONCURRENT_REQUESTS at once, refuses a newcomer past
 * its queue at once with the app's refusal page, answers the health checks
 * beside the queue, and never lets a request wait past its queue timeout.
 */
import http from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { RETRY_AFTER_SECONDS, refusalPage } from "~/domain/refusal-page";
import { INSTANCE_MAXCONN, QUEUE_PER_INSTANCE, QUEUE_TIMEOUT_MS } from "../../../scripts/balancer";
import { startBalancedApp, type BalancedApp } from "../support/balanced-app";

const SENT_PAGE = "/5100000000000001/acme-marketing/mail-merges/sent";
/** A file of public/: it takes a place at the gate, and costs the instance next to nothing. */
const CHEAP_FILE = "/robots.txt";
/** Longer than HAProxy's queue timeout: requests queued behind a stalled page time out first. */
const READ_TIMEOUT_MS = QUEUE_TIMEOUT_MS + 1_500;
/** "At once": no wait for a place, only the balancer's own work. */
const IMMEDIATE_MS = 250;
const WAIT_BUDGET_MS = 10_000;

let stack: BalancedApp;

beforeAll(async () => {
  // The app's default limits: HAProxy's per-instance limit is MAX_CONCURRENT_REQUESTS.
  stack = await startBalancedApp({
    BACKEND_READ_TIMEOUT_MS: String(READ_TIMEOUT_MS),
    // The queues alone: the places are held by pages stuck on the backend, which the circuit would soon refuse at once
    // (backend-faults.test.ts).
    BACKEND_CIRCUIT_FAILURES: "1000",
  });
});

afterAll(async () => {
  await stack?.close();
});

interface Answer {
  status: number;
  /** Whether it went on a connection an earlier request had used. */
  reused: boolean;
  headers: http.IncomingHttpHeaders;
  body: string;
  took: number;
}

/** A GET through the balancer, on a connection of its own unless an agent is given; `sent` resolves once it is written. */
function send(path: string, headers: Record<string, string> = {}, agent: http.Agent | false = false) {
  const startedAt = performance.now();
  let sent!: Promise<void>;
  const answer = new Promise<Answer>((resolve, reject) => {
    const request = http.get(`${stack.balancer.url}${path}`, { agent, headers: { Cookie: stack.cookie, ...headers } });
    sent = new Promise((resolveSent) => request.once("finish", () => resolveSent()));
    request.on("response", (response) => {
      let body = "";
      response.setEncoding("utf8");
      response.on("data", (chunk: string) => (body += chunk));
      response.on("end", () =>
        resolve({
          status: response.statusCode ?? 0,
          reused: request.reusedSocket,
          headers: response.headers,
          body,
          took: performance.now() - startedAt,
        }),
      );
    });
    request.on("error", reject);
  });
  return { answer, sent };
}

const get = (path: string, headers?: Record<string, string>, agent?: http.Agent) => send(path, headers, agent).answer;

/** Fires `count` requests for `path` and resolves once all are written, with their answers to come. */
async function fire(count: number, path: string) {
  const requests = Array.from({ length: count }, () => send(path));
  await Promise.all(requests.map(({ sent }) => sent));
  return requests.map(({ answer }) => answer);
}

/** The app's own admission gauges (its metrics port). */
async function gate() {
  const text = await (await fetch(stack.metricsUrl)).text();
  const gauge = (name: string) => Number(new RegExp(`^${name} (\\d+)`, "m").exec(text)?.[1]);
  return { inFlight: gauge("admission_in_flight"), queued: gauge("admission_queued") };
}

function expectRefusalPage(answer: Answer, requestId: string) {
  expect(answer.status).toBe(503);
  expect(answer.headers["retry-after"]).toBe(String(RETRY_AFTER_SECONDS));
  expect(answer.headers["x-request-id"]).toBe(requestId);
  expect(answer.headers["content-type"]).toBe("text/html; charset=utf-8");
  // The app's own refusal page ("Something went wrong." / "Please try again later." / "Reference: …"), byte for byte.
  expect(answer.body).toBe(refusalPage(requestId));
  expect(answer.body).toContain(`<p>Reference: ${requestId}</p>`);
}

describe("HAProxy in front of a saturated instance", () => {
  it("holds the queue, refuses past it at once with the refusal page, answers health checks, and times the queue out", async () => {
    stack.proxy.mode = "stall-but-health";
    // Every place of the instance taken by a page whose backend calls stall.
    const occupants = await fire(INSTANCE_MAXCONN, SENT_PAGE);
    await new Promise((resolve) => setTimeout(resolve, 300));
    // Then the queue filled, one past its bound.
    const queued = await fire(QUEUE_PER_INSTANCE + 1, CHEAP_FILE);
    await new Promise((resolve) => setTimeout(resolve, 300));

    // The instance works on its places and queues nothing itself: HAProxy holds the queue.
    expect(await gate()).toEqual({ inFlight: INSTANCE_MAXCONN, queued: 0 });

    // A newcomer is refused at once: the app's refusal page, its own valid id kept, Retry-After.
    const refused = await get(SENT_PAGE, { "X-Request-Id": "balancer-refusal-1" });
    expectRefusalPage(refused, "balancer-refusal-1");
    expect(refused.took).toBeLessThan(IMMEDIATE_MS);
    // An id the app would not keep is replaced by the balancer's, which the page shows.
    const renamed = await get(SENT_PAGE, { "X-Request-Id": "not an id" });
    expect(renamed.headers["x-request-id"]).toMatch(/^[0-9a-f-]{36}$/);
    expectRefusalPage(renamed, renamed.headers["x-request-id"] as string);

    // A refusal keeps its connection: the next request on it is answered.
    const pooled = new http.Agent({ keepAlive: true, maxSockets: 1 });
    expect((await get(SENT_PAGE, {}, pooled)).status).toBe(503);
    expect(await get("/healthz", {}, pooled)).toMatchObject({ status: 200, reused: true });
    pooled.destroy();

    // Health checks pass beside the queue, at once.
    for (const path of ["/healthz", "/readyz"]) {
      const health = await get(path);
      expect(health.status, path).toBe(200);
      expect(health.took, path).toBeLessThan(IMMEDIATE_MS);
    }

    // The queued requests wait no longer than the queue timeout, then get the refusal page: none waits past 10 s.
    const timedOut = await Promise.all(queued);
    for (const answer of timedOut) {
      expectRefusalPage(answer, answer.headers["x-request-id"] as string);
      expect(answer.took).toBeGreaterThanOrEqual(QUEUE_TIMEOUT_MS - 50);
      expect(answer.took).toBeLessThan(WAIT_BUDGET_MS);
    }
    stack.proxy.mode = "pass";
    // The occupants end with their backend's deadline (the app's backend-away page).
    expect((await Promise.all(occupants)).map(({ status }) => status)).toEqual(Array(INSTANCE_MAXCONN).fill(503));
  }, 30_000);

  it("serves every request it queues while the instance works", async () => {
    stack.proxy.mode = "pass";
    const answers = await Promise.all(await fire(INSTANCE_MAXCONN + 24, SENT_PAGE));
    expect(answers.map(({ status }) => status)).toEqual(Array(INSTANCE_MAXCONN + 24).fill(200));
    expect(answers.every(({ body }) => body.includes("</html>"))).toBe(true);
    expect(await gate()).toEqual({ inFlight: 0, queued: 0 });
  });
});
