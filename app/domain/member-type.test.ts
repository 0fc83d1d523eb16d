import { describe, expect, it } from "vitest";
import { memberTypeTexts, typeChange, typeChangeHref, type TypeChangeFacts } from "./member-type";

const member = (id: string, paid: boolean, scheduledDowngrade = false) => ({
  id,
  name: `Name ${id}`,
  email: `${id}@bigco.test`,
  paid,
  scheduledDowngrade,
});

const facts = (changes: Partial<TypeChangeFacts> = {}): TypeChangeFacts => ({
  paidElsewhere: new Set(),
  paidCount: 4,
  subscriptionActive: true,
  offline: false,
  ...changes,
});

describe("typeChange (002 §5)", () => {
  it("upgrades free members and downgrades paid ones", () => {
    expect(typeChange([member("a", false), member("b", false)], facts())).toEqual({ to: "paid", block: null });
    expect(typeChange([member("a", true)], facts())).toEqual({ to: "free", block: null });
  });

  it("asks for members of the same type", () => {
    expect(typeChange([member("a", false), member("b", true)], facts()).block).toBe(
      "To update users Type, select users with the same Type.",
    );
  });

  it("refuses on an offline or support subscription", () => {
    expect(typeChange([member("a", false)], facts({ offline: true })).block).toBe(
      "You are on an offline managed subscription. Please contact us if you need changes.",
    );
  });

  it("refuses while a downgrade is scheduled for one of them", () => {
    expect(typeChange([member("a", true), member("b", true, true)], facts()).block).toBe(
      memberTypeTexts.scheduledDowngrade,
    );
  });

  it("names who is already paid in another space: one by e-mail, several by the first name and the count", () => {
    const one = typeChange([member("a", false), member("b", false)], facts({ paidElsewhere: new Set(["b"]) }));
    expect(one.block).toBe("b@bigco.test is already a paid user in another space.");
    const three = typeChange(
      [member("a", false), member("b", false), member("c", false)],
      facts({ paidElsewhere: new Set(["a", "b", "c"]) }),
    );
    expect(three.block).toBe("Name a and 2 others are already paid users in another space.");
  });

  it("keeps at least one paid user while a subscription is active", () => {
    const all = [member("a", true), member("b", true)];
    const lastPaid = "You cannot downgrade. At least one user must be paid as long as a subscription is active.";
    expect(typeChange(all, facts({ paidCount: 2 })).block).toBe(lastPaid);
    expect(typeChange(all, facts({ paidCount: 3 })).block).toBeNull();
    expect(typeChange(all, facts({ paidCount: 2, subscriptionActive: false })).block).toBeNull();
  });

  it("does not let being paid elsewhere block a downgrade", () => {
    expect(typeChange([member("a", true)], facts({ paidElsewhere: new Set(["a"]) })).block).toBeNull();
  });
});

describe("typeChangeHref", () => {
  it("sends an upgrade of the space's plan to the summary from the users page, with the members to make paid", () => {
    expect(
      typeChangeHref("/5100000000000005/bigco", {
        to: "paid",
        userIds: ["1", "2"],
        plan: "PREMIUM",
        interval: "YEARLY",
      }),
    ).toBe("/5100000000000005/bigco/checkout/summary?from=users&plan=PREMIUM&interval=YEARLY&paid=1&paid=2");
  });

  it("sends a downgrade to the summary from the users page", () => {
    expect(typeChangeHref("/5/s", { to: "free", userIds: ["3"], plan: "PRO", interval: "MONTHLY" })).toBe(
      "/5/s/checkout/summary?from=users&plan=PRO&interval=MONTHLY&free=3",
    );
  });

  it("sends a space without a plan to the checkout's options, plan and interval left to its defaults", () => {
    expect(typeChangeHref("/5/s", { to: "paid", userIds: ["1"], plan: null, interval: null })).toBe(
      "/5/s/checkout?paid=1",
    );
  });
});
