import { describe, expect, it } from "vitest";
import { createRateLimiter, TooManyRequests } from "./rate-limit";

describe("createRateLimiter", () => {
  it("allows the limit per window and key, then throws 429 with the seconds left", () => {
    let now = 1_000_000;
    const limiter = createRateLimiter({ limit: 3, windowMs: 60_000 }, () => now);
    for (let attempt = 0; attempt < 3; attempt += 1) limiter.hit("a");
    now += 15_000;
    let refused: unknown;
    try {
      limiter.hit("a");
    } catch (error) {
      refused = error;
    }
    expect(refused).toBeInstanceOf(TooManyRequests);
    expect(refused).toMatchObject({ status: 429, error: "too_many_requests", retryAfterSeconds: 45 });
    // Another key has its own window.
    expect(() => limiter.hit("b")).not.toThrow();
  });

  it("opens a new window once the old one has passed", () => {
    let now = 0;
    const limiter = createRateLimiter({ limit: 1, windowMs: 1000 }, () => now);
    limiter.hit("a");
    expect(() => limiter.hit("a")).toThrow(TooManyRequests);
    now = 1000;
    expect(() => limiter.hit("a")).not.toThrow();
  });
});
