/**
 * The local Stripe's state across a restart (`statePath`), and the seed it
 * can start with: read back through the official SDK, seeded objects
 * looking as the API makes them.
 */
import { existsSync } from "node:fs";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import type Stripe from "stripe";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { StripeSeed } from "../../backend/emulators/stripe/seed";
import {
  advanceClock,
  buyThroughCheckout,
  DAY,
  paymentIntentOfInvoice,
  startLocalStripe,
  type LocalStripe,
} from "./support/stripe";

let directory: string;
beforeAll(async () => {
  directory = await fs.mkdtemp(path.join(os.tmpdir(), "local-stripe-"));
});
afterAll(() => fs.rm(directory, { recursive: true, force: true }));

const running: LocalStripe[] = [];
afterEach(async () => {
  await Promise.all(running.splice(0).map((emulator) => emulator.close()));
});
async function start(options: Parameters<typeof startLocalStripe>[0]) {
  const started = await startLocalStripe(options);
  running.push(started.emulator);
  return started;
}

describe("a state that survives a restart", () => {
  it("writes every change to statePath and reads it back at the next start", async () => {
    const statePath = path.join(directory, "restart", "stripe.json");
    const first = await start({ statePath });
    const customer = await first.stripe.customers.create({
      email: "kept@acme.de",
      tax_id_data: [{ type: "eu_vat", value: "DE123456789" }],
    });
    const session = await buyThroughCheckout(first.stripe, "", "price_pro_monthly_eur", 4, { customer: customer.id });
    const { subscription: subscriptionId } = await first.stripe.checkout.sessions.retrieve(session.id);
    const portal = await first.stripe.billingPortal.sessions.create({ customer: customer.id });
    await fetch(`${portal.url}/card`, {
      method: "POST",
      redirect: "manual",
      body: new URLSearchParams({ card: "4000000000000341" }),
    });
    const kept = await first.stripe.checkout.sessions.create(
      {
        mode: "subscription",
        customer: customer.id,
        line_items: [{ price: "price_pro_monthly_eur", quantity: 1 }],
        success_url: "http://localhost:3000/billing",
      },
      { idempotencyKey: "once" },
    );
    const { offset_seconds } = await advanceClock(first.emulator, 3 * DAY);
    const events = (await first.stripe.events.list()).data.map((event) => event.id);
    await first.emulator.close();
    running.splice(0);
    expect(existsSync(statePath)).toBe(true);

    const notSeeded = {
      id: "cus_not_seeded",
      email: "no@acme.test",
      name: "No",
      address: { country: "US" },
      metadata: {},
    };
    const second = await start({ statePath, seed: { customers: [notSeeded], taxRates: [], subscriptions: [] } });
    await expect(second.stripe.customers.retrieve(notSeeded.id)).rejects.toMatchObject({ statusCode: 404 });
    const read = (await second.stripe.customers.retrieve(customer.id, { expand: ["tax_ids"] })) as Stripe.Customer;
    expect(read.email).toBe("kept@acme.de");
    expect(read.tax_ids?.data.map((taxId) => taxId.value)).toEqual(["DE123456789"]);
    const subscription = await second.stripe.subscriptions.retrieve(subscriptionId as string);
    expect(subscription).toMatchObject({ status: "active", customer: customer.id });
    expect((await second.stripe.invoices.retrieve(subscription.latest_invoice as string)).status).toBe("paid");
    expect((await second.stripe.events.list()).data.map((event) => event.id)).toEqual(events);
    const clock = (await (await fetch(`${second.emulator.publicUrl}/__clock`)).json()) as { offset_seconds: number };
    expect(clock.offset_seconds).toBe(offset_seconds);
    const replayed = await second.stripe.checkout.sessions.create(
      {
        mode: "subscription",
        customer: customer.id,
        line_items: [{ price: "price_pro_monthly_eur", quantity: 1 }],
        success_url: "http://localhost:3000/billing",
      },
      { idempotencyKey: "once" },
    );
    expect(replayed.id).toBe(kept.id);

    // The card saved before the restart is still the one that is declined.
    await advanceClock(second.emulator, 30 * DAY);
    expect((await second.stripe.subscriptions.retrieve(subscription.id)).status).toBe("past_due");
  });
});

describe("an authentication under way", () => {
  it("is still there after a restart: its page completes the payment", async () => {
    const statePath = path.join(directory, "authentication", "stripe.json");
    const first = await start({ statePath });
    const session = await buyThroughCheckout(first.stripe, "sca@acme.test", "price_pro_yearly_usd", 2);
    const { customer, subscription: id } = await first.stripe.checkout.sessions.retrieve(session.id);
    const portal = await first.stripe.billingPortal.sessions.create({ customer: customer as string });
    await fetch(`${portal.url}/card`, {
      method: "POST",
      redirect: "manual",
      body: new URLSearchParams({ card: "4000002760003184" }),
    });
    const subscription = await first.stripe.subscriptions.retrieve(id as string);
    const updated = await first.stripe.subscriptions.update(subscription.id, {
      items: [{ id: subscription.items.data[0]!.id, quantity: 3 }],
      proration_behavior: "always_invoice",
      payment_behavior: "pending_if_incomplete",
    });
    const invoice = await first.stripe.invoices.retrieve(updated.latest_invoice as string);
    const { id: paymentIntent } = await paymentIntentOfInvoice(first.stripe, invoice.id);
    const confirmed = await first.stripe.paymentIntents.confirm(paymentIntent, {
      return_url: "http://localhost:3000/billing",
    });
    await first.emulator.close();
    running.splice(0);

    const second = await start({ statePath });
    const { pathname } = new URL(confirmed.next_action!.redirect_to_url!.url!);
    const back = await fetch(`${second.emulator.publicUrl}${pathname}`, {
      method: "POST",
      redirect: "manual",
      body: new URLSearchParams({ decision: "complete" }),
    });
    expect(back.headers.get("Location")).toContain("redirect_status=succeeded");
    const applied = await second.stripe.subscriptions.retrieve(subscription.id);
    expect(applied).toMatchObject({ pending_update: null });
    expect(applied.items.data[0]!.quantity).toBe(3);
  });
});

describe("the seed", () => {
  const now = Math.floor(Date.now() / 1000);
  const seed: StripeSeed = {
    customers: [
      {
        id: "cus_acme_marketing",
        email: "owner@acme.test",
        name: "Acme Marketing",
        address: { country: "BE" },
        metadata: { workspaceId: "5100000000000003" },
        card: "4242424242424242",
      },
      {
        id: "cus_fern_studio",
        email: "owner@fern.test",
        name: "Fern Studio",
        address: { country: "US" },
        metadata: { workspaceId: "5100000000000004" },
        card: "4000000000000341",
      },
      {
        id: "cus_bigco",
        email: "owner@bigco.test",
        name: "Bigco",
        address: { country: "US" },
        metadata: { workspaceId: "5100000000000005" },
        card: "4000002760003184",
      },
    ],
    taxRates: [{ id: "txr_vat_be", percentage: 21, country: "BE", displayName: "VAT" }],
    subscriptions: [
      {
        id: "sub_acme_marketing",
        customer: "cus_acme_marketing",
        status: "active",
        items: [{ lookupKey: "pro-yearly-eur", quantity: 12 }],
        periodStart: now - 100 * DAY,
        periodEnd: now + 265 * DAY,
        couponId: "10SEATS",
        taxRateId: "txr_vat_be",
        metadata: { workspaceId: "5100000000000003" },
        latestInvoice: "paid",
        scheduledChange: {
          scheduleId: "sub_sched_acme_marketing",
          items: [{ lookupKey: "pro-yearly-eur", quantity: 8 }],
        },
      },
      {
        id: "sub_fern_studio",
        customer: "cus_fern_studio",
        status: "past_due",
        items: [{ lookupKey: "pro-monthly-usd", quantity: 2 }],
        periodStart: now - 2 * DAY,
        periodEnd: now + 28 * DAY,
        metadata: { workspaceId: "5100000000000004" },
        latestInvoice: "requires_payment_method",
        latestInvoiceId: "in_fern_studio",
      },
      {
        id: "sub_bigco",
        customer: "cus_bigco",
        status: "active",
        items: [{ lookupKey: "team-10-yearly-usd", quantity: 1 }],
        periodStart: now - DAY,
        periodEnd: now + 364 * DAY,
        cancelAtPeriodEnd: true,
        metadata: { workspaceId: "5100000000000005" },
        latestInvoice: "requires_action",
      },
      {
        id: "sub_bigco_old",
        customer: "cus_bigco",
        status: "canceled",
        items: [{ lookupKey: "pro-monthly-usd", quantity: 1 }],
        periodStart: now - 60 * DAY,
        periodEnd: now - 30 * DAY,
        metadata: { workspaceId: "5100000000000005" },
        latestInvoice: "paid",
      },
    ],
  };

  it("makes customers, tax rates and subscriptions as the API makes them, and emits nothing", async () => {
    const { emulator, stripe } = await start({ seed });
    const subscription = await stripe.subscriptions.retrieve("sub_acme_marketing", { expand: ["discounts"] });
    expect(subscription).toMatchObject({
      status: "active",
      customer: "cus_acme_marketing",
      metadata: { workspaceId: "5100000000000003" },
      schedule: "sub_sched_acme_marketing",
      cancel_at_period_end: false,
    });
    expect(subscription.items.data[0]).toMatchObject({
      price: { lookup_key: "pro-yearly-eur" },
      quantity: 12,
      current_period_start: now - 100 * DAY,
      current_period_end: now + 265 * DAY,
    });
    expect((subscription.discounts[0] as Stripe.Discount).source.coupon).toBe("10SEATS");
    expect(subscription.default_tax_rates?.map((rate) => rate.id)).toEqual(["txr_vat_be"]);
    // 12 × 60 EUR, 30 % off, 21 % VAT.
    const invoice = await stripe.invoices.retrieve(subscription.latest_invoice as string);
    expect(invoice).toMatchObject({ status: "paid", subtotal: 72_000, total: 60_984, created: now - 100 * DAY });
    const schedule = await stripe.subscriptionSchedules.retrieve("sub_sched_acme_marketing");
    expect(schedule.phases.map((phase) => [phase.start_date, phase.items[0]!.quantity])).toEqual([
      [now - 100 * DAY, 12],
      [now + 265 * DAY, 8],
    ]);
    expect(schedule.phases[1]!.discounts.map((discount) => discount.coupon)).toEqual(["10SEATS"]);
    const paymentMethod = ((await stripe.customers.retrieve("cus_acme_marketing")) as Stripe.Customer).invoice_settings
      .default_payment_method;
    expect((await stripe.paymentMethods.retrieve(paymentMethod as string)).card?.last4).toBe("4242");
    expect((await stripe.taxRates.retrieve("txr_vat_be")).percentage).toBe(21);

    expect((await stripe.subscriptions.retrieve("sub_bigco")).cancel_at_period_end).toBe(true);
    expect(await stripe.subscriptions.retrieve("sub_bigco_old")).toMatchObject({
      status: "canceled",
      ended_at: now - 30 * DAY,
    });
    expect((await stripe.events.list()).data).toEqual([]);

    // Field for field the shapes of objects the API makes.
    const bought = await buyThroughCheckout(stripe, "new@acme.test", "price_pro_yearly_eur", 12, {
      discounts: [{ coupon: "10SEATS" }],
      subscription_data: { default_tax_rates: ["txr_vat_be"] },
    });
    const made = await stripe.subscriptions.retrieve(
      (await stripe.checkout.sessions.retrieve(bought.id)).subscription as string,
      { expand: ["discounts"] },
    );
    const fields = (object: object) => Object.keys(object).sort();
    expect(fields(subscription)).toEqual(fields(made));
    expect(fields(invoice)).toEqual(fields(await stripe.invoices.retrieve(made.latest_invoice as string)));
    expect(fields(await stripe.customers.retrieve("cus_acme_marketing"))).toEqual(
      fields(await stripe.customers.retrieve(made.customer as string)),
    );
    expect(emulator.state.subscriptions.size).toBe(5);
  });

  it("leaves the unpaid invoices payable on their hosted pages, and the portal lists them", async () => {
    const { stripe } = await start({ seed });
    const pastDue = await stripe.subscriptions.retrieve("sub_fern_studio");
    // The invoice has the id the seed gave it, so the backend's seed can name it too.
    expect(pastDue.latest_invoice).toBe("in_fern_studio");
    const declined = await stripe.invoices.retrieve("in_fern_studio");
    expect(declined).toMatchObject({ status: "open", amount_due: 4_000, created: now - 2 * DAY });
    expect(declined.hosted_invoice_url).toMatch(/\/i\/in_fern_studio$/);
    const declinedPayment = await paymentIntentOfInvoice(stripe, declined.id);
    expect(declinedPayment).toMatchObject({
      status: "requires_payment_method",
      last_payment_error: { code: "card_declined" },
    });
    const cardForm = await (await fetch(declined.hosted_invoice_url!)).text();
    expect(cardForm).toContain('name="card"');
    expect(cardForm).not.toContain("Complete authentication");

    const bigco = await stripe.subscriptions.retrieve("sub_bigco");
    const authentication = await stripe.invoices.retrieve(bigco.latest_invoice as string);
    expect(authentication.status).toBe("open");
    expect(await (await fetch(authentication.hosted_invoice_url!)).text()).toContain("Complete authentication");

    const portal = await stripe.billingPortal.sessions.create({ customer: "cus_fern_studio" });
    const page = await (await fetch(portal.url)).text();
    expect(page).toContain("2 × pro-monthly-usd");
    expect(page).toContain(`href="${declined.hosted_invoice_url}"`);
    expect(page).toContain("Visa ending in 0341");

    await fetch(declined.hosted_invoice_url!, {
      method: "POST",
      redirect: "manual",
      body: new URLSearchParams({ card: "4242424242424242" }),
    });
    expect((await stripe.subscriptions.retrieve("sub_fern_studio")).status).toBe("active");
  });
});
