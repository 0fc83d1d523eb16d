import { describe, expect, it } from "vitest";
import { hasRoleAtLeast, roleRank } from "./roles";

describe("roles", () => {
  it("orders MEMBER < ADMIN < OWNER", () => {
    expect(roleRank.MEMBER).toBe(1);
    expect(roleRank.ADMIN).toBe(2);
    expect(roleRank.OWNER).toBe(3);
  });

  it("compares against a minimum role", () => {
    expect(hasRoleAtLeast("OWNER", "ADMIN")).toBe(true);
    expect(hasRoleAtLeast("ADMIN", "ADMIN")).toBe(true);
    expect(hasRoleAtLeast("MEMBER", "ADMIN")).toBe(false);
    expect(hasRoleAtLeast("ADMIN", "OWNER")).toBe(false);
  });
});
