import { HttpError } from "./errors";

export interface RateLimit {
  /** Attempts allowed per window and key. */
  limit: number;
  windowMs: number;
}

/** 429 with the seconds to wait; `handleError` adds the Retry-After header. */
export class TooManyRequests extends HttpError {
  constructor(
    readonly retryAfterSeconds: number,
    reason?: string,
  ) {
    super(429, "too_many_requests", reason);
  }
}

/** Stale windows are dropped when the map grows past this, so a flood of keys cannot grow it without end. */
const SWEEP_AT = 10_000;

/**
 * A fixed window of attempts per key (e.g. per caller), in this process's
 * memory: the reference backend is one process. `hit` counts an attempt and
 * throws TooManyRequests once the window's limit is spent.
 */
export function createRateLimiter({ limit, windowMs }: RateLimit, now: () => number = Date.now) {
  const windows = new Map<string, { startedAt: number; count: number }>();

  function sweep(at: number) {
    for (const [key, window] of windows) if (at - window.startedAt >= windowMs) windows.delete(key);
  }

  return {
    hit(key: string): void {
      const at = now();
      let window = windows.get(key);
      if (!window || at - window.startedAt >= windowMs) {
        if (windows.size >= SWEEP_AT) sweep(at);
        window = { startedAt: at, count: 0 };
        windows.set(key, window);
      }
      window.count += 1;
      if (window.count > limit) throw new TooManyRequests(Math.ceil((window.startedAt + windowMs - at) / 1000));
    },
  };
}
