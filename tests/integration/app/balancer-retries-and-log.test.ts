/**
 * The balancer's retries and its log (issue 33, items 3 and 4; README,
 * Operations, "Fault: a restart or a crash" and "The balancer's log"):
 * HAProxy with the configuration of scripts/balancer.ts in front of two
 * stand-in instances, one of which dies under every request it takes (reads
 * it, then drops the connection without an answer). A GET or HEAD it took is
 * sent on to the other instance; a POST never is (it may have changed
 * something). Every request is logged, one JSON line with its id; the id a
 * 503 page of HAProxy's own shows as its Reference is found there.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { refusalPage } from "~/domain/refusal-page";
import { startBalancer, type BalancerLogLine } from "../../../scripts/balancer";
import { freePort } from "../support/network";

/** A stand-in instance: ready, and answering or dying under each request; the id of every request it read. */
async function standIn(answer: (response: http.ServerResponse) => void) {
  const seen: string[] = [];
  const server = http.createServer((request, response) => {
    if (request.url === "/readyz") return response.end("ready");
    request.resume();
    request.on("end", () => {
      seen.push(`${request.method} ${request.headers["x-request-id"]}`);
      answer(response);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { port: (server.address() as AddressInfo).port, seen, server };
}

let dying: Awaited<ReturnType<typeof standIn>>;
let live: Awaited<ReturnType<typeof standIn>>;
let balancer: ReturnType<typeof startBalancer>;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The line the balancer logged for this request id, once written (after the answer). */
async function logLineOf(requestId: string, log = balancer.log) {
  for (let waited = 0; waited < 3_000; waited += 50) {
    const line = log().find((entry) => entry.requestId === requestId);
    if (line) return line;
    await sleep(50);
  }
  throw new Error(`no log line for ${requestId}`);
}

beforeAll(async () => {
  dying = await standIn((response) => response.socket?.destroy());
  live = await standIn((response) => response.end("answered"));
  balancer = startBalancer({ port: await freePort(), instances: [dying.port, live.port] });
  // Both instances up for HAProxy: its first checks passed.
  for (let waited = 0; (await request(`${balancer.url}/readyz`).catch(() => null))?.status !== 200; waited += 100) {
    if (waited > 10_000) throw new Error("HAProxy did not answer");
    await sleep(100);
  }
  await sleep(700);
});

afterAll(async () => {
  await balancer?.stop();
  for (const { server } of [dying, live]) {
    server?.closeAllConnections();
    server?.close();
  }
});

/** A request through the balancer on a connection of its own; its status and body. */
function request(url: string, method = "GET", requestId?: string) {
  return new Promise<{ status: number; body: string }>((resolve, reject) => {
    const body = method === "POST" ? "field=value" : undefined;
    const sent = http.request(url, {
      method,
      agent: false,
      headers: { ...(requestId && { "X-Request-Id": requestId }), "Content-Type": "application/x-www-form-urlencoded" },
    });
    sent.on("response", (response) => {
      let text = "";
      response.setEncoding("utf8");
      response.on("data", (chunk: string) => (text += chunk));
      response.on("end", () => resolve({ status: response.statusCode ?? 0, body: text }));
    });
    sent.on("error", reject);
    sent.end(body);
  });
}

/** Requests with this method, one after another (round robin: half of them to each instance); their statuses. */
async function send(method: string, count: number) {
  const statuses: Record<string, number> = {};
  const bodies: Record<string, string> = {};
  for (let i = 0; i < count; i++) {
    const id = `${method.toLowerCase()}-${i}`;
    ({ status: statuses[id], body: bodies[id] } = await request(`${balancer.url}/some/page`, method, id));
  }
  return { statuses, bodies };
}

describe("an instance that dies under the requests it takes", () => {
  it("has every GET and HEAD it took answered by the other instance", async () => {
    for (const method of ["GET", "HEAD"]) {
      const { statuses } = await send(method, 4);
      expect(Object.values(statuses)).toEqual([200, 200, 200, 200]);
      // Some went to the dying instance first: they were sent on, once, and the log says so.
      const retried = Object.keys(statuses).filter((id) => dying.seen.includes(`${method} ${id}`));
      expect(retried.length).toBeGreaterThan(0);
      for (const id of retried) {
        expect(live.seen.filter((seen) => seen === `${method} ${id}`)).toHaveLength(1);
        expect(await logLineOf(id)).toMatchObject({ status: 200, server: "app2", retries: "+1" });
      }
    }
  });

  it("never sends a POST it took to the other instance: the person gets the error page with its Reference, the POST ran once", async () => {
    const { statuses, bodies } = await send("POST", 4);
    const onDying = Object.keys(statuses).filter((id) => dying.seen.includes(`POST ${id}`));
    expect(onDying.length).toBeGreaterThan(0);
    for (const [id, status] of Object.entries(statuses)) {
      const seen = [...dying.seen, ...live.seen].filter((entry) => entry === `POST ${id}`);
      expect(seen, id).toHaveLength(1);
      expect(status, id).toBe(onDying.includes(id) ? 502 : 200);
      if (status === 502) expect(bodies[id]).toBe(refusalPage(id));
    }
  });
});

describe("the balancer's log", () => {
  it("has a JSON line for every request: its id, method, status, instance and timings", async () => {
    await request(`${balancer.url}/some/page`, "GET", "logged-request-1");
    const line = await logLineOf("logged-request-1");
    expect(line).toMatchObject<Partial<BalancerLogLine>>({
      source: "haproxy",
      requestId: "logged-request-1",
      method: "GET",
      status: 200,
    });
    expect(["app1", "app2"]).toContain(line.server);
    for (const timing of ["requestMs", "queueMs", "connectMs", "responseMs", "totalMs", "time"] as const)
      expect(line[timing], timing).toBeGreaterThanOrEqual(0);
  });

  it("has the Reference HAProxy's own 503 page shows", async () => {
    // A balancer whose only instance is gone: every request gets HAProxy's own 503 page.
    const alone = startBalancer({ port: await freePort(), instances: [await freePort()] });
    try {
      let page: { status: number; body: string } | null = null;
      for (let waited = 0; !page && waited < 10_000; waited += 100) {
        page = await request(`${alone.url}/some/page`).catch(() => null);
        if (!page) await sleep(100);
      }
      expect(page!.status).toBe(503);
      // The id HAProxy gave the request (none was sent), as the page shows it to the person.
      const reference = /<p>Reference: ([^<]+)<\/p>/.exec(page!.body)?.[1];
      expect(reference).toMatch(/^[0-9a-f-]{36}$/);
      expect(await logLineOf(reference!, alone.log)).toMatchObject({ requestId: reference, status: 503 });
    } finally {
      await alone.stop();
    }
  });
});
