/**
 * The local Stripe through the official SDK: coupons and tax rates on
 * Checkout Sessions, the subscriptions they make and their invoices, and
 * customers' tax IDs (EU VAT numbers).
 */
import type Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buyThroughCheckout, startLocalStripe, type LocalStripe } from "./support/stripe";

let emulator: LocalStripe;
let stripe: Stripe;
let vat: Stripe.TaxRate;
beforeAll(async () => {
  ({ emulator, stripe } = await startLocalStripe());
  vat = await stripe.taxRates.create({ display_name: "VAT", percentage: 21, inclusive: false, country: "BE" });
});
afterAll(() => emulator?.close());

/** 10 seats of Pro yearly (600 USD), 10SEATS (30 %) off, Belgian VAT (21 %) on what is left. */
const tenSeats = (): Partial<Stripe.Checkout.SessionCreateParams> => ({
  line_items: [{ price: "price_pro_yearly_usd", quantity: 10 }],
  discounts: [{ coupon: "10SEATS" }],
  subscription_data: { default_tax_rates: [vat.id], metadata: { workspaceId: "5100000000000003" } },
});

async function boughtSubscription(session: Stripe.Checkout.Session) {
  const { subscription } = await stripe.checkout.sessions.retrieve(session.id);
  return stripe.subscriptions.retrieve(subscription as string, { expand: ["discounts"] });
}

describe("coupons and tax on Checkout Sessions", () => {
  it("takes the coupon off the subtotal, then adds the tax on what is left, and shows it on the hosted page", async () => {
    const session = await stripe.checkout.sessions.create({
      mode: "subscription",
      customer_email: "vat@acme.test",
      success_url: "http://localhost:3000/billing",
      ...tenSeats(),
    });
    expect(session).toMatchObject({
      amount_subtotal: 60_000,
      amount_total: 50_820,
      total_details: { amount_discount: 18_000, amount_tax: 8_820, amount_shipping: 0 },
      discounts: [{ coupon: "10SEATS", promotion_code: null }],
    });
    const { data: lines } = await stripe.checkout.sessions.listLineItems(session.id);
    expect(lines[0]).toMatchObject({ amount_subtotal: 60_000, amount_discount: 18_000, amount_tax: 8_820 });
    const page = await (await fetch(session.url!)).text();
    expect(page).toContain("Discount (10SEATS)");
    expect(page).toContain("−$180.00");
    expect(page).toContain("$88.20");
    expect(page).toContain("Pay $508.20");
  });

  it("refuses a coupon or tax rate it does not have, naming the parameter", async () => {
    const create = (params: Partial<Stripe.Checkout.SessionCreateParams>) =>
      stripe.checkout.sessions.create({
        mode: "subscription",
        customer_email: "vat@acme.test",
        success_url: "http://localhost:3000/billing",
        line_items: [{ price: "price_pro_yearly_usd", quantity: 3 }],
        ...params,
      });
    await expect(create({ discounts: [{ coupon: "3SEATS" }] })).rejects.toMatchObject({
      statusCode: 400,
      code: "resource_missing",
      param: "discounts[0][coupon]",
    });
    await expect(
      create({ line_items: [{ price: "price_pro_yearly_usd", quantity: 3, tax_rates: ["txr_nope"] }] }),
    ).rejects.toMatchObject({ statusCode: 400, code: "resource_missing", param: "line_items[0][tax_rates][0]" });
  });

  it("sells to an existing customer (no e-mail then), with their references and metadata", async () => {
    const customer = await stripe.customers.create({ email: "known@acme.test", name: "Known" });
    const session = await stripe.checkout.sessions.create({
      mode: "subscription",
      customer: customer.id,
      customer_update: { address: "auto", name: "auto" },
      client_reference_id: "5100000000000003",
      metadata: { workspaceId: "5100000000000003", userId: "7" },
      success_url: "http://localhost:3000/billing",
      ...tenSeats(),
    });
    expect(session).toMatchObject({
      customer: customer.id,
      customer_email: null,
      client_reference_id: "5100000000000003",
      metadata: { workspaceId: "5100000000000003", userId: "7" },
    });
    await expect(
      stripe.checkout.sessions.create({
        mode: "subscription",
        customer: customer.id,
        customer_email: "known@acme.test",
        line_items: [{ price: "price_pro_yearly_usd", quantity: 1 }],
        success_url: "http://localhost:3000/billing",
      }),
    ).rejects.toMatchObject({ statusCode: 400, param: "customer_email" });
    await expect(
      stripe.checkout.sessions.create({
        mode: "subscription",
        customer_email: "known@acme.test",
        customer_update: { address: "auto" },
        line_items: [{ price: "price_pro_yearly_usd", quantity: 1 }],
        success_url: "http://localhost:3000/billing",
      }),
    ).rejects.toMatchObject({ statusCode: 400, param: "customer_update" });
  });
});

describe("the subscription a paid session makes", () => {
  it("carries the coupon as a discount, the default tax rates and the metadata; its first invoice applies them", async () => {
    const session = await buyThroughCheckout(stripe, "buyer@acme.test", "price_pro_yearly_usd", 10, tenSeats());
    const subscription = await boughtSubscription(session);
    const [discount] = subscription.discounts as Stripe.Discount[];
    expect(discount).toMatchObject({
      object: "discount",
      source: { type: "coupon", coupon: "10SEATS" },
      subscription: subscription.id,
      checkout_session: session.id,
      customer: subscription.customer,
    });
    expect(subscription.default_tax_rates?.map((rate) => rate.id)).toEqual([vat.id]);
    expect(subscription.metadata).toEqual({ workspaceId: "5100000000000003" });

    const invoice = await stripe.invoices.retrieve(subscription.latest_invoice as string);
    expect(invoice).toMatchObject({
      status: "paid",
      billing_reason: "subscription_create",
      subtotal: 60_000,
      total_excluding_tax: 42_000,
      total: 50_820,
      amount_due: 50_820,
      amount_paid: 50_820,
      discounts: [discount!.id],
      total_discount_amounts: [{ amount: 18_000, discount: discount!.id }],
      total_taxes: [
        {
          amount: 8_820,
          taxable_amount: 42_000,
          tax_behavior: "exclusive",
          tax_rate_details: { tax_rate: vat.id },
        },
      ],
    });
    expect(invoice.lines.data[0]).toMatchObject({ amount: 60_000, quantity: 10 });
    expect(invoice.lines.data[0]!.period.end).toBe(subscription.items.data[0]!.current_period_end);
  });

  it("keeps a line's own tax rates on its subscription item", async () => {
    const reduced = await stripe.taxRates.create({ display_name: "VAT", percentage: 6, inclusive: false });
    const session = await buyThroughCheckout(stripe, "line@acme.test", "price_pro_yearly_eur", 1, {
      line_items: [{ price: "price_pro_yearly_eur", quantity: 2, tax_rates: [reduced.id] }],
    });
    expect(session.amount_total).toBe(12_720);
    const subscription = await boughtSubscription(session);
    expect(subscription.items.data[0]!.tax_rates?.map((rate) => rate.id)).toEqual([reduced.id]);
    expect(subscription.default_tax_rates).toEqual([]);
    expect((await stripe.invoices.retrieve(subscription.latest_invoice as string)).total).toBe(12_720);
  });

  it("applies the coupon and tax to an added seats' proration, and takes a new coupon", async () => {
    const session = await buyThroughCheckout(stripe, "more@acme.test", "price_pro_yearly_usd", 10, tenSeats());
    const subscription = await boughtSubscription(session);
    await expect(
      stripe.subscriptions.update(subscription.id, {
        items: [{ id: "si_nope", quantity: 25 }],
        discounts: [{ coupon: "25SEATS" }],
      }),
    ).rejects.toMatchObject({ statusCode: 400, param: "items[0][id]" });
    // Refused: nothing changed.
    expect((await boughtSubscription(session)).discounts).toEqual(subscription.discounts);
    const updated = await stripe.subscriptions.update(subscription.id, {
      items: [{ id: subscription.items.data[0]!.id, quantity: 25 }],
      discounts: [{ coupon: "25SEATS" }],
      proration_behavior: "always_invoice",
      expand: ["discounts"],
    });
    const [discount] = updated.discounts as Stripe.Discount[];
    expect(discount!.source.coupon).toBe("25SEATS");
    expect(discount!.id).not.toBe((subscription.discounts[0] as Stripe.Discount).id);
    expect(updated.default_tax_rates?.map((rate) => rate.id)).toEqual([vat.id]);

    const invoice = await stripe.invoices.retrieve(updated.latest_invoice as string);
    // 15 seats for (almost) the whole year, 40 % off, 21 % on what is left.
    expect(invoice.subtotal).toBeGreaterThan(89_900);
    expect(invoice.subtotal).toBeLessThanOrEqual(90_000);
    const discounted = invoice.subtotal - Math.round(invoice.subtotal * 0.4);
    expect(invoice.total_excluding_tax).toBe(discounted);
    expect(invoice.total).toBe(discounted + Math.round(discounted * 0.21));
    expect(invoice.lines.data[0]!.parent?.subscription_item_details?.proration).toBe(true);

    const cleared = await stripe.subscriptions.update(subscription.id, { discounts: "", default_tax_rates: "" });
    expect(cleared.discounts).toEqual([]);
    expect(cleared.default_tax_rates).toEqual([]);
  });

  it("keeps the coupon and tax rates in the phases of a schedule made from it", async () => {
    const session = await buyThroughCheckout(stripe, "later@acme.test", "price_pro_yearly_usd", 10, tenSeats());
    const subscription = await boughtSubscription(session);
    const schedule = await stripe.subscriptionSchedules.create({ from_subscription: subscription.id });
    const current = schedule.phases[0]!;
    expect(current.discounts.map((discount) => discount.coupon)).toEqual(["10SEATS"]);
    expect(current.default_tax_rates?.map((rate) => rate.id)).toEqual([vat.id]);
    expect(schedule.current_phase).toEqual({ start_date: current.start_date, end_date: current.end_date });

    const planned = await stripe.subscriptionSchedules.update(schedule.id, {
      phases: [
        {
          start_date: current.start_date,
          end_date: current.end_date,
          items: [{ price: "price_pro_yearly_usd", quantity: 10 }],
        },
        { items: [{ price: "price_pro_yearly_usd", quantity: 6 }], discounts: [{ coupon: "5SEATS" }] },
      ],
    });
    const next = planned.phases[1]!;
    expect(next.start_date).toBe(current.end_date);
    expect(next.end_date).toBe(current.end_date + 365 * 24 * 3600);
    expect(next.discounts.map((discount) => discount.coupon)).toEqual(["5SEATS"]);
    expect(next.default_tax_rates?.map((rate) => rate.id)).toEqual([vat.id]);
    expect(planned.phases[0]!.discounts.map((discount) => discount.coupon)).toEqual(["10SEATS"]);
  });
});

describe("customers and their tax IDs", () => {
  it("creates a customer with a valid EU VAT number as a tax ID, listed, expandable and on their invoices", async () => {
    const customer = await stripe.customers.create({
      email: "billing@acme.de",
      name: "Acme GmbH",
      address: { country: "DE", city: "Berlin" },
      tax_id_data: [{ type: "eu_vat", value: "DE123456789" }],
    });
    expect(customer.address).toEqual({
      city: "Berlin",
      country: "DE",
      line1: null,
      line2: null,
      postal_code: null,
      state: null,
    });
    const { data: taxIds } = await stripe.customers.listTaxIds(customer.id);
    expect(taxIds).toEqual([
      expect.objectContaining({
        object: "tax_id",
        type: "eu_vat",
        value: "DE123456789",
        country: "DE",
        customer: customer.id,
      }),
    ]);
    const read = (await stripe.customers.retrieve(customer.id, { expand: ["tax_ids"] })) as Stripe.Customer;
    expect(read.tax_ids?.data.map((taxId) => taxId.id)).toEqual([taxIds[0]!.id]);

    const session = await buyThroughCheckout(stripe, "", "price_pro_yearly_eur", 1, { customer: customer.id });
    const subscription = await boughtSubscription(session);
    const invoice = await stripe.invoices.retrieve(subscription.latest_invoice as string);
    expect(invoice.customer_tax_ids).toEqual([{ type: "eu_vat", value: "DE123456789" }]);
  });

  it("refuses a VAT number that is not a country prefix and 2 to 13 letters or digits, as Stripe does", async () => {
    const before = emulator.state.customers.size;
    for (const value of ["DE1", "123456789", "DE12345678901234", "DE 123 456"]) {
      await expect(
        stripe.customers.create({ email: "bad@acme.de", tax_id_data: [{ type: "eu_vat", value }] }),
      ).rejects.toMatchObject({
        statusCode: 400,
        type: "StripeInvalidRequestError",
        code: "tax_id_invalid",
        message: "Invalid value for eu_vat.",
        param: "tax_id_data[0][value]",
      });
    }
    expect(emulator.state.customers.size).toBe(before);
  });

  it("adds a tax ID to a customer, checked the same way", async () => {
    const customer = await stripe.customers.create({ email: "later@acme.fr" });
    await expect(stripe.customers.createTaxId(customer.id, { type: "eu_vat", value: "FR" })).rejects.toMatchObject({
      code: "tax_id_invalid",
      param: "value",
    });
    const taxId = await stripe.customers.createTaxId(customer.id, { type: "eu_vat", value: "FRAB123456789" });
    expect(taxId).toMatchObject({ country: "FR", customer: customer.id });
    expect((await stripe.customers.listTaxIds(customer.id)).data.map((entry) => entry.id)).toEqual([taxId.id]);
  });

  it("updates a customer's name, e-mail, address and metadata, and takes tax IDs only through their endpoint", async () => {
    const customer = await stripe.customers.create({
      email: "old@acme.test",
      metadata: { workspaceId: "51", stale: "yes" },
    });
    const updated = await stripe.customers.update(customer.id, {
      name: "Acme SARL",
      email: "new@acme.test",
      address: { country: "FR", postal_code: "75001" },
      metadata: { stale: "", userId: "7" },
    });
    expect(updated).toMatchObject({
      name: "Acme SARL",
      email: "new@acme.test",
      address: { country: "FR", postal_code: "75001", city: null },
      metadata: { workspaceId: "51", userId: "7" },
    });
    await expect(
      stripe.customers.update(customer.id, {
        tax_id_data: [{ type: "eu_vat", value: "FRAB123456789" }],
      } as Stripe.CustomerUpdateParams),
    ).rejects.toMatchObject({ statusCode: 400, code: "parameter_unknown", param: "tax_id_data" });
  });
});
