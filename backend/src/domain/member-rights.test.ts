import { describe, expect, it } from "vitest";
import { mayAddMembers } from "./member-rights";

describe("mayAddMembers", () => {
  it("lets owners and admins add members whatever the space's flag", () => {
    for (const flag of [true, false]) {
      expect(mayAddMembers("OWNER", flag)).toBe(true);
      expect(mayAddMembers("ADMIN", flag)).toBe(true);
    }
  });

  it("lets a member add members only when the space allows it", () => {
    expect(mayAddMembers("MEMBER", true)).toBe(true);
    expect(mayAddMembers("MEMBER", false)).toBe(false);
  });
});
