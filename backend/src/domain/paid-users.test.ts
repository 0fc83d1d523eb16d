import { describe, expect, it } from "vitest";
import { MAX_PAID_USERS, paidUsersAfter, type CheckoutMember, type PaidUsersRequest } from "./paid-users";

const member = (userId: string, extra: Partial<CheckoutMember> = {}): CheckoutMember => ({
  userId,
  domain: "bigco.test",
  isPersonal: false,
  userPlan: "FREE",
  scheduledDowngrade: false,
  status: "ACTIVE",
  toBeRemoved: false,
  paidElsewhere: false,
  ...extra,
});
const gmail = (userId: string, extra: Partial<CheckoutMember> = {}) =>
  member(userId, { domain: "gmail.com", isPersonal: true, ...extra });

const SPACE = [
  member("owner", { userPlan: "PRO" }),
  member("paid", { userPlan: "PRO" }),
  member("free"),
  member("elsewhere", { paidElsewhere: true }),
  gmail("gina", { userPlan: "PRO_PERSONAL" }),
  gmail("gabe"),
];

const change = (updates: Record<string, string>, extra: Partial<PaidUsersRequest> = {}): PaidUsersRequest => ({
  plan: "PREMIUM",
  updates: new Map(Object.entries(updates)) as PaidUsersRequest["updates"],
  othersFree: false,
  ...extra,
});

describe("paidUsersAfter", () => {
  it("keeps the members not named, makes a paid entry PRO or PRO_PERSONAL by account, and counts the moves", () => {
    const after = paidUsersAfter(SPACE, change({ free: "PRO_PERSONAL", gabe: "PRO", paid: "FREE" }));
    if ("refusal" in after) throw new Error(after.refusal);
    expect(after.counts).toEqual({ PRO: 2, PRO_PERSONAL: 2 });
    expect(after.madePaid).toEqual({ PRO: 1, PRO_PERSONAL: 1 });
    expect(after.userChanges).toEqual({ upgraded: 1, gmailUpgraded: 1, downgraded: 1, gmailDowngraded: 0 });
    expect(after.changes.find((c) => c.member.userId === "free")?.after).toBe("PRO");
    expect(after.changes.find((c) => c.member.userId === "gabe")?.after).toBe("PRO_PERSONAL");
  });

  it("makes the members not named FREE for a purchase", () => {
    const after = paidUsersAfter(SPACE, change({ owner: "PRO" }, { othersFree: true }));
    if ("refusal" in after) throw new Error(after.refusal);
    expect(after.counts).toEqual({ PRO: 1, PRO_PERSONAL: 0 });
    expect(after.userChanges).toMatchObject({ downgraded: 1, gmailDowngraded: 1 });
  });

  it("counts a member scheduled to be downgraded as FREE, and charges nothing to take them back", () => {
    const space = [...SPACE, member("leaving", { userPlan: "PRO", scheduledDowngrade: true })];
    const kept = paidUsersAfter(space, change({}));
    if ("refusal" in kept) throw new Error(kept.refusal);
    expect(kept.counts.PRO).toBe(2);
    const back = paidUsersAfter(space, change({ leaving: "PRO" }));
    if ("refusal" in back) throw new Error(back.refusal);
    expect(back.counts.PRO).toBe(3);
    expect(back.madePaid.PRO).toBe(0);
  });

  it("leaves out pending, trial and toBeRemoved members, and refuses to name them", () => {
    const space = [
      ...SPACE,
      member("pending", { status: "PENDING" }),
      member("trial", { status: "FREE_TRIAL", userPlan: "PRO" }),
      member("removed", { userPlan: "PRO", toBeRemoved: true }),
      member("disabled", { status: "DISABLED" }),
    ];
    const after = paidUsersAfter(space, change({ disabled: "PRO" }));
    if ("refusal" in after) throw new Error(after.refusal);
    expect(after.changes.map((c) => c.member.userId)).not.toContain("removed");
    expect(after.counts.PRO).toBe(3);
    for (const userId of ["pending", "trial", "removed"]) {
      expect(paidUsersAfter(space, change({ [userId]: "PRO" }))).toEqual({ refusal: "user_not_available" });
    }
    expect(paidUsersAfter(space, change({ stranger: "PRO" }))).toEqual({ refusal: "member_not_found" });
  });

  it("refuses Pro for domain users of two domains, Gmail addresses aside (001 §2 Cannot-downgrade)", () => {
    const space = [...SPACE, member("eu", { domain: "bigco-eu.test" })];
    expect(paidUsersAfter(space, change({}, { plan: "PRO" }))).toEqual({ refusal: "multiple_domains" });
    expect(paidUsersAfter(space, change({}))).not.toHaveProperty("refusal");
    expect(paidUsersAfter(SPACE, change({}, { plan: "PRO" }))).not.toHaveProperty("refusal");
    const removed = [...SPACE, member("eu", { domain: "bigco-eu.test", toBeRemoved: true })];
    expect(paidUsersAfter(removed, change({}, { plan: "PRO" }))).not.toHaveProperty("refusal");
  });

  it("refuses nobody paid, a free member paid elsewhere, and more than the plan's limit", () => {
    expect(paidUsersAfter(SPACE, change({ owner: "FREE", paid: "FREE", gina: "FREE" }))).toEqual({
      refusal: "no_paid_user",
    });
    expect(paidUsersAfter(SPACE, change({ elsewhere: "PRO" }))).toEqual({ refusal: "already_paid_user" });
    const crowd = Array.from({ length: MAX_PAID_USERS.PRO + 1 }, (_, i) => member(`u${i}`));
    const everyone = Object.fromEntries(crowd.map((m) => [m.userId, "PRO"]));
    expect(paidUsersAfter(crowd, change(everyone, { plan: "PRO" }))).toEqual({ refusal: "max_users_reached" });
    expect(paidUsersAfter(crowd, change(everyone))).not.toHaveProperty("refusal");
  });

  it("lets a member already paid here stay paid though paid elsewhere too (a legacy licence's users)", () => {
    const space = [member("legacy", { userPlan: "PRO", paidElsewhere: true })];
    expect(paidUsersAfter(space, change({}))).not.toHaveProperty("refusal");
  });

  it("lists who cannot be made paid: paid elsewhere, or anyone free once the limit is reached", () => {
    const after = paidUsersAfter(SPACE, change({}));
    if ("refusal" in after) throw new Error(after.refusal);
    expect(after.restrictions).toEqual([{ userId: "elsewhere", errorCode: "already_paid_user" }]);
    const crowd = Array.from({ length: MAX_PAID_USERS.PRO }, (_, i) => member(`u${i}`, { userPlan: "PRO" }));
    const full = paidUsersAfter([...crowd, member("free"), member("elsewhere", { paidElsewhere: true })], {
      ...change({}),
      plan: "PRO",
    });
    if ("refusal" in full) throw new Error(full.refusal);
    expect(full.restrictions).toEqual([
      { userId: "free", errorCode: "max_users_reached" },
      { userId: "elsewhere", errorCode: "already_paid_user" },
    ]);
  });
});
