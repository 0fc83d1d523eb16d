/**
 * The local Stripe's clock (its own `/__clock` endpoints, not Stripe's) and
 * what happens when it passes a subscription's period end: renewals charged
 * to the default card, cancellations taking effect, a schedule's next
 * phase. Each test has its own local Stripe, as the clock is global.
 */
import type Stripe from "stripe";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import {
  advanceClock,
  buyThroughCheckout,
  DAY,
  paymentIntentOfInvoice,
  startLocalStripe,
  type LocalStripe,
} from "./support/stripe";

let emulator: LocalStripe;
let stripe: Stripe;
beforeEach(async () => {
  ({ emulator, stripe } = await startLocalStripe());
});
afterEach(() => emulator?.close());

async function subscriptionOf(session: Stripe.Checkout.Session) {
  const { subscription } = await stripe.checkout.sessions.retrieve(session.id);
  return stripe.subscriptions.retrieve(subscription as string);
}

/** A subscription bought with 4242…, then paying with another card from the portal. */
async function subscriptionPaidBy(card: string) {
  const subscription = await subscriptionOf(
    await buyThroughCheckout(stripe, "renew@acme.test", "price_pro_yearly_usd", 3),
  );
  const portal = await stripe.billingPortal.sessions.create({ customer: subscription.customer as string });
  await fetch(`${portal.url}/card`, { method: "POST", redirect: "manual", body: new URLSearchParams({ card }) });
  return subscription;
}

const eventsOf = async (type: string) => (await stripe.events.list({ type, limit: 100 })).data;
const periodEnd = (subscription: Stripe.Subscription) => subscription.items.data[0]!.current_period_end;

describe("the clock", () => {
  it("reads the real time until moved, and dates what is made after", async () => {
    const clock = (await (await fetch(`${emulator.publicUrl}/__clock`)).json()) as { now: number };
    expect(Math.abs(clock.now - Date.now() / 1000)).toBeLessThan(5);
    const moved = await advanceClock(emulator, 10 * DAY);
    expect(moved.offset_seconds).toBe(10 * DAY);
    expect(moved.now - clock.now).toBeGreaterThanOrEqual(10 * DAY);
    const customer = await stripe.customers.create({ email: "later@acme.test" });
    expect(customer.created).toBeGreaterThanOrEqual(moved.now);
  });

  it("takes seconds as a form too, and refuses anything but a whole number of them", async () => {
    const advance = (body: string) =>
      fetch(`${emulator.publicUrl}/__clock/advance`, {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded" },
        body,
      });
    expect((await advance("seconds=60")).status).toBe(200);
    expect(await (await advance("seconds=-1")).json()).toMatchObject({ error: { param: "seconds" } });
    expect((await advance("seconds=1.5")).status).toBe(400);
    expect((await advance("")).status).toBe(400);
    expect(
      ((await (await fetch(`${emulator.publicUrl}/__clock`)).json()) as { offset_seconds: number }).offset_seconds,
    ).toBe(60);
  });
});

describe("Checkout Sessions left open", () => {
  it("expire at their expires_at (24 hours), with checkout.session.expired, their page closed", async () => {
    const session = await stripe.checkout.sessions.create({
      mode: "subscription",
      customer_email: "later@acme.test",
      line_items: [{ price: "price_pro_yearly_usd", quantity: 1 }],
      success_url: "http://localhost:3000/billing",
    });
    expect(session.expires_at - session.created).toBe(DAY);
    await advanceClock(emulator, DAY - 60);
    expect((await stripe.checkout.sessions.retrieve(session.id)).status).toBe("open");
    await advanceClock(emulator, 120);
    expect(await stripe.checkout.sessions.retrieve(session.id)).toMatchObject({ status: "expired", url: null });
    const [expired] = await eventsOf("checkout.session.expired");
    expect(expired).toMatchObject({ created: session.expires_at, data: { object: { id: session.id } } });
    expect((await fetch(session.url!)).status).toBe(410);
  });
});

describe("renewals", () => {
  it("starts a new period at the end of the last, invoiced with the coupon and tax and paid by the card", async () => {
    const vat = await stripe.taxRates.create({ display_name: "VAT", percentage: 20, inclusive: false });
    const bought = await subscriptionOf(
      await buyThroughCheckout(stripe, "yearly@acme.test", "price_pro_yearly_usd", 5, {
        discounts: [{ coupon: "5SEATS" }],
        subscription_data: { default_tax_rates: [vat.id] },
      }),
    );
    await advanceClock(emulator, 366 * DAY);
    const renewed = await stripe.subscriptions.retrieve(bought.id);
    expect(renewed.status).toBe("active");
    expect(renewed.items.data[0]).toMatchObject({
      current_period_start: periodEnd(bought),
      current_period_end: periodEnd(bought) + 365 * DAY,
    });
    expect(renewed.latest_invoice).not.toBe(bought.latest_invoice);
    const invoice = await stripe.invoices.retrieve(renewed.latest_invoice as string);
    // 5 × 60 USD, 20 % off, 20 % tax.
    expect(invoice).toMatchObject({
      billing_reason: "subscription_cycle",
      status: "paid",
      created: periodEnd(bought),
      subtotal: 30_000,
      total: 28_800,
    });
    const [updated] = await eventsOf("customer.subscription.updated");
    expect((updated!.data.object as Stripe.Subscription).items.data[0]!.current_period_start).toBe(periodEnd(bought));
    expect(updated!.created).toBe(periodEnd(bought));
    const [paid] = await eventsOf("invoice.paid");
    expect((paid!.data.object as Stripe.Invoice).id).toBe(invoice.id);
  });

  it("renews every period passed, earliest first, each subscription on its own cycle", async () => {
    const monthly = await subscriptionOf(await buyThroughCheckout(stripe, "m@acme.test", "price_pro_monthly_usd", 1));
    const yearly = await subscriptionOf(await buyThroughCheckout(stripe, "y@acme.test", "price_pro_yearly_usd", 1));
    await advanceClock(emulator, 100 * DAY);
    // Three months of 30 days have ended; the year has not.
    expect(periodEnd(await stripe.subscriptions.retrieve(monthly.id))).toBe(periodEnd(monthly) + 90 * DAY);
    expect(periodEnd(await stripe.subscriptions.retrieve(yearly.id))).toBe(periodEnd(yearly));
    const renewals = (await eventsOf("invoice.paid"))
      .reverse()
      .filter((event) => (event.data.object as Stripe.Invoice).billing_reason === "subscription_cycle");
    expect(renewals.map((event) => event.created)).toEqual([0, 1, 2].map((n) => periodEnd(monthly) + n * 30 * DAY));
  });

  it("asks for authentication with a 3184 card: the subscription is past due until the invoice is paid", async () => {
    const bought = await subscriptionPaidBy("4000002760003184");
    await advanceClock(emulator, 366 * DAY);
    const renewed = await stripe.subscriptions.retrieve(bought.id);
    expect(renewed.status).toBe("past_due");
    const invoice = await stripe.invoices.retrieve(renewed.latest_invoice as string);
    expect(invoice.status).toBe("open");
    const [asked] = await eventsOf("invoice.payment_action_required");
    expect((asked!.data.object as Stripe.Invoice).id).toBe(invoice.id);
    expect(await (await fetch(invoice.hosted_invoice_url!)).text()).toContain("Complete authentication");
    await fetch(invoice.hosted_invoice_url!, {
      method: "POST",
      redirect: "manual",
      body: new URLSearchParams({ decision: "complete" }),
    });
    expect((await stripe.subscriptions.retrieve(bought.id)).status).toBe("active");
    const [reactivated] = await eventsOf("customer.subscription.updated");
    expect((reactivated!.data.object as Stripe.Subscription).status).toBe("active");
  });

  it("fails the payment of a 0341 card: invoice.payment_failed, the subscription past due", async () => {
    const bought = await subscriptionPaidBy("4000000000000341");
    await advanceClock(emulator, 366 * DAY);
    const renewed = await stripe.subscriptions.retrieve(bought.id);
    expect(renewed.status).toBe("past_due");
    const [failed] = await eventsOf("invoice.payment_failed");
    expect((failed!.data.object as Stripe.Invoice).id).toBe(renewed.latest_invoice);
    const paymentIntent = await paymentIntentOfInvoice(stripe, renewed.latest_invoice as string);
    expect(paymentIntent.status).toBe("requires_payment_method");

    // Confirmed again once the customer has a good card: paid, and the subscription active.
    const portal = await stripe.billingPortal.sessions.create({ customer: bought.customer as string });
    await fetch(`${portal.url}/card`, {
      method: "POST",
      redirect: "manual",
      body: new URLSearchParams({ card: "4242424242424242" }),
    });
    expect((await stripe.paymentIntents.confirm(paymentIntent.id)).status).toBe("succeeded");
    expect((await stripe.subscriptions.retrieve(bought.id)).status).toBe("active");
    const [reactivated] = await eventsOf("customer.subscription.updated");
    expect((reactivated!.data.object as Stripe.Subscription).status).toBe("active");
  });

  it("ends a subscription cancelled at period end, with customer.subscription.deleted", async () => {
    const bought = await subscriptionOf(await buyThroughCheckout(stripe, "bye@acme.test", "price_pro_yearly_usd", 2));
    await stripe.subscriptions.update(bought.id, { cancel_at_period_end: true });
    await advanceClock(emulator, 364 * DAY);
    expect((await stripe.subscriptions.retrieve(bought.id)).status).toBe("active");
    await advanceClock(emulator, 2 * DAY);
    const ended = await stripe.subscriptions.retrieve(bought.id);
    expect(ended).toMatchObject({ status: "canceled", ended_at: periodEnd(bought) });
    expect(ended.latest_invoice).toBe(bought.latest_invoice);
    const [deleted] = await eventsOf("customer.subscription.deleted");
    expect((deleted!.data.object as Stripe.Subscription).id).toBe(bought.id);
    await advanceClock(emulator, 400 * DAY);
    expect(await eventsOf("customer.subscription.deleted")).toHaveLength(1);
  });
});

describe("pending updates left unpaid", () => {
  /** 3 seats more asked for with pending updates, the card declined. */
  async function pendingSeats(bought: Stripe.Subscription) {
    const updated = await stripe.subscriptions.update(bought.id, {
      items: [{ id: bought.items.data[0]!.id, quantity: 5 }],
      proration_behavior: "always_invoice",
      payment_behavior: "pending_if_incomplete",
    });
    return { updated, expiresAt: updated.pending_update!.expires_at };
  }

  it("expire 23 hours after the update: the invoice voided, the change discarded", async () => {
    const bought = await subscriptionPaidBy("4000000000000341");
    const { updated, expiresAt } = await pendingSeats(bought);
    await advanceClock(emulator, 23 * 3600 - 60);
    expect((await stripe.subscriptions.retrieve(bought.id)).pending_update).not.toBeNull();
    await advanceClock(emulator, 120);
    const expired = await stripe.subscriptions.retrieve(bought.id);
    expect(expired).toMatchObject({ pending_update: null, status: "active" });
    expect(expired.items.data[0]!.quantity).toBe(3);
    expect((await stripe.invoices.retrieve(updated.latest_invoice as string)).status).toBe("void");
    const events = (await stripe.events.list({ limit: 3 })).data;
    expect(events.map((event) => event.type)).toEqual([
      "customer.subscription.updated",
      "customer.subscription.pending_update_expired",
      "invoice.voided",
    ]);
    expect(events.map((event) => event.created)).toEqual([expiresAt, expiresAt, expiresAt]);
  });

  it("expire at the period's end when it comes sooner, before the renewal", async () => {
    const bought = await subscriptionPaidBy("4000000000000341");
    await advanceClock(emulator, periodEnd(bought) - 12 * 3600 - Math.floor(Date.now() / 1000));
    const { updated, expiresAt } = await pendingSeats(bought);
    expect(expiresAt).toBe(periodEnd(bought));
    await advanceClock(emulator, DAY);
    expect((await stripe.invoices.retrieve(updated.latest_invoice as string)).status).toBe("void");
    const renewed = await stripe.subscriptions.retrieve(bought.id);
    // Renewed with the seats it had, charged to the declined card.
    expect(renewed).toMatchObject({ pending_update: null, status: "past_due" });
    expect(renewed.items.data[0]!.quantity).toBe(3);
    const types = (await stripe.events.list({ limit: 5 })).data.map((event) => event.type).reverse();
    expect(types).toEqual([
      "invoice.voided",
      "customer.subscription.pending_update_expired",
      "customer.subscription.updated",
      "customer.subscription.updated",
      "invoice.payment_failed",
    ]);
  });
});

describe("a schedule's next phase at period end", () => {
  async function scheduled(price: string, quantity: number, next: Stripe.SubscriptionScheduleUpdateParams.Phase.Item) {
    const bought = await subscriptionOf(await buyThroughCheckout(stripe, "plan@acme.test", price, quantity));
    const schedule = await stripe.subscriptionSchedules.create({ from_subscription: bought.id });
    const current = schedule.phases[0]!;
    await stripe.subscriptionSchedules.update(schedule.id, {
      phases: [
        { start_date: current.start_date, end_date: current.end_date, items: [{ price, quantity }] },
        { items: [next] },
      ],
    });
    return { bought, schedule };
  }

  it("removes seats: the quantity decreases, the renewal bills the new one, then the schedule is released", async () => {
    const { bought, schedule } = await scheduled("price_pro_yearly_usd", 5, {
      price: "price_pro_yearly_usd",
      quantity: 3,
    });
    await advanceClock(emulator, 366 * DAY);
    const renewed = await stripe.subscriptions.retrieve(bought.id);
    expect(renewed.items.data.map((item) => [item.id, item.quantity])).toEqual([[bought.items.data[0]!.id, 3]]);
    expect(renewed.schedule).toBe(schedule.id);
    expect((await stripe.invoices.retrieve(renewed.latest_invoice as string)).total).toBe(18_000);
    const phased = await stripe.subscriptionSchedules.retrieve(schedule.id);
    expect(phased.current_phase?.start_date).toBe(periodEnd(bought));
    const [updated] = await eventsOf("customer.subscription.updated");
    expect((updated!.data.object as Stripe.Subscription).items.data[0]!.quantity).toBe(3);

    await advanceClock(emulator, 365 * DAY);
    expect(await stripe.subscriptionSchedules.retrieve(schedule.id)).toMatchObject({
      status: "released",
      released_subscription: bought.id,
      released_at: periodEnd(bought) + 365 * DAY,
      current_phase: null,
    });
    const goneOn = await stripe.subscriptions.retrieve(bought.id);
    expect(goneOn).toMatchObject({ status: "active", schedule: null });
    expect(goneOn.items.data[0]!.quantity).toBe(3);
  });

  it("changes a yearly subscription to monthly: monthly periods and invoices from then on", async () => {
    const { bought } = await scheduled("price_pro_yearly_usd", 3, { price: "price_pro_monthly_usd", quantity: 3 });
    await advanceClock(emulator, 366 * DAY);
    const monthly = await stripe.subscriptions.retrieve(bought.id);
    expect(monthly.items.data.map((item) => item.price.id)).toEqual(["price_pro_monthly_usd"]);
    expect(monthly.items.data[0]).toMatchObject({
      current_period_start: periodEnd(bought),
      current_period_end: periodEnd(bought) + 30 * DAY,
    });
    expect(monthly.billing_cycle_anchor).toBe(periodEnd(bought));
    expect((await stripe.invoices.retrieve(monthly.latest_invoice as string)).total).toBe(6_000);
  });

  it("cancels the subscription after the last phase when the schedule's end behaviour is cancel", async () => {
    const { bought, schedule } = await scheduled("price_pro_monthly_usd", 2, {
      price: "price_pro_monthly_usd",
      quantity: 1,
    });
    await stripe.subscriptionSchedules.update(schedule.id, { end_behavior: "cancel" });
    await advanceClock(emulator, 61 * DAY);
    expect((await stripe.subscriptions.retrieve(bought.id)).status).toBe("canceled");
    expect(await stripe.subscriptionSchedules.retrieve(schedule.id)).toMatchObject({
      status: "completed",
      completed_at: periodEnd(bought) + 30 * DAY,
    });
    expect(await eventsOf("customer.subscription.deleted")).toHaveLength(1);
  });
});
