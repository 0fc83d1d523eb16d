import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { admitted, createAdmissionGate, type AdmissionLimits } from "./admission.server";

const LIMITS: AdmissionLimits = { concurrency: 2, queue: 1, maxWaitMs: 1_000 };

/** Lets the gate's deferred releases (setImmediate) run. */
const settle = () => vi.advanceTimersByTimeAsync(0);

/** The decision of a promise that may still be pending. */
async function stateOf(promise: Promise<boolean>) {
  return Promise.race([promise, Promise.resolve("pending" as const)]);
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
    const [first, second, third, fourth] = [{}, {}, {}, {}];
    expect(await stateOf(gate.enter(first))).toBe(true);
    expect(await stateOf(gate.enter(second))).toBe(true);
    const queued = gate.enter(third);
    expect(await stateOf(queued)).toBe("pending");
    expect(await stateOf(gate.enter(fourth))).toBe(false);
    expect(gate.isRefused(fourth)).toBe(true);
    expect(gate.load()).toEqual({ active: 2, waiting: 1 });

    gate.leave(first);
    await settle();
    expect(await stateOf(queued)).toBe(true);
    expect(gate.load()).toEqual({ active: 2, waiting: 0 });
  });

  it("gives a request one place however many loaders it runs, until the last one ends", async () => {
    const gate = createAdmissionGate({ ...LIMITS, concurrency: 1, queue: 0 });
    const request = {};
    await gate.enter(request);
    await gate.enter(request);
    expect(gate.load().active).toBe(1);

    gate.leave(request);
    await settle();
    expect(await stateOf(gate.enter({}))).toBe(false);

    gate.leave(request);
    await settle();
    expect(gate.load().active).toBe(0);
  });

  it("keeps the place while the document renders", async () => {
    const gate = createAdmissionGate({ ...LIMITS, concurrency: 1 });
    const request = {};
    await gate.enter(request);
    gate.leave(request);
    const rendered = gate.holdWhileRendering(request);
    await settle();
    const next = gate.enter({});
    expect(await stateOf(next)).toBe("pending");

    rendered();
    expect(await stateOf(next)).toBe(true);
  });

  it("refuses a queued request that waited the longest it may", async () => {
    const gate = createAdmissionGate({ ...LIMITS, concurrency: 1 });
    await gate.enter({});
    const waiting = {};
    const queued = gate.enter(waiting);
    await vi.advanceTimersByTimeAsync(LIMITS.maxWaitMs - 1);
    expect(await stateOf(queued)).toBe("pending");
    await vi.advanceTimersByTimeAsync(1);
    expect(await stateOf(queued)).toBe(false);
    expect(gate.load().waiting).toBe(0);
  });

  it("lets the loaders after an action run even when the gate has filled up meanwhile", async () => {
    const gate = createAdmissionGate({ ...LIMITS, concurrency: 1, queue: 0 });
    const post = {};
    await gate.enter(post);
    gate.leave(post);
    await settle();
    await gate.enter({});
    expect(await stateOf(gate.enter(post))).toBe(true);
  });
});

describe("admitted", () => {
  it("runs the handler once admitted and gives the place back when it ends or throws", async () => {
    const gate = createAdmissionGate({ ...LIMITS, concurrency: 1, queue: 0 });
    const loader = admitted(async ({ context }: { context: object }) => context, () => gate);
    const context = {};
    await expect(loader({ context })).resolves.toBe(context);
    await settle();
    expect(gate.load().active).toBe(0);

    const failing = admitted(async (_: { context: object }) => Promise.reject(new Error("backend")), () => gate);
    await expect(failing({ context: {} })).rejects.toThrow("backend");
    await settle();
    expect(gate.load().active).toBe(0);
  });

  it("answers a refused request with a 503 and Retry-After, without running the handler", async () => {
    const gate = createAdmissionGate({ ...LIMITS, concurrency: 1, queue: 0 });
    await gate.enter({});
    const handler = vi.fn();
    const loader = admitted(handler as (args: { context: object }) => unknown, () => gate);
    const refusal = await loader({ context: {} }).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(Response);
    expect((refusal as Response).status).toBe(503);
    expect((refusal as Response).headers.get("Retry-After")).toMatch(/^\d+$/);
    expect(handler).not.toHaveBeenCalled();
  });
});
