import { describe, expect, it } from "vitest";
import { timeZoneFromCookieHeader } from "./time-zone";

describe("time zone client hint", () => {
  it("reads a valid zone", () => {
    expect(timeZoneFromCookieHeader("a=1; tz=Europe%2FParis; b=2")).toBe("Europe/Paris");
  });
  it("falls back to UTC when missing or invalid", () => {
    expect(timeZoneFromCookieHeader(null)).toBe("UTC");
    expect(timeZoneFromCookieHeader("tz=Not%2FAZone")).toBe("UTC");
  });
});
