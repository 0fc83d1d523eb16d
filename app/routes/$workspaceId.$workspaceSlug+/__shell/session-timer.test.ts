import { describe, expect, it } from "vitest";
import { sessionTimerDelay } from "./session-timer";

describe("sessionTimerDelay", () => {
  it("fires 2 seconds before expiry", () => {
    expect(sessionTimerDelay(100_000, 50_000)).toBe(48_000);
  });
  it("fires at once when expiry is near or past", () => {
    expect(sessionTimerDelay(51_000, 50_000)).toBe(0);
    expect(sessionTimerDelay(10_000, 50_000)).toBe(0);
  });
  it("never asks setTimeout for more than it can wait", () => {
    expect(sessionTimerDelay(Number.MAX_SAFE_INTEGER, 0)).toBe(2 ** 31 - 1);
  });
});
