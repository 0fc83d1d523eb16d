import { describe, expect, it } from "vitest";
import { pricingUrl } from "./external-links";

describe("pricingUrl (002 §2)", () => {
  it("carries the utm source, and the legacy plan type for a legacy space", () => {
    expect(pricingUrl(null)).toBe("https://yamm.com/pricing?utm_source=webapp-users");
    expect(pricingUrl("PROFESSIONAL")).toBe("https://yamm.com/pricing?utm_source=webapp-users&legacy=professional");
  });
});
