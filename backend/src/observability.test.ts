import { describe, expect, it } from "vitest";
import { accessLevel } from "./observability";

describe("accessLevel", () => {
  it.each([
    ["a read answered", "GET", 200, "debug"],
    ["a read of something missing (a mistyped id)", "GET", 404, "debug"],
    ["a HEAD", "HEAD", 200, "debug"],
    ["a change", "POST", 201, "info"],
    ["a change refused", "PATCH", 409, "info"],
    ["a read that failed on our side", "GET", 503, "warn"],
    ["a change that failed on our side", "DELETE", 500, "warn"],
  ])("%s: %s %s at %s", (_case, method, status, level) => {
    expect(accessLevel(method, status)).toBe(level);
  });
});
