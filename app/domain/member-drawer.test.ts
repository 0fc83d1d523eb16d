import { describe, expect, it } from "vitest";
import { activationBlock, removalBlock, type RemovalFacts } from "./member-drawer";

describe("removalBlock (002 §6)", () => {
  const owner = { id: "o", role: "OWNER" as const };
  const admin = { id: "a", role: "ADMIN" as const };
  const target = (overrides: Partial<RemovalFacts> = {}): RemovalFacts => ({
    id: "t",
    role: "MEMBER",
    paid: false,
    status: "active",
    ...overrides,
  });

  it("lets an owner or admin remove a free member", () => {
    expect(removalBlock(owner, target())).toBeNull();
    expect(removalBlock(admin, target({ status: "disabled" }))).toBeNull();
  });

  it("refuses in the spec's order: owner, free trial, oneself, another admin by an admin, paid", () => {
    expect(removalBlock(admin, target({ role: "OWNER", paid: true }))).toBe(
      "The owner cannot be removed from the space",
    );
    expect(removalBlock(owner, target({ status: "freeTrial", paid: true }))).toBe(
      "You cannot remove the user in Free trial",
    );
    expect(removalBlock(admin, target({ id: "a", role: "ADMIN" }))).toBe("You cannot remove yourself from the space");
    expect(removalBlock(admin, target({ role: "ADMIN" }))).toBe(
      "An admin cannot be removed by another admin from the space",
    );
    expect(removalBlock(owner, target({ role: "ADMIN" }))).toBeNull();
    expect(removalBlock(owner, target({ paid: true }))).toBe(
      "To remove paid users, you must downgrade them to free and then remove them during the next billing cycle.",
    );
  });
});

describe("removalBlock on a legacy space (issue 26)", () => {
  it("does not tell to downgrade a paid user where the screen offers no downgrade", () => {
    const paid: RemovalFacts = { id: "b", role: "MEMBER", paid: true, status: "active" };
    const reason = removalBlock({ id: "o", role: "OWNER" }, paid, { legacy: true });
    expect(reason).toBe(
      "Paid users of a legacy plan cannot be removed here: the space owner chooses the users to keep when switching to a new plan.",
    );
    expect(reason).not.toContain("downgrade");
  });
});

describe("activationBlock (002 §5, §8)", () => {
  const space = { freeMembers: 49, freeLimit: 50 };
  it("refuses members from outside the space's domains", () => {
    expect(activationBlock([{ inDomain: false, paid: true }], space)).toBe(
      "Your current plan does not allow users from a different domain. Upgrade your space to re-activate them.",
    );
  });

  it("refuses more free members than the plan allows, and lets paid ones through", () => {
    const free = { inDomain: true, paid: false };
    expect(activationBlock([free], space)).toBeNull();
    expect(activationBlock([free, free], space)).toBe(
      "Your current plan does not allow more than 50 free user(s). Remove active users to re-activate disabled users.",
    );
    expect(activationBlock([{ inDomain: true, paid: true }], { freeMembers: 50, freeLimit: 50 })).toBeNull();
  });
});
