export interface CircuitLimits {
  /** Failed calls in a row that open the circuit. */
  failures: number;
  /** How long it stays open: then one call may try the service again. */
  openMs: number;
}

/**
 * closed: calls go through. open: calls are refused at once. half-open: the
 * open time is over; one call goes through as a trial, the others are refused
 * until it ends.
 */
export type CircuitState = "closed" | "open" | "half-open";

/**
 * A circuit breaker for the calls to one service (ARCHITECTURE.md,
 * Operations): after `failures` failed calls in a row, each call is refused
 * at once instead of waiting out its deadline against a service that is down
 * or stalled; after `openMs`, one call tries the service again, and its
 * success closes the circuit by itself.
 *
 * The caller reports every call it was allowed to make (`succeeded` or
 * `failed`), or a trial would hold the circuit half-open.
 */
export function createCircuit(
  limits: CircuitLimits,
  onChange: (state: "closed" | "open") => void = () => {},
  now: () => number = () => performance.now(),
) {
  let failuresInRow = 0;
  let openedAt: number | null = null;
  let trialUnderWay = false;

  function state(): CircuitState {
    if (openedAt === null) return "closed";
    return now() - openedAt < limits.openMs ? "open" : "half-open";
  }

  /** Whether a call may go now; one let through while half-open is the trial. */
  function allow() {
    const current = state();
    if (current === "closed") return true;
    if (current === "open" || trialUnderWay) return false;
    trialUnderWay = true;
    return true;
  }

  function succeeded() {
    failuresInRow = 0;
    trialUnderWay = false;
    if (openedAt === null) return;
    openedAt = null;
    onChange("closed");
  }

  function failed() {
    failuresInRow++;
    trialUnderWay = false;
    const wasOpen = openedAt !== null;
    // Open already (a failed trial, or a call that started before it opened): open for another `openMs`.
    if (wasOpen || failuresInRow >= limits.failures) openedAt = now();
    if (!wasOpen && openedAt !== null) onChange("open");
  }

  return { allow, succeeded, failed, state };
}

export type Circuit = ReturnType<typeof createCircuit>;
