import { describe, expect, it } from "vitest";
import { MALFORMED_TIME_ZONES } from "../../tests/support/malformed-time-zones";
import { timeZoneFromCookieHeader, timeZoneScript } from "./time-zone";

/** Runs the inline script against a fake document holding `cookie`; returns what it wrote, if anything. */
function runScript(cookie: string, browserZone = "Europe/Paris") {
  const written: string[] = [];
  const document = {
    get cookie() {
      return cookie;
    },
    set cookie(value: string) {
      written.push(value);
    },
  };
  const Intl = { DateTimeFormat: () => ({ resolvedOptions: () => ({ timeZone: browserZone }) }) };
  new Function("document", "Intl", timeZoneScript)(document, Intl);
  return written;
}

describe("time zone client hint", () => {
  it("reads a valid zone", () => {
    expect(timeZoneFromCookieHeader("a=1; tz=Europe%2FParis; b=2")).toBe("Europe/Paris");
  });

  it("falls back to UTC when missing", () => {
    expect(timeZoneFromCookieHeader(null)).toBe("UTC");
  });

  it.each(MALFORMED_TIME_ZONES)("ignores the malformed value %j (UTC), never throws", (value) => {
    expect(timeZoneFromCookieHeader(`a=1; tz=${value}; b=2`)).toBe("UTC");
  });

  it.each(MALFORMED_TIME_ZONES)("has the page's script replace the malformed value %j with the browser's zone", (value) => {
    const [written] = runScript(`a=1; tz=${value}`);
    expect(written).toMatch(/^tz=Europe%2FParis; path=\/; max-age=\d+; samesite=lax$/);
  });

  it("leaves a cookie that already holds the browser's zone alone", () => {
    expect(runScript("tz=Europe%2FParis")).toEqual([]);
  });
});
