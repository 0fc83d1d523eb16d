import { describe, expect, it } from "vitest";
import { paymentAlertFor, type SubscriptionPaymentState } from "./payment-alerts";

const subscription = (
  status: "ACTIVE" | "CANCELED",
  paymentIntentStatus: string | null,
  paid = false,
): SubscriptionPaymentState => ({
  subscriptionId: "sub_1",
  status,
  latestInvoice: { paid, paymentIntentStatus },
});
const owner = { role: "OWNER" as const, isPerSeat: true, dismissed: [] };

describe("payment alerts (001 §4, 000 §8)", () => {
  it("tells a failed attempt, a confirmation and the end of attempts", () => {
    expect(paymentAlertFor(subscription("ACTIVE", "requires_payment_method"), owner)?.kind).toBe("failed");
    expect(paymentAlertFor(subscription("ACTIVE", "requires_action"), owner)?.kind).toBe("confirmation");
    expect(paymentAlertFor(subscription("ACTIVE", "requires_confirmation"), owner)?.kind).toBe("confirmation");
    expect(paymentAlertFor(subscription("CANCELED", "requires_payment_method"), owner)?.kind).toBe("all-failed");
  });

  it("says nothing for a paid invoice, a success, or no invoice", () => {
    expect(paymentAlertFor(subscription("ACTIVE", "requires_payment_method", true), owner)).toBeNull();
    expect(paymentAlertFor(subscription("ACTIVE", "succeeded"), owner)).toBeNull();
    expect(paymentAlertFor({ subscriptionId: "s", status: "ACTIVE", latestInvoice: null }, owner)).toBeNull();
    expect(paymentAlertFor(null, owner)).toBeNull();
  });

  it("shows per-seat alerts to the owner only, undismissible but the last", () => {
    const failed = subscription("ACTIVE", "requires_payment_method");
    expect(paymentAlertFor(failed, { ...owner, role: "ADMIN" })).toBeNull();
    expect(paymentAlertFor(failed, owner)).toEqual({ kind: "failed", key: "failed:sub_1", dismissible: false });
    expect(paymentAlertFor(failed, { ...owner, dismissed: ["failed:sub_1"] })).not.toBeNull();
    const ended = subscription("CANCELED", "requires_payment_method");
    expect(paymentAlertFor(ended, owner)?.dismissible).toBe(true);
    expect(paymentAlertFor(ended, { ...owner, dismissed: ["all-failed:sub_1"] })).toBeNull();
  });

  it("shows per-user alerts to admins and owners, who may dismiss them", () => {
    const perUser = { role: "ADMIN" as const, isPerSeat: false, dismissed: [] };
    const confirmation = subscription("ACTIVE", "requires_action");
    expect(paymentAlertFor(confirmation, perUser)?.dismissible).toBe(true);
    expect(paymentAlertFor(confirmation, { ...perUser, role: "MEMBER" })).toBeNull();
    expect(paymentAlertFor(confirmation, { ...perUser, dismissed: ["confirmation:sub_1"] })).toBeNull();
    expect(paymentAlertFor(confirmation, { ...perUser, dismissed: ["confirmation:sub_2"] })).not.toBeNull();
  });
});
