import { describe, expect, it } from "vitest";
import { billingFlag, checkoutResult, checkoutResultQuery } from "./billing-query";

const result = (query: string) => checkoutResult(new URLSearchParams(query));

describe("post-checkout query check (001 §4)", () => {
  it("asks nothing without checkout=success", () => {
    expect(result("")).toBeNull();
    expect(result("checkout=cancel&from=FREE")).toBeNull();
  });

  it("starts a subscription from free with seats of one kind", () => {
    expect(result("checkout=success&from=FREE&to=PRO&workspaceSeats=3")).toEqual({ kind: "started", seats: 3 });
    expect(result("checkout=success&from=FREE&to=PRO&gmailSeats=1")).toEqual({ kind: "started", seats: 1 });
    expect(result("checkout=success&from=FREE&to=PRO&workspaceSeats=100")).toEqual({ kind: "started", seats: 100 });
  });

  it.each([
    "checkout=success&from=FREE&to=PRO",
    "checkout=success&from=FREE&gmailSeats=2",
    "checkout=success&from=FREE&workspaceSeats=101",
    "checkout=success&from=FREE&workspaceSeats=3&gmailSeats=1",
    "checkout=success&from=FREE&workspaceSeats=abc",
    "checkout=success&from=FREE&workspaceSeats=-1",
    "checkout=success&from=NOPE&to=PRO",
    "checkout=success&success=seats-added&seats=0",
    "checkout=success&success=seats-added&seats=100",
    "checkout=success&success=seats-added",
    "checkout=success&success=whatever&seats=2",
    "checkout=success",
    "checkout=success&from=PRO&to=PRO",
    "checkout=success&fromInterval=YEARLY&toInterval=WEEKLY",
  ])("refuses %s", (query) => {
    expect(result(query)).toBe("invalid");
  });

  it("tells a legacy replacement, seat changes and other updates", () => {
    expect(result("checkout=success&from=LEGACY&to=PRO")).toEqual({ kind: "legacy-replaced" });
    expect(result("checkout=success&success=seats-added&seats=2")).toEqual({ kind: "seats-added", seats: 2 });
    expect(result("checkout=success&success=seats-removed&seats=99")).toEqual({ kind: "seats-removed", seats: 99 });
    expect(result("checkout=success&from=PRO&to=PREMIUM")).toEqual({ kind: "updated" });
    expect(result("checkout=success&fromInterval=YEARLY&toInterval=MONTHLY")).toEqual({ kind: "updated" });
    expect(result("checkout=success&workspaceUsers=2")).toEqual({ kind: "updated" });
  });

  it("writes the result query the check accepts", () => {
    expect(result(checkoutResultQuery({ success: "seats-added", seats: 4 }))).toEqual({
      kind: "seats-added",
      seats: 4,
    });
  });
});

describe("redirect flags (001 §8)", () => {
  it("reads a flag set to true", () => {
    expect(billingFlag(new URLSearchParams("cannot-change-billing-cycle-when-scheduled=true"))).toBe(
      "cannot-change-billing-cycle-when-scheduled",
    );
    expect(billingFlag(new URLSearchParams("cannot-update-subscription-plan-and-interval=1"))).toBeNull();
    expect(billingFlag(new URLSearchParams(""))).toBeNull();
  });
});
