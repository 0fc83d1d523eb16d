import { describe, expect, it } from "vitest";
import { availableSeatsMessage, roomAfterRefusals, roomForEntries, userLimitBlock } from "./add-members";

describe("availableSeatsMessage (002 §5)", () => {
  it("speaks only when fewer seats are left than addresses, in the singular or plural", () => {
    expect(availableSeatsMessage(3, 2)).toBeNull();
    expect(availableSeatsMessage(-1, 50)).toBeNull();
    expect(availableSeatsMessage(1, 2)).toBe(
      "There is 1 available seat in this space so you can add 1 member. To add more members you need to add more seats to the space first.",
    );
    expect(availableSeatsMessage(0, 2)).toMatch(
      /^There are 0 available seats in this space so you can add 0 members\./,
    );
  });
});

describe("userLimitBlock (002 §5, §8: the legacy team plan's user limit)", () => {
  it("closes Add users when no place is left, or when the plan allows one user", () => {
    expect(userLimitBlock(5, 3, 0)).toBeNull();
    expect(userLimitBlock(5, 5, 0)).toBe("Your current plan does not allow more than 5 users.");
    expect(userLimitBlock(1, 1, 0)).toBe("Your current plan does not allow you to add other users.");
  });

  it("refuses entries that take the paid users over the limit", () => {
    expect(userLimitBlock(5, 3, 2)).toBeNull();
    expect(userLimitBlock(5, 3, 3)).toBe("You cannot go over your current plan user limit (5).");
  });
});

describe("room for newcomers (002 §5; issue 26)", () => {
  it("says fewer seats than addresses, and still sends them", () => {
    expect(roomForEntries({ kind: "seats", left: 2 }, 2)).toEqual({ message: null, refuses: false });
    expect(roomForEntries({ kind: "seats", left: 1 }, 2)).toEqual({
      message:
        "There is 1 available seat in this space so you can add 1 member. To add more members you need to add more seats to the space first.",
      refuses: false,
    });
    expect(roomForEntries({ kind: "seats", left: -1 }, 50).message).toBeNull();
  });

  it("refuses past a user limit before sending, and past 100 addresses whatever the room", () => {
    expect(roomForEntries({ kind: "users", limit: 5, taken: 3 }, 3)).toEqual({
      message: "You cannot go over your current plan user limit (5).",
      refuses: true,
    });
    expect(roomForEntries({ kind: "users", limit: 5, taken: 3 }, 2).refuses).toBe(false);
    expect(roomForEntries(null, 101)).toEqual({
      message: "Enter at most 100 email addresses at a time.",
      refuses: true,
    });
    expect(roomForEntries(null, 100)).toEqual({ message: null, refuses: false });
  });

  it("after refusals for want of room, counts the room as it now is", () => {
    expect(roomAfterRefusals({ kind: "seats", left: 0 }, 1)).toBe(
      "There are 0 available seats in this space so you can add 0 members. To add more members you need to add more seats to the space first.",
    );
    expect(roomAfterRefusals({ kind: "users", limit: 1, taken: 1 }, 2)).toBe(
      "You cannot go over your current plan user limit (1).",
    );
    expect(roomAfterRefusals({ kind: "seats", left: 0 }, 0)).toBeNull();
  });
});
