import { describe, expect, it } from "vitest";
import { isSuccessResult, resultPageTitle, unsubscribedTexts } from "./result-pages";

describe("isSuccessResult", () => {
  it("fails only on success=0", () => {
    expect(isSuccessResult(new URLSearchParams("success=0"))).toBe(false);
    expect(isSuccessResult(new URLSearchParams("success=1"))).toBe(true);
    expect(isSuccessResult(new URLSearchParams(""))).toBe(true);
  });
});

describe("resultPageTitle", () => {
  it("names the failure when the page shows it", () => {
    expect(resultPageTitle(true, unsubscribedTexts)).toBe("Unsubscribed");
    expect(resultPageTitle(false, unsubscribedTexts)).toBe("Sorry, an error ocurred");
  });
});
