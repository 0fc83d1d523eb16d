/**
 * The local Stripe (issue 8) through the official `stripe` SDK, pointed at it
 * with the SDK's host, port and protocol options, as the backend will be:
 * the catalog, customers, Checkout Sessions with idempotency keys, and
 * Stripe's error envelopes.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startStripeEmulator } from "../../backend/emulators/stripe/server";
import { buyThroughCheckout, paymentIntentOfInvoice, startLocalStripe, type LocalStripe } from "./support/stripe";

let emulator: LocalStripe;
let stripe: Stripe;
beforeAll(async () => {
  ({ emulator, stripe } = await startLocalStripe());
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

describe("coupons and tax rates", () => {
  it("holds the seat discounts of 001 §9 as forever coupons", async () => {
    const coupons = await stripe.coupons.list();
    expect(coupons.data.map((coupon) => [coupon.id, coupon.percent_off, coupon.duration])).toEqual([
      ["5SEATS", 20, "forever"],
      ["10SEATS", 30, "forever"],
      ["25SEATS", 40, "forever"],
      ["50SEATS", 50, "forever"],
      ["100SEATS", 60, "forever"],
    ]);
    await expect(stripe.coupons.retrieve("3SEATS")).rejects.toMatchObject({ code: "resource_missing" });
  });

  it("creates and reads a tax rate, and refuses one without its percentage", async () => {
    const vat = await stripe.taxRates.create({ display_name: "VAT", percentage: 21, inclusive: false, country: "BE" });
    expect(vat).toMatchObject({ object: "tax_rate", percentage: 21, inclusive: false, country: "BE", active: true });
    expect((await stripe.taxRates.retrieve(vat.id)).display_name).toBe("VAT");
    await expect(
      stripe.taxRates.create({ display_name: "VAT", inclusive: false } as Stripe.TaxRateCreateParams),
    ).rejects.toMatchObject({ code: "parameter_missing", param: "percentage" });
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

describe("the hosted Checkout page (plain HTML)", () => {
  const newSession = () =>
    stripe.checkout.sessions.create({
      mode: "subscription",
      customer_email: "owner@sams.test",
      line_items: [{ price: "price_pro_yearly_usd", quantity: 3 }],
      success_url: "http://localhost:3000/billing?checkout=success&session={CHECKOUT_SESSION_ID}",
      cancel_url: "http://localhost:3000/checkout/information",
      subscription_data: { metadata: { workspaceId: "5100000000000003" } },
    });
  const pay = (session: Stripe.Checkout.Session, card: string, path = "") =>
    fetch(`${session.url}${path}`, {
      method: "POST",
      redirect: "manual",
      body: new URLSearchParams(path ? { decision: card } : { card, expiry: "12 / 34", cvc: "123" }),
    });

  it("shows the summary and a card form, with Back to the cancel URL", async () => {
    const session = await newSession();
    const page = await (await fetch(session.url!)).text();
    expect(page).toContain("3 × pro-yearly-usd (per year)");
    expect(page).toContain("Pay $180.00");
    expect(page).toContain('href="http://localhost:3000/checkout/information"');
  });

  it("declines 4000 0000 0000 0341 with Stripe's message and leaves the session open", async () => {
    const session = await newSession();
    const declined = await pay(session, "4000 0000 0000 0341");
    expect(declined.status).toBe(402);
    expect(await declined.text()).toContain("Your card was declined.");
    expect((await stripe.checkout.sessions.retrieve(session.id)).status).toBe("open");
  });

  it("pays with 4242…: the session completes with a customer, an active subscription and a paid invoice", async () => {
    const session = await newSession();
    const paid = await pay(session, "4242 4242 4242 4242");
    expect(paid.status).toBe(303);
    expect(paid.headers.get("Location")).toBe(`http://localhost:3000/billing?checkout=success&session=${session.id}`);
    const done = await stripe.checkout.sessions.retrieve(session.id);
    expect(done).toMatchObject({ status: "complete", payment_status: "paid" });
    const subscription = await stripe.subscriptions.retrieve(done.subscription as string);
    expect(subscription).toMatchObject({
      status: "active",
      customer: done.customer,
      metadata: { workspaceId: "5100000000000003" },
    });
    expect(subscription.items.data.map((item) => [item.price.id, item.quantity])).toEqual([
      ["price_pro_yearly_usd", 3],
    ]);
    const invoice = await stripe.invoices.retrieve(subscription.latest_invoice as string);
    expect(invoice).toMatchObject({ status: "paid", amount_paid: 18_000 });
    expect(invoice.parent?.subscription_details?.subscription).toBe(subscription.id);
    expect((await stripe.customers.retrieve(done.customer as string)) as Stripe.Customer).toMatchObject({
      email: "owner@sams.test",
    });
    // Paid once: the page is closed now.
    expect((await fetch(session.url!)).status).toBe(410);
  });

  it("asks for authentication with 4000 0027 6000 3184: failing it returns to the form, completing it pays", async () => {
    const session = await newSession();
    const asked = await pay(session, "4000002760003184");
    expect(asked.status).toBe(303);
    expect(asked.headers.get("Location")).toBe(`/c/pay/${session.id}/authenticate`);
    const failed = await pay(session, "fail", "/authenticate");
    expect(await failed.text()).toContain("We are unable to authenticate your payment method.");
    await pay(session, "4000002760003184");
    const completed = await pay(session, "complete", "/authenticate");
    expect(completed.headers.get("Location")).toContain(session.id);
    const done = await stripe.checkout.sessions.retrieve(session.id);
    expect(done.status).toBe("complete");
    // Authenticated on the page: the first invoice is paid, though the card asks again for later charges.
    const subscription = await stripe.subscriptions.retrieve(done.subscription as string);
    expect((await stripe.invoices.retrieve(subscription.latest_invoice as string)).status).toBe("paid");
  });
});

describe("expiring a Checkout Session", () => {
  const newSession = () =>
    stripe.checkout.sessions.create({
      mode: "subscription",
      customer_email: "twice@sams.test",
      line_items: [{ price: "price_pro_yearly_usd", quantity: 2 }],
      success_url: "http://localhost:3000/billing",
    });
  const post = (url: string, form: Record<string, string>) =>
    fetch(url, { method: "POST", redirect: "manual", body: new URLSearchParams(form) });
  const made = () => [emulator.state.customers.size, emulator.state.subscriptions.size, emulator.state.invoices.size];

  it("expires an open session: no URL, checkout.session.expired, and its page takes no payment", async () => {
    const session = await newSession();
    const expired = await stripe.checkout.sessions.expire(session.id);
    expect(expired).toMatchObject({ id: session.id, status: "expired", url: null, payment_status: "unpaid" });
    const [event] = (await stripe.events.list({ type: "checkout.session.expired", limit: 1 })).data;
    expect(event!.data.object).toMatchObject({ id: session.id, status: "expired" });

    const page = await fetch(session.url!);
    expect(page.status).toBe(410);
    expect(await page.text()).toContain("This Checkout Session is no longer active.");
    const before = made();
    const paid = await post(session.url!, { card: "4242424242424242", expiry: "12 / 34", cvc: "123" });
    expect(paid.status).toBe(410);
    expect(await paid.text()).toContain("This Checkout Session is no longer active.");
    expect(made()).toEqual(before);
    expect((await stripe.checkout.sessions.retrieve(session.id)).status).toBe("expired");
  });

  it("refuses the authentication step of a session expired meanwhile, making nothing", async () => {
    const session = await newSession();
    expect((await post(session.url!, { card: "4000002760003184" })).status).toBe(303);
    await stripe.checkout.sessions.expire(session.id);
    const before = made();
    expect((await fetch(`${session.url}/authenticate`)).status).toBe(410);
    const completed = await post(`${session.url}/authenticate`, { decision: "complete" });
    expect(completed.status).toBe(410);
    expect(made()).toEqual(before);
  });

  it("refuses to expire a session that is no longer open, with Stripe's message", async () => {
    const session = await newSession();
    await stripe.checkout.sessions.expire(session.id);
    await expect(stripe.checkout.sessions.expire(session.id)).rejects.toMatchObject({
      type: "StripeInvalidRequestError",
      statusCode: 400,
      message:
        'Only Checkout Sessions with a status in ["open"] can be expired. This Checkout Session has a status of `expired`.',
    });
    const bought = await buyThroughCheckout(stripe, "bought@sams.test", "price_pro_yearly_usd", 1);
    await expect(stripe.checkout.sessions.expire(bought.id)).rejects.toMatchObject({
      statusCode: 400,
      message:
        'Only Checkout Sessions with a status in ["open"] can be expired. This Checkout Session has a status of `complete`.',
    });
    await expect(stripe.checkout.sessions.expire("cs_test_nope")).rejects.toMatchObject({ statusCode: 404 });
  });
});

describe("the customer portal (plain HTML)", () => {
  it("shows the subscription, card and invoices; cancels at period end, replaces the card, links back", async () => {
    const session = await buyThroughCheckout(stripe, "portal@acme.test", "price_pro_yearly_usd", 2);
    const { customer, subscription } = await stripe.checkout.sessions.retrieve(session.id);
    const portal = await stripe.billingPortal.sessions.create({
      customer: customer as string,
      return_url: "http://localhost:3000/space/billing",
    });
    expect(portal.url).toBe(`${emulator.publicUrl}/p/session/${portal.id}`);
    const page = await (await fetch(portal.url)).text();
    expect(page).toContain("2 × pro-yearly-usd");
    expect(page).toContain("Visa ending in 4242");
    expect(page).toContain('href="http://localhost:3000/space/billing"');
    const invoice = await stripe.invoices.retrieve(
      (await stripe.subscriptions.retrieve(subscription as string)).latest_invoice as string,
    );
    expect(page).toContain(`href="${invoice.hosted_invoice_url}"`);
    expect(await (await fetch(invoice.hosted_invoice_url!)).text()).toContain("$120.00 — paid");

    const post = (path: string, form: Record<string, string>) =>
      fetch(`${emulator.publicUrl}/p/session/${portal.id}/${path}`, {
        method: "POST",
        redirect: "manual",
        body: new URLSearchParams(form),
      });
    expect((await post("card", { card: "1234 5678" })).status).toBe(402);
    expect((await post("card", { card: "4000002760003184" })).status).toBe(303);
    expect(await (await fetch(portal.url)).text()).toContain("Visa ending in 3184");

    expect((await post("cancel", { subscription: subscription as string })).status).toBe(303);
    const cancelled = await stripe.subscriptions.retrieve(subscription as string);
    expect(cancelled).toMatchObject({ status: "active", cancel_at_period_end: true });
    expect(cancelled.cancel_at).toBe(cancelled.items.data[0]!.current_period_end);
    const [updated] = (await stripe.events.list({ type: "customer.subscription.updated" })).data;
    expect((updated!.data.object as Stripe.Subscription).id).toBe(subscription);
  });
});

describe("subscription updates (adding seats)", () => {
  const portalCard = async (customer: string, card: string) => {
    const portal = await stripe.billingPortal.sessions.create({ customer });
    await fetch(`${portal.url}/card`, {
      method: "POST",
      redirect: "manual",
      body: new URLSearchParams({ card }),
    });
  };
  const addSeats = async (card: string) => {
    const session = await buyThroughCheckout(stripe, "seats@acme.test", "price_pro_yearly_usd", 2);
    const { customer, subscription: id } = await stripe.checkout.sessions.retrieve(session.id);
    if (card !== "4242424242424242") await portalCard(customer as string, card);
    const subscription = await stripe.subscriptions.retrieve(id as string);
    const updated = await stripe.subscriptions.update(subscription.id, {
      items: [{ id: subscription.items.data[0]!.id, quantity: 5 }],
      proration_behavior: "always_invoice",
    });
    const invoice = await stripe.invoices.retrieve(updated.latest_invoice as string);
    const paymentIntent = await paymentIntentOfInvoice(stripe, invoice.id);
    return { updated, invoice, paymentIntent };
  };
  const lastEvent = async (type: string) => (await stripe.events.list({ type, limit: 1 })).data[0];

  it("invoices the added seats at once, prorated, and charges the card", async () => {
    const { updated, invoice, paymentIntent } = await addSeats("4242424242424242");
    expect(updated.items.data[0]!.quantity).toBe(5);
    expect(invoice).toMatchObject({ status: "paid", billing_reason: "subscription_update" });
    // 3 more seats at 60 USD a year, for (almost) the whole year left.
    expect(invoice.amount_paid).toBeGreaterThan(17_900);
    expect(invoice.amount_paid).toBeLessThanOrEqual(18_000);
    expect(paymentIntent.status).toBe("succeeded");
    expect(((await lastEvent("invoice.paid"))!.data.object as Stripe.Invoice).id).toBe(invoice.id);
  });

  it("leaves the invoice open when the card asks for authentication, payable on its hosted page", async () => {
    const { invoice, paymentIntent } = await addSeats("4000002760003184");
    expect(invoice.status).toBe("open");
    expect(paymentIntent.status).toBe("requires_action");
    expect(((await lastEvent("invoice.payment_action_required"))!.data.object as Stripe.Invoice).id).toBe(invoice.id);
    const page = await (await fetch(invoice.hosted_invoice_url!)).text();
    expect(page).toContain("Complete authentication");
    const paid = await fetch(invoice.hosted_invoice_url!, {
      method: "POST",
      redirect: "manual",
      body: new URLSearchParams({ decision: "complete" }),
    });
    expect(paid.status).toBe(303);
    expect((await stripe.invoices.retrieve(invoice.id)).status).toBe("paid");
    expect(((await lastEvent("invoice.paid"))!.data.object as Stripe.Invoice).id).toBe(invoice.id);
  });

  it("fails the payment of a card that is declined when charged, and takes another card on the hosted page", async () => {
    const { invoice, paymentIntent } = await addSeats("4000000000000341");
    expect(invoice.status).toBe("open");
    expect(paymentIntent).toMatchObject({
      status: "requires_payment_method",
      last_payment_error: { code: "card_declined" },
    });
    expect(((await lastEvent("invoice.payment_failed"))!.data.object as Stripe.Invoice).id).toBe(invoice.id);
    await fetch(invoice.hosted_invoice_url!, {
      method: "POST",
      redirect: "manual",
      body: new URLSearchParams({ card: "4242424242424242" }),
    });
    expect((await stripe.invoices.retrieve(invoice.id)).status).toBe("paid");
  });

  it("invoices nothing now for a decrease, or without always_invoice", async () => {
    const session = await buyThroughCheckout(stripe, "fewer@acme.test", "price_pro_yearly_usd", 4);
    const id = (await stripe.checkout.sessions.retrieve(session.id)).subscription as string;
    const before = await stripe.subscriptions.retrieve(id);
    const after = await stripe.subscriptions.update(id, {
      items: [{ id: before.items.data[0]!.id, quantity: 3 }],
      proration_behavior: "none",
    });
    expect(after.items.data[0]!.quantity).toBe(3);
    expect(after.latest_invoice).toBe(before.latest_invoice);
    await expect(stripe.subscriptions.update(id, { items: [{ id: "si_nope", quantity: 3 }] })).rejects.toMatchObject({
      code: "resource_missing",
      param: "items[0][id]",
    });
  });
});

describe("canceling a subscription now", () => {
  const bought = async (email: string) => {
    const session = await buyThroughCheckout(stripe, email, "price_pro_yearly_usd", 2);
    return (await stripe.checkout.sessions.retrieve(session.id)).subscription as string;
  };

  it("ends it at once with the customer's reasons, cancels its schedule, and emits customer.subscription.deleted", async () => {
    const id = await bought("gone@acme.test");
    const schedule = await stripe.subscriptionSchedules.create({ from_subscription: id });
    const canceled = await stripe.subscriptions.cancel(id, {
      cancellation_details: { comment: "Bought twice", feedback: "other" },
      prorate: false,
    });
    expect(canceled).toMatchObject({
      id,
      status: "canceled",
      cancellation_details: { comment: "Bought twice", feedback: "other", reason: "cancellation_requested" },
    });
    expect(canceled.ended_at).toBe(canceled.canceled_at);
    expect(Math.abs(canceled.ended_at! - Date.now() / 1000)).toBeLessThan(60);
    expect((await stripe.subscriptionSchedules.retrieve(schedule.id)).status).toBe("canceled");
    const [deleted] = (await stripe.events.list({ type: "customer.subscription.deleted", limit: 1 })).data;
    expect(deleted!.data.object).toMatchObject({ id, status: "canceled" });
    expect((await stripe.subscriptions.retrieve(id)).status).toBe("canceled");
  });

  it("refuses to cancel or change it again, and what it does not emulate, with a 400", async () => {
    const id = await bought("twice@acme.test");
    await expect(stripe.subscriptions.cancel(id, { prorate: true })).rejects.toMatchObject({
      statusCode: 400,
      param: "prorate",
    });
    await expect(stripe.subscriptions.cancel(id, { invoice_now: true })).rejects.toMatchObject({
      statusCode: 400,
      param: "invoice_now",
    });
    expect((await stripe.subscriptions.retrieve(id)).status).toBe("active");
    await stripe.subscriptions.cancel(id);
    const ended = "A canceled subscription can only update its cancellation_details and metadata.";
    await expect(stripe.subscriptions.cancel(id)).rejects.toMatchObject({ statusCode: 400, message: ended });
    await expect(stripe.subscriptions.update(id, { cancel_at_period_end: true })).rejects.toMatchObject({
      statusCode: 400,
      message: ended,
    });
    expect((await stripe.subscriptions.update(id, { metadata: { note: "kept" } })).metadata).toMatchObject({
      note: "kept",
    });
    await expect(stripe.subscriptions.cancel("sub_nope")).rejects.toMatchObject({ statusCode: 404 });
  });
});

describe("subscription schedules (a billing-cycle change at period end)", () => {
  it("takes over a subscription, plans the next phase, and releases it to cancel the change", async () => {
    const session = await buyThroughCheckout(stripe, "cycle@acme.test", "price_pro_yearly_usd", 3);
    const id = (await stripe.checkout.sessions.retrieve(session.id)).subscription as string;
    const schedule = await stripe.subscriptionSchedules.create({ from_subscription: id });
    expect(schedule).toMatchObject({ status: "active", subscription: id, end_behavior: "release" });
    expect(schedule.phases[0]!.items.map((item) => [item.price, item.quantity])).toEqual([["price_pro_yearly_usd", 3]]);
    expect((await stripe.subscriptions.retrieve(id)).schedule).toBe(schedule.id);
    await expect(stripe.subscriptionSchedules.create({ from_subscription: id })).rejects.toMatchObject({
      statusCode: 400,
    });

    const current = schedule.phases[0]!;
    const planned = await stripe.subscriptionSchedules.update(schedule.id, {
      phases: [
        {
          start_date: current.start_date,
          end_date: current.end_date,
          items: [{ price: "price_pro_yearly_usd", quantity: 3 }],
        },
        { start_date: current.end_date, items: [{ price: "price_pro_monthly_usd", quantity: 3 }] },
      ],
    });
    expect(planned.phases.map((phase) => phase.items[0]!.price)).toEqual([
      "price_pro_yearly_usd",
      "price_pro_monthly_usd",
    ]);

    await expect(
      stripe.subscriptionSchedules.update(schedule.id, {
        phases: [{ items: [{ price: "price_pro_monthly_usd", quantity: 0 }] }],
      }),
    ).rejects.toMatchObject({ statusCode: 400, param: "phases[0][items][0][quantity]" });
    await expect(
      stripe.subscriptionSchedules.update(schedule.id, {
        phases: [{ items: [{ price: "price_pro_monthly_usd", quantity: 3 }] }],
        end_behavior: "renew",
      }),
    ).rejects.toMatchObject({ statusCode: 400, param: "end_behavior" });
    // Refused: the planned phases are still there.
    expect((await stripe.subscriptionSchedules.retrieve(schedule.id)).phases).toHaveLength(2);

    const released = await stripe.subscriptionSchedules.release(schedule.id);
    expect(released).toMatchObject({ status: "released", released_subscription: id });
    expect((await stripe.subscriptions.retrieve(id)).schedule).toBeNull();
    await expect(stripe.subscriptionSchedules.release(schedule.id)).rejects.toMatchObject({ statusCode: 400 });
  });
});

describe("signed webhooks", () => {
  it("posts each event signed as Stripe does, and delivers again what the endpoint refused", async () => {
    const secret = "whsec_test_local";
    const received: Stripe.Event[] = [];
    let refusals = 1;
    const receiver = http.createServer((request, response) => {
      let body = "";
      request.on("data", (chunk) => (body += chunk));
      request.on("end", () => {
        // The SDK's own check: a bad signature throws.
        const event = stripe.webhooks.constructEvent(body, request.headers["stripe-signature"] as string, secret);
        if (refusals > 0) {
          refusals -= 1;
          response.writeHead(500).end();
          return;
        }
        received.push(event);
        response.writeHead(200).end();
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
    const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/webhooks`;
    const signing = await startStripeEmulator({ webhook: { url, secret }, retryDelaysMs: [20, 20] });
    try {
      const client = new Stripe("sk_test_local", { host: "127.0.0.1", port: signing.port, protocol: "http" });
      const session = await buyThroughCheckout(client, "owner@sams.test", "price_pro_monthly_usd", 2);
      await signing.webhooks.settled();
      expect(received.map((event) => event.type).sort()).toEqual([
        "checkout.session.completed",
        "customer.subscription.created",
        "invoice.paid",
      ]);
      const completed = received.find((event) => event.type === "checkout.session.completed")!;
      expect((completed.data.object as Stripe.Checkout.Session).id).toBe(session.id);
      expect(completed.api_version).toBe("2026-10-28.endive");
      const listed = await client.events.list({ type: "invoice.paid" });
      expect(listed.data.map((event) => event.id)).toEqual(
        received.filter((event) => event.type === "invoice.paid").map((event) => event.id),
      );
      expect(() => stripe.webhooks.constructEvent("{}", "t=1,v1=forged", secret)).toThrow();
    } finally {
      await signing.close();
      receiver.close();
    }
  });
});
