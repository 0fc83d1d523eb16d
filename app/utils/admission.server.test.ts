import { EventEmitter } from "node:events";
import type { IncomingMessage, ServerResponse } from "node:http";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { admit, createAdmissionGate, type AdmissionLimits } from "./admission.server";

const LIMITS: AdmissionLimits = { concurrency: 2, queue: 2, maxWaitMs: 1_000 };

type Decision = Awaited<ReturnType<ReturnType<typeof createAdmissionGate>["enter"]>>;

/** The decision of a promise that may still be pending: admitted (with its release), refused, or pending. */
async function stateOf(promise: Promise<Decision>) {
  const decision = await Promise.race([promise, Promise.resolve("pending" as const)]);
  return decision === "pending" ? decision : decision === null ? "refused" : "admitted";
}

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
});

describe("createAdmissionGate", () => {
  it("admits up to the concurrency, queues the next ones, and refuses at once past the queue", async () => {
    const gate = createAdmissionGate(LIMITS);
    const first = await gate.enter();
    expect(first).toBeTypeOf("function");
    expect(await stateOf(gate.enter())).toBe("admitted");
    const queued = [gate.enter(), gate.enter()];
    expect(await stateOf(queued[0]!)).toBe("pending");
    expect(await stateOf(gate.enter())).toBe("refused");
    expect(gate.load()).toEqual({ active: 2, waiting: 2 });

    first!();
    expect(await stateOf(queued[0]!)).toBe("admitted");
    expect(await stateOf(queued[1]!)).toBe("pending");
    expect(gate.load()).toEqual({ active: 2, waiting: 1 });
  });

  it("gives a place back once, however often its release is called", async () => {
    const gate = createAdmissionGate({ ...LIMITS, concurrency: 1 });
    const release = (await gate.enter())!;
    release();
    release();
    expect(gate.load().active).toBe(0);
  });

  it("refuses a queued request that waited the longest it may", async () => {
    const gate = createAdmissionGate({ ...LIMITS, concurrency: 1 });
    await gate.enter();
    const queued = gate.enter();
    await vi.advanceTimersByTimeAsync(LIMITS.maxWaitMs - 1);
    expect(await stateOf(queued)).toBe("pending");
    await vi.advanceTimersByTimeAsync(1);
    expect(await stateOf(queued)).toBe("refused");
    expect(gate.load().waiting).toBe(0);
  });

  it("refuses at once a request that would wait past three quarters of the longest wait at the queue's recent pace", async () => {
    let clock = 0;
    const gate = createAdmissionGate({ concurrency: 1, queue: 100, maxWaitMs: 1_500 }, () => clock);
    // The queue has lately moved a step every 300 ms: the 4th in it would wait 1.2 s, past 1.125 s.
    let release = (await gate.enter())!;
    for (let served = 0; served < 60; served++) {
      const next = gate.enter();
      clock += 300;
      release();
      release = (await next)!;
    }
    const queued = [gate.enter(), gate.enter(), gate.enter()];
    expect(await stateOf(gate.enter())).toBe("refused");
    expect(gate.load().waiting).toBe(3);
    for (const each of queued) expect(await stateOf(each)).toBe("pending");
  });

  it("refuses at once when the queue has not moved for so long that the next one would wait past the longest wait", async () => {
    let clock = 0;
    const gate = createAdmissionGate({ concurrency: 1, queue: 100, maxWaitMs: 1_000 }, () => clock);
    await gate.enter();
    const queued = gate.enter();
    // Standing still for 4 s counts as a step of 200 ms (its share of the pace): the 2nd waits 400 ms.
    clock = 4_000;
    expect(await stateOf(gate.enter())).toBe("pending");
    // For 6 s: the 3rd would wait 900 ms, past three quarters of the longest wait.
    clock = 6_000;
    expect(await stateOf(gate.enter())).toBe("refused");
    expect(await stateOf(queued)).toBe("pending");
  });

  it("takes a request whose client went away out of the queue", async () => {
    const gate = createAdmissionGate({ ...LIMITS, concurrency: 1 });
    const release = (await gate.enter())!;
    let cancel = () => {};
    const gone = gate.enter((onCancel) => (cancel = onCancel));
    const next = gate.enter();
    cancel();
    expect(await stateOf(gone)).toBe("refused");
    release();
    expect(await stateOf(next)).toBe("admitted");
    expect(gate.load()).toEqual({ active: 1, waiting: 0 });
  });
});

/** A response as the middleware sees it: a status, headers, a body, and a close. */
function fakeResponse() {
  const response = Object.assign(new EventEmitter(), {
    status: 0,
    headers: {} as Record<string, unknown>,
    body: "",
    writeHead(status: number, headers: Record<string, unknown>) {
      response.status = status;
      response.headers = headers;
    },
    end(body: string) {
      response.body = body;
    },
  });
  return response;
}

describe("admit, the server's middleware", () => {
  const request = {} as IncomingMessage;

  it("hands an admitted request on and gives its place back once its answer is all written, unread as it may be", async () => {
    const gate = createAdmissionGate({ ...LIMITS, concurrency: 1 });
    const response = fakeResponse();
    const next = vi.fn();
    admit(request, response as unknown as ServerResponse, next, () => gate);
    await vi.advanceTimersByTimeAsync(0);
    expect(next).toHaveBeenCalledOnce();
    expect(gate.load().active).toBe(1);
    response.end("<html>…</html>");
    expect(response.body).toBe("<html>…</html>");
    expect(gate.load().active).toBe(0);
    response.emit("close");
    expect(gate.load().active).toBe(0);
  });

  it("gives the place back when the client goes away before the answer is written", async () => {
    const gate = createAdmissionGate({ ...LIMITS, concurrency: 1 });
    const response = fakeResponse();
    admit(request, response as unknown as ServerResponse, vi.fn(), () => gate);
    await vi.advanceTimersByTimeAsync(0);
    response.emit("close");
    expect(gate.load().active).toBe(0);
  });

  it("answers a refused request itself: the small 503 page with Retry-After, keeping the connection", async () => {
    const gate = createAdmissionGate({ ...LIMITS, concurrency: 1, queue: 0 });
    await gate.enter();
    const response = fakeResponse();
    const next = vi.fn();
    admit(request, response as unknown as ServerResponse, next, () => gate);
    await vi.advanceTimersByTimeAsync(0);
    expect(next).not.toHaveBeenCalled();
    expect(response.status).toBe(503);
    expect(response.headers["retry-after"]).toMatch(/^\d+$/);
    expect(response.headers.connection).toBeUndefined();
    expect(response.body).toContain("Something went wrong.");
    expect(response.body).toContain("Please try again later.");
  });

  it("takes a place in its path's lane: a page that calls no backend never waits behind the others", async () => {
    const gates = {
      backend: createAdmissionGate({ ...LIMITS, concurrency: 1 }),
      "backend-free": createAdmissionGate({ ...LIMITS, concurrency: 1 }),
    };
    await gates.backend.enter();
    const next = vi.fn();
    for (const url of ["/login", "/login.data?continue=%2F", "/auth/google"])
      admit({ url } as IncomingMessage, fakeResponse() as unknown as ServerResponse, next, (lane) => gates[lane]);
    admit({ url: "/" } as IncomingMessage, fakeResponse() as unknown as ServerResponse, next, (lane) => gates[lane]);
    await vi.advanceTimersByTimeAsync(0);
    expect(gates["backend-free"].load()).toEqual({ active: 1, waiting: 2 });
    expect(gates.backend.load()).toEqual({ active: 1, waiting: 1 });
    expect(next).toHaveBeenCalledOnce();
  });

  it("gives the place straight back when the client left while it waited for it", async () => {
    const gate = createAdmissionGate({ ...LIMITS, concurrency: 1 });
    const release = (await gate.enter())!;
    const response = fakeResponse();
    const next = vi.fn();
    admit(request, response as unknown as ServerResponse, next, () => gate);
    response.emit("close");
    release();
    await vi.advanceTimersByTimeAsync(0);
    expect(next).not.toHaveBeenCalled();
    expect(gate.load()).toEqual({ active: 0, waiting: 0 });
  });
});
