import { describe, expect, it } from "vitest";
import { canStopRenewal, parseRenewalResult, renewalResultPath } from "./renewal";

describe("parseRenewalResult", () => {
  it("maps success=1 and success=0 to the two result views", () => {
    expect(parseRenewalResult("1")).toBe("success");
    expect(parseRenewalResult("0")).toBe("failure");
  });

  it("shows the question for anything else", () => {
    expect(parseRenewalResult(null)).toBeNull();
    expect(parseRenewalResult("true")).toBeNull();
    expect(parseRenewalResult("")).toBeNull();
  });
});

describe("renewalResultPath", () => {
  it("reloads the same page with the result", () => {
    expect(renewalResultPath("success")).toBe("/stop-automatic-renewal?success=1");
    expect(renewalResultPath("failure")).toBe("/stop-automatic-renewal?success=0");
  });
});

describe("canStopRenewal", () => {
  it("allows PayPal licences only", () => {
    expect(canStopRenewal({ paymentSource: "PAYPAL" })).toBe(true);
    expect(canStopRenewal({ paymentSource: "STRIPE" })).toBe(false);
    expect(canStopRenewal(null)).toBe(false);
  });
});
