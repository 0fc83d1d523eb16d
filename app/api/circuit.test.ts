import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { createCircuit, type CircuitState } from "./circuit";

const LIMITS = { failures: 3, openMs: 1_000 };

function circuitAt(clock = { now: 0 }) {
  const changes: string[] = [];
  const circuit = createCircuit(
    LIMITS,
    (state) => changes.push(state),
    () => clock.now,
  );
  return { circuit, clock, changes };
}

describe("a circuit", () => {
  it("lets calls through while they fail fewer times in a row than its limit", () => {
    const { circuit } = circuitAt();
    for (let round = 0; round < 5; round++) {
      circuit.failed();
      circuit.failed();
      circuit.succeeded();
    }
    expect(circuit.state()).toBe("closed");
    expect(circuit.allow()).toBe(true);
  });

  it("opens after its limit of failures in a row and refuses every call until its open time is over", () => {
    const { circuit, clock, changes } = circuitAt();
    for (let i = 0; i < LIMITS.failures; i++) circuit.failed();
    expect(changes).toEqual(["open"]);
    expect(circuit.allow()).toBe(false);
    clock.now = LIMITS.openMs - 1;
    expect(circuit.allow()).toBe(false);
  });

  it("then lets one trial through, refusing the others until it ends, and closes by itself when it succeeds", () => {
    const { circuit, clock, changes } = circuitAt();
    for (let i = 0; i < LIMITS.failures; i++) circuit.failed();
    clock.now = LIMITS.openMs;
    expect(circuit.state()).toBe("half-open");
    expect(circuit.allow()).toBe(true);
    expect(circuit.allow()).toBe(false);
    circuit.succeeded();
    expect(changes).toEqual(["open", "closed"]);
    expect(circuit.allow()).toBe(true);
    expect(circuit.allow()).toBe(true);
  });

  it("opens for another open time when its trial fails", () => {
    const { circuit, clock, changes } = circuitAt();
    for (let i = 0; i < LIMITS.failures; i++) circuit.failed();
    clock.now = LIMITS.openMs;
    expect(circuit.allow()).toBe(true);
    circuit.failed();
    expect(circuit.state()).toBe("open");
    clock.now = 2 * LIMITS.openMs - 1;
    expect(circuit.allow()).toBe(false);
    clock.now = 2 * LIMITS.openMs;
    expect(circuit.allow()).toBe(true);
    expect(changes).toEqual(["open"]);
  });

  it("keeps to its rules whatever calls come, fail, succeed, and whenever", () => {
    type Step = { kind: "call"; fails: boolean } | { kind: "wait"; ms: number };
    const step = fc.oneof(
      fc.record({ kind: fc.constant("call" as const), fails: fc.boolean() }),
      fc.record({ kind: fc.constant("wait" as const), ms: fc.integer({ min: 0, max: 1_500 }) }),
    );
    fc.assert(
      fc.property(fc.array(step, { maxLength: 60 }), (steps: Step[]) => {
        const { circuit, clock } = circuitAt();
        let failuresInRow = 0;
        let lastFailureAt = -Infinity;
        for (const next of steps) {
          if (next.kind === "wait") {
            clock.now += next.ms;
            continue;
          }
          const before: CircuitState = circuit.state();
          const allowed = circuit.allow();
          // Refused exactly when fewer than openMs have passed since the failure that made the limit or followed it.
          const open = failuresInRow >= LIMITS.failures && clock.now - lastFailureAt < LIMITS.openMs;
          expect(allowed).toBe(!open);
          expect(before).toBe(open ? "open" : failuresInRow >= LIMITS.failures ? "half-open" : "closed");
          if (!allowed) continue;
          // Each allowed call ends before the next: a half-open circuit gets its trial's outcome at once.
          if (next.fails) {
            circuit.failed();
            failuresInRow++;
            lastFailureAt = clock.now;
          } else {
            circuit.succeeded();
            failuresInRow = 0;
            expect(circuit.state()).toBe("closed");
          }
        }
      }),
    );
  });
});
