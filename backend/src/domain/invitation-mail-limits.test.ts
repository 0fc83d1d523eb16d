import { describe, expect, it } from "vitest";
import { INVITATION_MAIL_LIMITS, laterOf, mailsFitAt } from "./invitation-mail-limits";

const NOW = 1_000_000_000;
const MINUTE = 60_000;

describe("mailsFitAt", () => {
  const twoPerFive = { limit: 2, windowMs: 5 * MINUTE };

  it("lets mails go while the window holds fewer than the limit", () => {
    expect(mailsFitAt([], 2, twoPerFive, NOW)).toBeNull();
    expect(mailsFitAt([NOW - MINUTE], 1, twoPerFive, NOW)).toBeNull();
    // Mails older than the window do not count.
    expect(mailsFitAt([NOW - 6 * MINUTE, NOW - 5 * MINUTE], 2, twoPerFive, NOW)).toBeNull();
  });

  it("says when the mails in the way leave the window", () => {
    expect(mailsFitAt([NOW - MINUTE, NOW - 2 * MINUTE], 1, twoPerFive, NOW)).toBe(NOW + 3 * MINUTE);
    expect(mailsFitAt([NOW - MINUTE, NOW - 2 * MINUTE], 2, twoPerFive, NOW)).toBe(NOW + 4 * MINUTE);
  });

  it("never fits more than the whole limit at once", () => {
    expect(mailsFitAt([], 3, twoPerFive, NOW)).toBe(NOW + 5 * MINUTE);
  });

  it("lets a first invitation and one resend go, not a second resend (issue 26)", () => {
    const limit = INVITATION_MAIL_LIMITS.recipientInSpace;
    expect(mailsFitAt([], 1, limit, NOW)).toBeNull();
    expect(mailsFitAt([NOW], 1, limit, NOW)).toBeNull();
    expect(mailsFitAt([NOW, NOW], 1, limit, NOW)).toBe(NOW + limit.windowMs);
  });
});

describe("laterOf", () => {
  it("takes the later time, null meaning now", () => {
    expect(laterOf(null, null)).toBeNull();
    expect(laterOf(5, null)).toBe(5);
    expect(laterOf(null, 7)).toBe(7);
    expect(laterOf(5, 7)).toBe(7);
  });
});
