import type Stripe from "stripe";
import { describe, expect, it } from "vitest";
import { subscriptionRecordOf, subscriptionStatusOf } from "./stripe-subscription";

const START = 1_790_000_000;
const END = START + 365 * 86_400;

/** A Stripe subscription as an event carries it, with only what the mapping reads. */
function stripeSubscription(overrides: Partial<Record<keyof Stripe.Subscription, unknown>> = {}, quantity = 10) {
  return {
    id: "sub_x",
    object: "subscription",
    status: "active",
    currency: "eur",
    customer: "cus_x",
    created: START - 100,
    cancel_at_period_end: false,
    cancel_at: null,
    schedule: null,
    discounts: ["di_1"],
    default_tax_rates: [{ id: "txr_1", percentage: 19 }],
    metadata: { workspaceId: "5100000000000014" },
    items: {
      object: "list",
      data: [
        {
          id: "si_1",
          quantity,
          current_period_start: START,
          current_period_end: END,
          tax_rates: [],
          price: { id: "price_pro_yearly_eur", lookup_key: "pro-yearly-eur", unit_amount: 6000 },
        },
        {
          id: "si_2",
          quantity: 1,
          current_period_start: START,
          current_period_end: END,
          tax_rates: [],
          price: { id: "price_other", lookup_key: "not-ours", unit_amount: 100 },
        },
      ],
    },
    ...overrides,
  } as unknown as Stripe.Subscription;
}

const options = { workspaceId: "5100000000000014" };

describe("subscriptionStatusOf", () => {
  it("keeps a subscription whose payment failed or waits ACTIVE; only an ended one is CANCELED", () => {
    expect(["active", "past_due", "incomplete", "unpaid", "trialing", "paused"].map(subscriptionStatusOf)).toEqual(
      Array(6).fill("ACTIVE"),
    );
    expect(["canceled", "incomplete_expired"].map(subscriptionStatusOf)).toEqual(["CANCELED", "CANCELED"]);
  });
});

describe("subscriptionRecordOf", () => {
  it("reads the seat plans of the catalog's prices, the period, the tax rate and the coupon of the seat total", () => {
    expect(subscriptionRecordOf(stripeSubscription(), options)).toEqual({
      id: "sub_x",
      workspaceId: "5100000000000014",
      workspacePlan: "PRO",
      status: "ACTIVE",
      billingInterval: "YEARLY",
      currency: "EUR",
      paymentSource: "STRIPE",
      autoRenew: true,
      startTimestamp: START * 1000,
      endTimestamp: END * 1000,
      createdAt: (START - 100) * 1000,
      stripeCustomerId: "cus_x",
      stripeSubscriptionScheduleId: null,
      scheduledBillingInterval: null,
      taxRate: 19,
      couponId: "10SEATS",
      seatPlans: [{ paymentPlanId: "pro-yearly-eur", userPlan: "PRO", totalSeats: 10, unitAmount: 6000 }],
    });
  });

  it("has no coupon without a discount, and no renewal once cancelled at period end or ended", () => {
    expect(subscriptionRecordOf(stripeSubscription({ discounts: [] }), options)?.couponId).toBeNull();
    expect(subscriptionRecordOf(stripeSubscription({}, 3), options)?.couponId).toBeNull();
    expect(subscriptionRecordOf(stripeSubscription({ cancel_at_period_end: true }), options)).toMatchObject({
      status: "ACTIVE",
      autoRenew: false,
    });
    expect(subscriptionRecordOf(stripeSubscription({ status: "canceled" }), options)).toMatchObject({
      status: "CANCELED",
      autoRenew: false,
    });
    expect(
      subscriptionRecordOf(stripeSubscription({ schedule: { id: "sub_sched_1" } }), options)
        ?.stripeSubscriptionScheduleId,
    ).toBe("sub_sched_1");
  });

  it("answers null for a subscription of no catalog price", () => {
    const foreign = stripeSubscription();
    foreign.items.data = foreign.items.data.slice(1);
    expect(subscriptionRecordOf(foreign, options)).toBeNull();
  });
});
