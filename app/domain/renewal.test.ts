import { describe, expect, it } from "vitest";
import { canStopRenewal, parseRenewalResult, renewalResultPath, renewalView } from "./renewal";

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

describe("renewalView (issue 25: success=1 showed its success to anyone, then Confirm again)", () => {
  it("asks a signed-out visitor to sign in, whatever the query says", () => {
    expect(renewalView("success", "signed-out")).toBe("sign-in");
    expect(renewalView("failure", "signed-out")).toBe("sign-in");
    expect(renewalView(null, "signed-out")).toBe("sign-in");
  });

  it("shows a stopped renewal as stopped, never the Confirm again", () => {
    expect(renewalView(null, { autoRenew: false })).toBe("success");
    expect(renewalView("failure", { autoRenew: false })).toBe("success");
  });

  it("takes success=1 on a licence that still renews for no success", () => {
    expect(renewalView("success", { autoRenew: true })).toBe("confirm");
    expect(renewalView(null, { autoRenew: true })).toBe("confirm");
    expect(renewalView("failure", { autoRenew: true })).toBe("failure");
  });
});
