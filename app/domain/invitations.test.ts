import { describe, expect, it } from "vitest";
import { invitationErrorReason, invitationTexts } from "./invitations";

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

describe("invitation page texts", () => {
  it("name the space that invites, and who invited when known (issue 26)", () => {
    expect(invitationTexts.heading("Acme Sales")).toBe("Join Acme Sales");
    expect(invitationTexts.explanation("Acme Sales", "Sara Sales")).toBe(
      "Sara Sales invited you to join Acme Sales. Accept the invitation to start sending from it.",
    );
    expect(invitationTexts.explanation("Acme Sales", null)).toBe(
      "You have been invited to join Acme Sales. Accept the invitation to start sending from it.",
    );
  });
});
