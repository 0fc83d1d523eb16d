import { describe, expect, it } from "vitest";
import { applySeed, type StripeSeed } from "./seed";
import { StripeState } from "./state";

const seedWith = (...latestInvoiceIds: Array<string | undefined>): StripeSeed => ({
  customers: [
    {
      id: "cus_a",
      email: "a@acme.test",
      name: "A",
      address: { country: "US" },
      metadata: {},
      card: "4242424242424242",
    },
  ],
  taxRates: [],
  subscriptions: latestInvoiceIds.map((latestInvoiceId, index) => ({
    id: `sub_${index}`,
    customer: "cus_a",
    status: "active",
    items: [{ lookupKey: "pro-monthly-usd", quantity: 1 }],
    periodStart: 1_700_000_000,
    periodEnd: 1_700_000_000 + 30 * 86_400,
    metadata: {},
    latestInvoice: "paid",
    latestInvoiceId,
  })),
});

describe("applySeed", () => {
  it("gives a subscription's latest invoice the id the seed names, or a new one", () => {
    const state = new StripeState("http://localhost:12111");
    applySeed(state, seedWith("in_named", undefined));
    expect(state.get("subscription", "sub_0").latest_invoice).toBe("in_named");
    expect(state.get("invoice", "in_named")).toMatchObject({ status: "paid", created: 1_700_000_000 });
    expect(state.get("subscription", "sub_1").latest_invoice).toMatch(/^in_/);
  });

  it("refuses a seed naming one invoice twice", () => {
    expect(() => applySeed(new StripeState("http://localhost:12111"), seedWith("in_twice", "in_twice"))).toThrow(
      "The Stripe seed names the invoice in_twice twice.",
    );
  });
});
