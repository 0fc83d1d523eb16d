/**
 * Restarts and crashes behind the load balancer (issue 33, items 3 and 8;
 * README, Operations, "Fault: a restart or a crash"): two instances as `npm
 * start` serves them, with the default settings, behind HAProxy with the
 * configuration of scripts/balancer.ts, under a steady 60 GETs per second (of
 * a file of public/: it takes its place at the gate as a page does, but costs
 * next to nothing, so one instance serves them all on a busy test machine),
 * and with home page requests under way when the fault comes (their backend
 * call held). A rolling restart loses none of them; an instance killed
 * outright loses at most 2.
 */
import http from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startBalancer } from "../../../scripts/balancer";
import type { RunningBackend } from "../support/backend";
import { signIn, startAppBackend } from "../support/app";
import { startAppServer, type RunningApp } from "../support/app-server";
import { startFaultProxy, type FaultProxy } from "../support/fault-proxy";
import { freePort } from "../support/network";

const STEADY_PATH = "/robots.txt";
const REQUESTS_PER_SECOND = 60;
/** "/" of someone signed in: a redirect to their space, once the backend said who they are. */
const HOME = "/";
/** Home page requests under way when the fault comes: about half of them on each instance. */
const UNDER_WAY = 8;
/** How long their backend call is held: past the fault. */
const HELD_MS = 1_500;
/** A request still unanswered after this has failed (far above any wait a restart should cause). */
const REQUEST_TIMEOUT_MS = 15_000;
/** Past an instance's readiness, time for the balancer's next health check (every 300 ms) to see it. */
const BALANCER_SEES_IT_MS = 1_000;

let backend: RunningBackend;
let proxy: FaultProxy;
let cookie: string;
let ports: number[];
let apps: RunningApp[];
let balancer: ReturnType<typeof startBalancer>;
let runs = 0;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function untilReady(url: string) {
  for (let waited = 0; ; waited += 100) {
    const ready = await fetch(`${url}/readyz`).then(
      (answer) => answer.ok,
      () => false,
    );
    if (ready) return;
    if (waited > 20_000) throw new Error(`${url} did not become ready`);
    await sleep(100);
  }
}

/**
 * Until the balancer has had the instance answer a second's worth of requests, as an operator's rolling restart
 * moves on once the new instance takes its share (a cold instance on a busy machine is slow at first).
 */
async function untilServing(server: string) {
  const answered = () => balancer.log().filter((line) => line.server === server && line.status === 200).length;
  const before = answered();
  for (let waited = 0; answered() < before + REQUESTS_PER_SECOND / 2; waited += 100) {
    if (waited > 30_000) throw new Error(`${server} took no requests`);
    await sleep(100);
  }
}

/** An instance as an operator starts it: the default settings (no SHUTDOWN_DRAIN_MS), on its own port. */
const startInstance = (port: number) => startAppServer({}, port);

beforeAll(async () => {
  backend = await startAppBackend();
  proxy = await startFaultProxy(backend);
  ({ cookie } = await signIn(backend, "owner@acme.test"));
  ports = [await freePort(), await freePort()];
  apps = await Promise.all(ports.map(startInstance));
  balancer = startBalancer({ port: await freePort(), instances: ports });
  await untilReady(balancer.url);
  await sleep(BALANCER_SEES_IT_MS);
}, 60_000);

afterAll(async () => {
  await balancer?.stop();
  await Promise.all((apps ?? []).map((app) => app.close()));
  await proxy?.close();
  await backend?.close();
});

/** A GET through the balancer, on a pooled connection as a browser's: its status, or why it has none. */
function get(path: string, agent: http.Agent, requestId: string) {
  return new Promise<string>((resolve) => {
    const request = http.get(`${balancer.url}${path}`, {
      agent,
      headers: { Cookie: cookie, "X-Request-Id": requestId },
    });
    request.setTimeout(REQUEST_TIMEOUT_MS, () => request.destroy(new Error("no answer in time")));
    request.on("response", (response) => {
      response.resume();
      response.on("end", () => resolve(String(response.statusCode)));
      response.on("error", (error) => resolve(error.message));
    });
    request.on("error", (error) => resolve(error.message));
  });
}

/**
 * Steady requests from a second before the fault to a second after it, and home page requests under way when it
 * comes; every one that was not answered as it should be, with what the balancer logged of it.
 */
async function underLoad(fault: () => Promise<void>) {
  const run = (runs += 1);
  const agent = new http.Agent({ keepAlive: true });
  const requests: { id: string; expected: string; answer: Promise<string> }[] = [];
  const send = (path: string, expected: string) => {
    const id = `load-${run}-${requests.length}`;
    requests.push({ id, expected, answer: get(path, agent, id) });
  };
  let loading = true;
  const started = performance.now();
  const pace = (async () => {
    for (let sent = 0; loading; sent++) {
      send(STEADY_PATH, "200");
      await sleep(Math.max(0, started + ((sent + 1) * 1_000) / REQUESTS_PER_SECOND - performance.now()));
    }
  })();
  await sleep(1_000);
  proxy.delayMs = HELD_MS;
  for (let i = 0; i < UNDER_WAY; i++) send(HOME, "302");
  // Long enough for them to reach their instances and their backend calls; the later calls are not held.
  await sleep(300);
  proxy.delayMs = 0;
  await fault();
  await sleep(1_000);
  loading = false;
  await pace;
  const answers = await Promise.all(requests.map(({ answer }) => answer));
  agent.destroy();
  const failures = requests.flatMap(({ id, expected }, index) => {
    if (answers[index] === expected) return [];
    const line = balancer.log().find(({ requestId }) => requestId === id);
    return [`${answers[index]}: ${JSON.stringify(line ?? `${id}, not logged`)}`];
  });
  return { sent: requests.length, failures };
}

describe("two instances with the default settings, behind HAProxy, under 60 requests/s", () => {
  it("a rolling restart (SIGTERM, start again, then the other) fails no request", async () => {
    const { sent, failures } = await underLoad(async () => {
      for (const index of [0, 1]) {
        expect(await apps[index]!.close("SIGTERM")).toEqual({ code: 0, signal: null });
        apps[index] = await startInstance(ports[index]!);
        await untilServing(`app${index + 1}`);
      }
    });
    expect(sent).toBeGreaterThan(4 * REQUESTS_PER_SECOND * 0.8);
    expect(failures).toEqual([]);
  }, 60_000);

  it("an instance killed outright (SIGKILL) fails at most 2 requests: the others go to the other instance", async () => {
    const { sent, failures } = await underLoad(async () => {
      expect(await apps[1]!.close("SIGKILL")).toEqual({ code: null, signal: "SIGKILL" });
      // Longer than the balancer takes to notice, and than the held requests take.
      await sleep(2_000);
    });
    expect(sent).toBeGreaterThan(4 * REQUESTS_PER_SECOND * 0.8);
    expect(failures.length, failures.join("\n")).toBeLessThanOrEqual(2);
  }, 60_000);
});
