/**
 * The local Stripe (issue 8) through the official `stripe` SDK, pointed at it
 * with the SDK's host, port and protocol options, as the backend will be:
 * the catalog, customers, Checkout Sessions with idempotency keys, and
 * Stripe's error envelopes.
 */
import Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startStripeEmulator } from "../../backend/emulators/stripe/server";

let emulator: Awaited<ReturnType<typeof startStripeEmulator>>;
let stripe: Stripe;
beforeAll(async () => {
  emulator = await startStripeEmulator();
  stripe = new Stripe("sk_test_local", {
    host: "127.0.0.1",
    port: emulator.port,
    protocol: "http",
    maxNetworkRetries: 0,
  });
});
afterAll(() => emulator?.close());

describe("the catalog", () => {
  it("finds the backend's payment plans by lookup key, in three currencies and two cycles", async () => {
    const prices = await stripe.prices.list({
      lookup_keys: ["pro-yearly-usd", "pro-monthly-eur", "team-5-yearly-inr"],
    });
    expect(prices.object).toBe("list");
    expect(
      prices.data.map((price) => [price.lookup_key, price.currency, price.recurring?.interval, price.unit_amount]),
    ).toEqual([
      ["pro-yearly-usd", "usd", "year", 6000],
      ["pro-monthly-eur", "eur", "month", 2000],
      ["team-5-yearly-inr", "inr", "year", 1_200_000],
    ]);
    const product = await stripe.products.retrieve(prices.data[0]!.product as string);
    expect(product).toMatchObject({ object: "product", name: "YAMM Pro (Google Workspace)" });
  });

  it("pages lists with limit and starting_after", async () => {
    const first = await stripe.prices.list({ limit: 2 });
    expect(first.data).toHaveLength(2);
    expect(first.has_more).toBe(true);
    const next = await stripe.prices.list({ limit: 2, starting_after: first.data[1]!.id });
    expect(next.data[0]!.id).not.toBe(first.data[1]!.id);
  });
});

describe("Checkout Sessions", () => {
  it("creates a subscription session with a hosted page URL, once per idempotency key", async () => {
    const customer = await stripe.customers.create({ email: "owner@acme.test", name: "Olivia Owner" });
    expect(customer.id).toMatch(/^cus_/);
    const params: Stripe.Checkout.SessionCreateParams = {
      mode: "subscription",
      customer: customer.id,
      line_items: [{ price: "price_pro_yearly_usd", quantity: 3 }],
      success_url: "http://localhost:3000/5100000000000003/sams-space/space/billing?checkout=success",
      cancel_url: "http://localhost:3000/5100000000000003/sams-space/checkout/information",
      metadata: { workspaceId: "5100000000000003" },
    };
    const session = await stripe.checkout.sessions.create(params, { idempotencyKey: "buy-3-seats" });
    expect(session).toMatchObject({
      object: "checkout.session",
      mode: "subscription",
      status: "open",
      payment_status: "unpaid",
      customer: customer.id,
      amount_total: 18_000,
      currency: "usd",
      metadata: { workspaceId: "5100000000000003" },
    });
    expect(session.url).toBe(`${emulator.publicUrl}/c/pay/${session.id}`);

    const again = await stripe.checkout.sessions.create(params, { idempotencyKey: "buy-3-seats" });
    expect(again.id).toBe(session.id);
    expect(emulator.state.sessions.size).toBe(1);
    await expect(
      stripe.checkout.sessions.create(
        { ...params, line_items: [{ price: "price_pro_yearly_usd", quantity: 4 }] },
        { idempotencyKey: "buy-3-seats" },
      ),
    ).rejects.toMatchObject({ type: "StripeIdempotencyError" });

    const read = await stripe.checkout.sessions.retrieve(session.id, { expand: ["line_items"] });
    expect(read.line_items?.data.map((line) => [line.price?.id, line.quantity])).toEqual([["price_pro_yearly_usd", 3]]);
  });

  it("answers Stripe's error envelopes", async () => {
    await expect(
      stripe.checkout.sessions.create({
        mode: "subscription",
        line_items: [{ price: "price_nope", quantity: 1 }],
        success_url: "http://localhost/",
      }),
    ).rejects.toMatchObject({
      type: "StripeInvalidRequestError",
      code: "resource_missing",
      param: "line_items[0][price]",
    });
    await expect(stripe.customers.retrieve("cus_nope")).rejects.toMatchObject({
      statusCode: 404,
      code: "resource_missing",
    });
    const keyless = new Stripe("sk_live_real", {
      host: "127.0.0.1",
      port: emulator.port,
      protocol: "http",
      maxNetworkRetries: 0,
    });
    await expect(keyless.prices.list()).rejects.toMatchObject({ statusCode: 401 });
  });
});
