import { describe, expect, it } from "vitest";
import { isTransferCandidate, transferRefusal } from "./ownership";
import { unrestricted } from "./restrictions";

const allowed = {
  workspacePlan: "PRO" as const,
  restrictions: unrestricted(),
  transferOwnerShip: true,
  callerRole: "OWNER" as const,
  callerStatus: "ACTIVE" as const,
};

describe("transferRefusal (002 §6)", () => {
  it("lets an active owner of a Pro or Premium space transfer", () => {
    expect(transferRefusal(allowed)).toBeNull();
    expect(transferRefusal({ ...allowed, workspacePlan: "PREMIUM" })).toBeNull();
  });

  it.each([
    ["an admin", { callerRole: "ADMIN" as const }, "not_owner"],
    ["a disabled owner", { callerStatus: "DISABLED" as const }, "not_owner"],
    ["a restricted space", { restrictions: { ...unrestricted(), TRANSFER_WORKSPACE: true } }, "transfer_restricted"],
    ["a Free space", { workspacePlan: "FREE" as const }, "transfer_not_available"],
    ["a Legacy space", { workspacePlan: "LEGACY" as const }, "transfer_not_available"],
    ["no transferOwnerShip feature", { transferOwnerShip: false }, "transfer_not_available"],
  ])("refuses %s", (_label, change, reason) => {
    expect(transferRefusal({ ...allowed, ...change })).toBe(reason);
  });
});

describe("isTransferCandidate (002 §5)", () => {
  it("takes an active member holding a YAMM seat", () => {
    expect(isTransferCandidate({ role: "MEMBER", status: "ACTIVE", seatType: "ADDED_YAMM_USER" })).toBe(true);
    expect(isTransferCandidate({ role: "ADMIN", status: "ACTIVE", seatType: "ADDED_YAMM_USER" })).toBe(true);
  });

  it.each([
    ["the owner", { role: "OWNER" as const, status: "ACTIVE" as const, seatType: "ADDED_YAMM_USER" }],
    [
      "a member in a free trial",
      { role: "MEMBER" as const, status: "FREE_TRIAL" as const, seatType: "ADDED_YAMM_USER" },
    ],
    ["a pending member", { role: "MEMBER" as const, status: "PENDING" as const, seatType: "PENDING_YAMM_USER" }],
    ["a disabled member", { role: "MEMBER" as const, status: "DISABLED" as const, seatType: "ADDED_YAMM_USER" }],
    ["a member without a YAMM seat", { role: "MEMBER" as const, status: "ACTIVE" as const, seatType: null }],
  ])("refuses %s", (_label, member) => {
    expect(isTransferCandidate(member)).toBe(false);
  });
});
