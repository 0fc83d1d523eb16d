import { describe, expect, it } from "vitest";
import { doorRefusal } from "./front-door.server";

const FORM = { host: "app.test", "content-type": "application/x-www-form-urlencoded", "content-length": "10" };

describe("doorRefusal", () => {
  it.each(["TRACE", "TRACK", "CONNECT", "OPTIONS", "PROPFIND", "PUT", "DELETE", "PATCH"])(
    "refuses %s with 405",
    (method) => {
      expect(doorRefusal(method, "/login", { host: "app.test" })).toBe(405);
    },
  );

  it("refuses a write from another origin, or from Origin: null, with 403, as Remix's own check would", () => {
    expect(doorRefusal("POST", "/logout", { ...FORM, origin: "https://evil.test" })).toBe(403);
    expect(doorRefusal("POST", "/logout", { ...FORM, origin: "null" })).toBe(403);
    expect(doorRefusal("POST", "/logout", { ...FORM, origin: "not a url" })).toBe(403);
    expect(
      doorRefusal("POST", "/logout", {
        ...FORM,
        host: "internal:3000",
        "x-forwarded-host": "app.test",
        origin: "https://app.test",
      }),
    ).toBeNull();
  });

  it("refuses with 400 a target or Host the Fetch API cannot carry as a URL", () => {
    expect(doorRefusal("GET", "http://evil.example/login", { host: "app.test" })).toBe(400);
    expect(doorRefusal("GET", "*", { host: "app.test" })).toBe(400);
    expect(doorRefusal("GET", "/login", { host: "[zz" })).toBe(400);
    expect(doorRefusal("GET", "/login", { host: "app.test", "x-forwarded-host": "[zz" })).toBe(400);
    // A host that would move the path the app routes on.
    expect(doorRefusal("GET", "/login", { host: "app.test/admin" })).toBe(400);
    expect(doorRefusal("GET", "/login", { host: "app.test#" })).toBe(400);
    // 400 comes first: no method or origin of a request without a readable URL is worth judging.
    expect(doorRefusal("TRACE", "http://evil.example/", { host: "app.test" })).toBe(400);
  });

  it("refuses a body no form is with 415, one too large with 413", () => {
    expect(doorRefusal("POST", "/logout", { ...FORM, "content-type": "application/json" })).toBe(415);
    expect(doorRefusal("POST", "/logout", { ...FORM, "content-length": String(2 * 1024 * 1024) })).toBe(413);
  });

  it("lets same-origin writes, origin-less writes, reads and a request without Host through", () => {
    expect(doorRefusal("POST", "/logout", { ...FORM, origin: "http://app.test" })).toBeNull();
    expect(doorRefusal("POST", "/logout", FORM)).toBeNull();
    expect(doorRefusal("GET", "/login?next=%2Fx", { host: "app.test", origin: "https://evil.test" })).toBeNull();
    expect(doorRefusal("HEAD", "/", { host: "app.test:3000" })).toBeNull();
    expect(doorRefusal("GET", "/", {})).toBeNull();
  });
});
