import { describe, expect, it } from "vitest";
import { formatCount } from "./format";

describe("formatCount", () => {
  it("groups thousands with dots", () => {
    expect(formatCount(1234567)).toBe("1.234.567");
    expect(formatCount(999)).toBe("999");
  });
});
