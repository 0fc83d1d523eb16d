import { describe, expect, it } from "vitest";
import { safeRedirect } from "./safe-redirect";

describe("safeRedirect", () => {
  it.each([
    ["//evil.example", "/"],
    ["/\\evil.example", "/"],
    ["/\t/evil.example", "/"],
    ["/\n/evil.example", "/"],
    ["javascript:alert(1)", "/"],
    ["https://evil.example/path", "/"],
    ["http://localhost:3000/1/acme", "/"],
    ["", "/"],
    [null, "/"],
    ["relative/path", "/"],
  ])("refuses %j", (target, expected) => {
    expect(safeRedirect(target)).toBe(expected);
  });

  it("keeps a same-origin path with its query and hash", () => {
    expect(safeRedirect("/5100/acme/mail-merges/sent?q=news&page=2#top")).toBe(
      "/5100/acme/mail-merges/sent?q=news&page=2#top",
    );
  });

  it("normalises dot segments instead of trusting them", () => {
    expect(safeRedirect("/a/../b")).toBe("/b");
  });

  it("uses the given fallback", () => {
    expect(safeRedirect("//evil.example", "/login")).toBe("/login");
  });
});
