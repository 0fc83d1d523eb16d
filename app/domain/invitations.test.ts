import { describe, expect, it } from "vitest";
import { invitationErrorReason } from "./invitations";

describe("invitation errors", () => {
  it.each([
    [404, undefined, "invalid"],
    [403, undefined, "different-account"],
    [409, "invitation_is_not_active", "expired"],
    [409, "user_already_exists", "already-member"],
    [409, "something_else", null],
    [500, undefined, null],
    [400, undefined, null],
  ] as const)("maps %i %s to %s", (status, reason, expected) => {
    expect(invitationErrorReason(status, reason)).toBe(expected);
  });
});
