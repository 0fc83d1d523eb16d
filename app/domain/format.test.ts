import { describe, expect, it } from "vitest";
import { formatCount } from "./format";
import { formatDateTime } from "./zoned-format";

describe("formatDateTime", () => {
  const instant = Date.UTC(2026, 10, 21, 9, 5);
  it("uses the spec's pattern in UTC", () => {
    expect(formatDateTime(instant, "UTC")).toBe("Nov. 21, 9:05 AM");
  });
  it("shows the user's time zone", () => {
    expect(formatDateTime(instant, "America/New_York")).toBe("Nov. 21, 4:05 AM");
    expect(formatDateTime(instant, "Asia/Tokyo")).toBe("Nov. 21, 6:05 PM");
  });
});

describe("formatCount", () => {
  it("groups thousands with dots", () => {
    expect(formatCount(1234567)).toBe("1.234.567");
    expect(formatCount(999)).toBe("999");
  });
});
