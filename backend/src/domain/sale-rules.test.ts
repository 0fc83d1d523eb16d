import { describe, expect, it } from "vitest";
import { changeRefusal, purchaseRefusal, type SaleContext } from "./sale-rules";

const perSeat: SaleContext = {
  isPerSeat: true,
  callerIsPersonal: false,
  restrictions: { PREMIUM_PLAN: false, MONTHLY_BILLING: false },
};
const perUser: SaleContext = { ...perSeat, isPerSeat: false };
const pro = (quantity: number) => ({ userPlan: "PRO" as const, quantity });

describe("purchaseRefusal", () => {
  it("sells per-seat spaces PRO YEARLY seats to a domain caller, one Gmail seat to a Gmail caller", () => {
    expect(purchaseRefusal(perSeat, { workspacePlan: "PRO", billingInterval: "YEARLY", seatPlans: [pro(3)] })).toBe(
      null,
    );
    expect(purchaseRefusal(perSeat, { workspacePlan: "PRO", billingInterval: "MONTHLY", seatPlans: [pro(3)] })).toBe(
      "plan_not_sold",
    );
    expect(purchaseRefusal(perSeat, { workspacePlan: "PREMIUM", billingInterval: "YEARLY", seatPlans: [pro(3)] })).toBe(
      "plan_not_sold",
    );
    const gmail = { ...perSeat, callerIsPersonal: true };
    const personal = (quantity: number) => [{ userPlan: "PRO_PERSONAL" as const, quantity }];
    expect(purchaseRefusal(gmail, { workspacePlan: "PRO", billingInterval: "YEARLY", seatPlans: personal(1) })).toBe(
      null,
    );
    expect(purchaseRefusal(gmail, { workspacePlan: "PRO", billingInterval: "YEARLY", seatPlans: personal(2) })).toBe(
      "plan_not_sold",
    );
    expect(purchaseRefusal(perSeat, { workspacePlan: "PRO", billingInterval: "YEARLY", seatPlans: personal(1) })).toBe(
      "plan_not_sold",
    );
  });

  it("refuses more than 100 seats and free seats", () => {
    expect(purchaseRefusal(perSeat, { workspacePlan: "PRO", billingInterval: "YEARLY", seatPlans: [pro(101)] })).toBe(
      "too_many_seats",
    );
    expect(
      purchaseRefusal(perUser, {
        workspacePlan: "PRO",
        billingInterval: "YEARLY",
        seatPlans: [{ userPlan: "FREE", quantity: 1 }],
      }),
    ).toBe("plan_not_sold");
  });

  it("sells per-user spaces Pro and Premium, yearly and monthly, unless restricted", () => {
    expect(
      purchaseRefusal(perUser, { workspacePlan: "PREMIUM", billingInterval: "MONTHLY", seatPlans: [pro(4)] }),
    ).toBe(null);
    const restricted = { ...perUser, restrictions: { PREMIUM_PLAN: true, MONTHLY_BILLING: true } };
    expect(
      purchaseRefusal(restricted, { workspacePlan: "PREMIUM", billingInterval: "YEARLY", seatPlans: [pro(4)] }),
    ).toBe("plan_not_sold");
    expect(purchaseRefusal(restricted, { workspacePlan: "PRO", billingInterval: "MONTHLY", seatPlans: [pro(4)] })).toBe(
      "plan_not_sold",
    );
    expect(purchaseRefusal(perUser, { workspacePlan: "LEGACY", billingInterval: "YEARLY", seatPlans: [pro(4)] })).toBe(
      "plan_not_sold",
    );
  });
});

describe("changeRefusal", () => {
  const held = { workspacePlan: "PRO" as const, billingInterval: "MONTHLY" as const, userPlans: ["PRO" as const] };

  it("changes the seats of the plans held, within 100, keeping a per-seat plan and interval", () => {
    expect(
      changeRefusal(perSeat, { workspacePlan: "PRO", billingInterval: "MONTHLY", seatPlans: [pro(8)] }, held),
    ).toBe(null);
    expect(changeRefusal(perSeat, { workspacePlan: "PRO", billingInterval: "YEARLY", seatPlans: [pro(8)] }, held)).toBe(
      "plan_not_sold",
    );
    expect(
      changeRefusal(
        perSeat,
        { workspacePlan: "PRO", billingInterval: "MONTHLY", seatPlans: [{ userPlan: "PRO_PERSONAL", quantity: 1 }] },
        held,
      ),
    ).toBe("plan_not_sold");
    expect(
      changeRefusal(perSeat, { workspacePlan: "PRO", billingInterval: "MONTHLY", seatPlans: [pro(101)] }, held),
    ).toBe("too_many_seats");
  });
});
