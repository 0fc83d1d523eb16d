/**
 * The local Stripe's payments through the official SDK: the charge behind
 * every payment of an invoice (Checkout, seat changes, renewals, the hosted
 * invoice page, the seed) and refunds of it.
 */
import type Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  advanceClock,
  buyThroughCheckout,
  DAY,
  paymentIntentOfInvoice,
  startLocalStripe,
  stripeClient,
  type LocalStripe,
} from "./support/stripe";

let emulator: LocalStripe;
let stripe: Stripe;
beforeAll(async () => {
  ({ emulator, stripe } = await startLocalStripe());
});
afterAll(() => emulator?.close());

/** A subscription bought through the hosted Checkout page with 4242…, and its first invoice. */
async function bought(email: string, quantity = 2) {
  const session = await buyThroughCheckout(stripe, email, "price_pro_yearly_usd", quantity);
  const id = (await stripe.checkout.sessions.retrieve(session.id)).subscription as string;
  const subscription = await stripe.subscriptions.retrieve(id);
  return { subscription, invoice: await stripe.invoices.retrieve(subscription.latest_invoice as string) };
}

const paymentIntentOf = (invoice: Stripe.Invoice) => paymentIntentOfInvoice(stripe, invoice.id);

/** Replaces the customer's default card through the portal. */
async function portalCard(customer: string, card: string) {
  const portal = await stripe.billingPortal.sessions.create({ customer });
  await fetch(`${portal.url}/card`, { method: "POST", redirect: "manual", body: new URLSearchParams({ card }) });
}

const lastEvent = async (type: string) => (await stripe.events.list({ type, limit: 1 })).data[0]!;

describe("charges", () => {
  it("stand behind a paid invoice's payment intent, with Stripe's fields", async () => {
    const { subscription, invoice } = await bought("charged@acme.test");
    const paymentIntent = await paymentIntentOf(invoice);
    expect(paymentIntent).toMatchObject({ status: "succeeded", amount: 12_000, amount_received: 12_000 });
    const customer = (await stripe.customers.retrieve(subscription.customer as string)) as Stripe.Customer;
    const charge = await stripe.charges.retrieve(paymentIntent.latest_charge as string);
    expect(charge).toMatchObject({
      object: "charge",
      amount: 12_000,
      amount_captured: 12_000,
      amount_refunded: 0,
      refunded: false,
      captured: true,
      paid: true,
      status: "succeeded",
      currency: "usd",
      customer: customer.id,
      payment_intent: paymentIntent.id,
      payment_method: customer.invoice_settings.default_payment_method,
      payment_method_details: { type: "card", card: { last4: "4242", brand: "visa" } },
      failure_code: null,
      description: "Subscription creation",
    });
    expect(charge.created).toBe(invoice.created);
    const expanded = await stripe.paymentIntents.retrieve(paymentIntent.id, { expand: ["latest_charge"] });
    expect((expanded.latest_charge as Stripe.Charge).id).toBe(charge.id);
    await expect(stripe.charges.retrieve("ch_nope")).rejects.toMatchObject({ statusCode: 404 });
  });

  it("are made by seat changes, renewals and the hosted invoice page too; a declined card's charge failed", async () => {
    const { subscription } = await bought("more@acme.test");
    await portalCard(subscription.customer as string, "4000000000000341");
    const updated = await stripe.subscriptions.update(subscription.id, {
      items: [{ id: subscription.items.data[0]!.id, quantity: 3 }],
      proration_behavior: "always_invoice",
    });
    const open = await stripe.invoices.retrieve(updated.latest_invoice as string);
    const declined = await paymentIntentOf(open);
    expect(declined).toMatchObject({
      status: "requires_payment_method",
      payment_method: null,
      last_payment_error: { type: "card_error", code: "card_declined", decline_code: "generic_decline" },
    });
    const failed = await stripe.charges.retrieve(declined.latest_charge as string);
    expect(failed).toMatchObject({
      status: "failed",
      paid: false,
      captured: false,
      amount_captured: 0,
      failure_code: "card_declined",
      failure_message: "Your card was declined.",
      payment_method_details: { card: { last4: "0341" } },
    });
    expect(declined.last_payment_error?.charge).toBe(failed.id);

    await fetch(open.hosted_invoice_url!, {
      method: "POST",
      redirect: "manual",
      body: new URLSearchParams({ card: "4242424242424242" }),
    });
    const paid = await paymentIntentOf(open);
    expect(paid.status).toBe("succeeded");
    const charge = await stripe.charges.retrieve(paid.latest_charge as string);
    expect(charge).toMatchObject({ status: "succeeded", amount: open.amount_due, description: "Subscription update" });
    const card = await stripe.paymentMethods.retrieve(charge.payment_method!);
    expect(card).toMatchObject({ customer: subscription.customer, card: { last4: "4242" } });
    // The card typed on the invoice page pays that invoice; the default card stays the one saved in the portal.
    const customer = (await stripe.customers.retrieve(subscription.customer as string)) as Stripe.Customer;
    expect(customer.invoice_settings.default_payment_method).not.toBe(card.id);
  });

  it("answer none for an invoice with nothing due, paid without a payment", async () => {
    const { subscription } = await bought("fewer@acme.test", 4);
    const updated = await stripe.subscriptions.update(subscription.id, {
      items: [{ id: subscription.items.data[0]!.id, quantity: 2 }],
      proration_behavior: "always_invoice",
    });
    const credited = await stripe.invoices.retrieve(updated.latest_invoice as string);
    expect(credited).toMatchObject({ status: "paid", amount_due: 0 });
    expect(credited.payments).toBeUndefined();
    expect((await stripe.invoices.retrieve(credited.id, { expand: ["payments"] })).payments?.data).toEqual([]);
    expect(credited.total).toBeLessThan(0);
    expect(await (await fetch(credited.hosted_invoice_url!)).text()).toContain("paid");
  });

  it("stand behind renewals and seeded invoices", async () => {
    const now = Math.floor(Date.now() / 1000);
    const seeded = await startLocalStripe({
      seed: {
        customers: [
          {
            id: "cus_seeded",
            email: "s@acme.test",
            name: "S",
            address: { country: "US" },
            metadata: {},
            card: "4242424242424242",
          },
        ],
        taxRates: [],
        subscriptions: [
          {
            id: "sub_seeded",
            customer: "cus_seeded",
            status: "active",
            items: [{ lookupKey: "pro-monthly-usd", quantity: 2 }],
            periodStart: now - 20 * DAY,
            periodEnd: now + 10 * DAY,
            metadata: {},
            latestInvoice: "paid",
          },
        ],
      },
    });
    try {
      const client = stripeClient(seeded.emulator);
      const chargeOf = async () => {
        const { latest_invoice } = await client.subscriptions.retrieve("sub_seeded");
        const invoice = await client.invoices.retrieve(latest_invoice as string);
        const { id } = await paymentIntentOfInvoice(client, invoice.id);
        const paymentIntent = await client.paymentIntents.retrieve(id, { expand: ["latest_charge"] });
        return { invoice, charge: paymentIntent.latest_charge as Stripe.Charge };
      };
      const first = await chargeOf();
      expect(first.charge).toMatchObject({ status: "succeeded", amount: 4_000, customer: "cus_seeded" });
      expect(first.charge.created).toBe(now - 20 * DAY);
      await advanceClock(seeded.emulator, 11 * DAY);
      const renewal = await chargeOf();
      expect(renewal.invoice.id).not.toBe(first.invoice.id);
      expect(renewal.charge).toMatchObject({ status: "succeeded", amount: 4_000, description: "Subscription cycle" });
    } finally {
      await seeded.emulator.close();
    }
  });
});

describe("refunds", () => {
  it("give back part of a charge, then the rest, emitting refund.created and charge.refunded", async () => {
    const { invoice } = await bought("refund@acme.test");
    const paymentIntent = await paymentIntentOf(invoice);
    const part = await stripe.refunds.create({
      payment_intent: paymentIntent.id,
      amount: 2_000,
      reason: "duplicate",
      metadata: { workspaceId: "5100000000000003" },
    });
    expect(part).toMatchObject({
      object: "refund",
      amount: 2_000,
      status: "succeeded",
      reason: "duplicate",
      currency: "usd",
      charge: paymentIntent.latest_charge,
      payment_intent: paymentIntent.id,
      metadata: { workspaceId: "5100000000000003" },
    });
    expect(await stripe.refunds.retrieve(part.id)).toEqual(part);
    expect((await lastEvent("refund.created")).data.object).toEqual(part);
    const refundedEvent = await lastEvent("charge.refunded");
    expect(refundedEvent.data.object).toMatchObject({
      object: "charge",
      id: paymentIntent.latest_charge,
      amount_refunded: 2_000,
      refunded: false,
    });

    const rest = await stripe.refunds.create({ charge: paymentIntent.latest_charge as string });
    expect(rest.amount).toBe(10_000);
    const charge = await stripe.charges.retrieve(paymentIntent.latest_charge as string, { expand: ["refunds"] });
    expect(charge).toMatchObject({ amount_refunded: 12_000, refunded: true });
    expect(charge.refunds?.data.map((refund) => refund.id)).toEqual([rest.id, part.id]);
    expect(((await lastEvent("charge.refunded")).data.object as Stripe.Charge).refunded).toBe(true);
    // Refunding gives the money back; the invoice was paid and stays so.
    expect((await stripe.invoices.retrieve(invoice.id)).status).toBe("paid");
  });

  it("refuses what Stripe refuses: more than is left, a charge refunded in full, a payment that failed", async () => {
    const { subscription, invoice } = await bought("refused@acme.test");
    const paymentIntent = await paymentIntentOf(invoice);
    const charge = paymentIntent.latest_charge as string;
    await stripe.refunds.create({ charge, amount: 11_000 });
    await expect(stripe.refunds.create({ charge, amount: 1_001 })).rejects.toMatchObject({
      statusCode: 400,
      param: "amount",
      message: "Refund amount ($10.01) is greater than unrefunded amount on charge ($10.00)",
    });
    await stripe.refunds.create({ payment_intent: paymentIntent.id });
    await expect(stripe.refunds.create({ charge })).rejects.toMatchObject({
      statusCode: 400,
      code: "charge_already_refunded",
      message: `Charge ${charge} has already been refunded.`,
    });
    await expect(stripe.refunds.create({ payment_intent: paymentIntent.id, amount: 0 })).rejects.toMatchObject({
      statusCode: 400,
    });
    await expect(stripe.refunds.create({ charge, reverse_transfer: true })).rejects.toMatchObject({
      statusCode: 400,
      param: "reverse_transfer",
    });
    await expect(stripe.refunds.create({})).rejects.toMatchObject({ statusCode: 400 });

    await portalCard(subscription.customer as string, "4000000000000341");
    const updated = await stripe.subscriptions.update(subscription.id, {
      items: [{ id: subscription.items.data[0]!.id, quantity: 3 }],
      proration_behavior: "always_invoice",
    });
    const declined = await paymentIntentOf(await stripe.invoices.retrieve(updated.latest_invoice as string));
    await expect(stripe.refunds.create({ payment_intent: declined.id })).rejects.toMatchObject({
      statusCode: 400,
      message: `This PaymentIntent (${declined.id}) does not have a successful charge to refund.`,
    });
    await expect(stripe.refunds.create({ charge: declined.latest_charge as string })).rejects.toMatchObject({
      statusCode: 400,
    });
  });
});

describe("pending updates (payment_behavior=pending_if_incomplete)", () => {
  /** A subscription of 2 seats bought with 4242…, then paying with `card`, and 3 seats more asked for with pending updates. */
  async function addSeats(email: string, card: string, extra: Partial<Stripe.SubscriptionUpdateParams> = {}) {
    const { subscription } = await bought(email);
    if (card !== "4242424242424242") await portalCard(subscription.customer as string, card);
    const updated = await stripe.subscriptions.update(subscription.id, {
      items: [{ id: subscription.items.data[0]!.id, quantity: 5 }],
      proration_behavior: "always_invoice",
      payment_behavior: "pending_if_incomplete",
      metadata: { seats: "5" },
      ...extra,
    });
    const invoice = await stripe.invoices.retrieve(updated.latest_invoice as string);
    return { subscription, updated, invoice };
  }
  const quantityOf = (subscription: Stripe.Subscription) => subscription.items.data[0]!.quantity;

  it("apply the change at once when the card pays", async () => {
    const { subscription, updated, invoice } = await addSeats("pays@acme.test", "4242424242424242");
    expect(invoice).toMatchObject({ status: "paid", billing_reason: "subscription_update" });
    expect(updated).toMatchObject({ status: "active", pending_update: null, metadata: { seats: "5" } });
    expect(quantityOf(updated)).toBe(5);
    expect(updated.items.data[0]!.id).toBe(subscription.items.data[0]!.id);
  });

  it("keep a declined change pending, the items as they were, until its invoice is paid", async () => {
    const { subscription, updated, invoice } = await addSeats("declined@acme.test", "4000000000000341");
    expect(invoice.status).toBe("open");
    expect(updated).toMatchObject({ status: "active", latest_invoice: invoice.id, metadata: {} });
    expect(quantityOf(updated)).toBe(2);
    expect(updated.pending_update).toMatchObject({
      billing_cycle_anchor: null,
      trial_end: null,
      trial_from_plan: null,
      cancel_at_period_end: null,
      discounts: null,
      metadata: { seats: "5" },
    });
    expect(updated.pending_update!.subscription_items!.map((item) => [item.id, item.quantity])).toEqual([
      [subscription.items.data[0]!.id, 5],
    ]);
    // The period ends in a year: the update waits 23 hours.
    expect(updated.pending_update!.expires_at).toBe(invoice.created + 23 * 3600);
    expect((await lastEvent("customer.subscription.updated")).data.object).toMatchObject({
      id: subscription.id,
      pending_update: { metadata: { seats: "5" } },
    });
    expect((await lastEvent("invoice.payment_failed")).data.object).toMatchObject({ id: invoice.id });
    expect(quantityOf(await stripe.subscriptions.retrieve(subscription.id))).toBe(2);

    await fetch(invoice.hosted_invoice_url!, {
      method: "POST",
      redirect: "manual",
      body: new URLSearchParams({ card: "4242424242424242" }),
    });
    const applied = await stripe.subscriptions.retrieve(subscription.id);
    expect(applied).toMatchObject({ pending_update: null, metadata: { seats: "5" }, status: "active" });
    expect(quantityOf(applied)).toBe(5);
    const events = (await stripe.events.list({ limit: 3 })).data.map((event) => event.type);
    expect(events).toEqual([
      "invoice.paid",
      "customer.subscription.updated",
      "customer.subscription.pending_update_applied",
    ]);
    expect(quantityOf((await lastEvent("customer.subscription.updated")).data.object as Stripe.Subscription)).toBe(5);
  });

  it("keep a change whose card asks for authentication pending until the customer completes it", async () => {
    const { subscription, updated, invoice } = await addSeats("sca@acme.test", "4000002760003184");
    expect(quantityOf(updated)).toBe(2);
    expect((await paymentIntentOf(invoice)).status).toBe("requires_action");
    expect((await lastEvent("invoice.payment_action_required")).data.object).toMatchObject({ id: invoice.id });
    await fetch(invoice.hosted_invoice_url!, {
      method: "POST",
      redirect: "manual",
      body: new URLSearchParams({ decision: "complete" }),
    });
    const applied = await stripe.subscriptions.retrieve(subscription.id);
    expect(applied.pending_update).toBeNull();
    expect(quantityOf(applied)).toBe(5);
    expect((await stripe.invoices.retrieve(invoice.id)).status).toBe("paid");
  });

  it("carry a new coupon: invoiced with it, the subscription's only once paid", async () => {
    const { subscription, updated, invoice } = await addSeats("coupon@acme.test", "4000000000000341", {
      discounts: [{ coupon: "5SEATS" }],
    });
    expect(updated.discounts).toEqual([]);
    const [discount] = updated.pending_update!.discounts as string[];
    expect(updated.pending_update!.discount).toMatchObject({ id: discount, source: { coupon: "5SEATS" } });
    // 3 seats more, 20 % off: less than 3 × 60 USD × 80 %.
    expect(invoice.total).toBeLessThanOrEqual(14_400);
    expect(invoice.total_discount_amounts?.[0]?.discount).toBe(discount);
    await fetch(invoice.hosted_invoice_url!, {
      method: "POST",
      redirect: "manual",
      body: new URLSearchParams({ card: "4242424242424242" }),
    });
    expect((await stripe.subscriptions.retrieve(subscription.id)).discounts).toEqual([discount]);
  });

  it("refuse what pending updates do not take, as Stripe does, and what is not emulated", async () => {
    const { subscription } = await bought("params@acme.test");
    const item = subscription.items.data[0]!.id;
    const pendingUpdate = (params: Partial<Stripe.SubscriptionUpdateParams>) =>
      stripe.subscriptions.update(subscription.id, {
        proration_behavior: "always_invoice",
        payment_behavior: "pending_if_incomplete",
        ...params,
      });
    await expect(pendingUpdate({ items: [{ id: item, quantity: 3 }], description: "Seats" })).rejects.toMatchObject({
      statusCode: 400,
      message:
        "When `payment_behavior` is set to `pending_if_incomplete`, you can only pass supported params. `description` is not supported. See https://stripe.com/docs/billing/subscriptions/pending-updates-reference#supported-attributes for more details.",
    });
    await expect(pendingUpdate({ items: [{ id: item, deleted: true }] })).rejects.toMatchObject({
      statusCode: 400,
      param: "items[0][deleted]",
    });
    await expect(pendingUpdate({ items: [{ id: item, quantity: 3 }], trial_end: "now" })).rejects.toMatchObject({
      statusCode: 400,
      param: "trial_end",
      message: "trial_end is not available locally.",
    });
    await expect(
      stripe.subscriptions.update(subscription.id, { payment_behavior: "error_if_incomplete" }),
    ).rejects.toMatchObject({ statusCode: 400, param: "payment_behavior" });
    expect(quantityOf(await stripe.subscriptions.retrieve(subscription.id))).toBe(2);
  });

  it("are discarded when their invoice is voided; the invoice's payment is canceled", async () => {
    const { subscription, invoice } = await addSeats("void@acme.test", "4000000000000341");
    await expect(
      stripe.subscriptions.update(subscription.id, { items: [{ id: subscription.items.data[0]!.id, quantity: 9 }] }),
    ).rejects.toMatchObject({ statusCode: 400 });
    const voided = await stripe.invoices.voidInvoice(invoice.id);
    expect(voided).toMatchObject({ id: invoice.id, status: "void" });
    expect(voided.status_transitions.voided_at).not.toBeNull();
    expect(await paymentIntentOf(invoice)).toMatchObject({ status: "canceled", cancellation_reason: "void_invoice" });
    const discarded = await stripe.subscriptions.retrieve(subscription.id);
    expect(discarded).toMatchObject({ pending_update: null, metadata: {}, status: "active" });
    expect(quantityOf(discarded)).toBe(2);
    const events = (await stripe.events.list({ limit: 2 })).data.map((event) => event.type);
    expect(events).toEqual(["customer.subscription.updated", "invoice.voided"]);
    expect(await (await fetch(invoice.hosted_invoice_url!)).text()).toContain("void");

    await expect(stripe.invoices.voidInvoice(invoice.id)).rejects.toMatchObject({ statusCode: 400 });
    const { invoice: paid } = await bought("paid@acme.test");
    await expect(stripe.invoices.voidInvoice(paid.id)).rejects.toMatchObject({ statusCode: 400 });
    await expect(stripe.invoices.voidInvoice("in_nope")).rejects.toMatchObject({ statusCode: 404 });
  });
});

describe("confirming an invoice's payment intent (3-D Secure by redirect)", () => {
  const returnUrl = "http://localhost:3000/5100000000000003/acme/space/billing?confirm=seats";

  /** 3 seats more with pending updates, the card (`card`) not paying at once: the invoice and its payment intent. */
  async function unpaidSeats(email: string, card: string) {
    const { subscription } = await bought(email);
    await portalCard(subscription.customer as string, card);
    const updated = await stripe.subscriptions.update(subscription.id, {
      items: [{ id: subscription.items.data[0]!.id, quantity: 5 }],
      proration_behavior: "always_invoice",
      payment_behavior: "pending_if_incomplete",
    });
    const invoice = await stripe.invoices.retrieve(updated.latest_invoice as string);
    return { subscription, invoice, paymentIntent: await paymentIntentOf(invoice) };
  }
  const post = (url: string, decision: string) =>
    fetch(url, { method: "POST", redirect: "manual", body: new URLSearchParams({ decision }) });
  const quantityOf = async (id: string) => (await stripe.subscriptions.retrieve(id)).items.data[0]!.quantity;

  it("redirects to an authentication page whose Complete pays the invoice and applies the change", async () => {
    const { subscription, invoice, paymentIntent } = await unpaidSeats("redirect@acme.test", "4000002760003184");
    expect(paymentIntent.next_action?.type).toBe("use_stripe_sdk");
    const confirmed = await stripe.paymentIntents.confirm(paymentIntent.id, { return_url: returnUrl });
    expect(confirmed.status).toBe("requires_action");
    expect(confirmed.next_action).toMatchObject({
      type: "redirect_to_url",
      redirect_to_url: { return_url: returnUrl },
    });
    const url = confirmed.next_action!.redirect_to_url!.url!;
    expect(url).toMatch(new RegExp(`^${emulator.publicUrl}/3d_secure/`));
    const page = await (await fetch(url)).text();
    expect(page).toContain("Complete authentication");
    expect(page).toContain("Fail authentication");
    expect(page).toContain(`$${(invoice.amount_due / 100).toFixed(2)}`);
    expect(page).not.toContain("<script");

    const back = await post(url, "complete");
    expect(back.status).toBe(303);
    const location = new URL(back.headers.get("Location")!);
    expect(`${location.origin}${location.pathname}`).toBe("http://localhost:3000/5100000000000003/acme/space/billing");
    expect(Object.fromEntries(location.searchParams)).toEqual({
      confirm: "seats",
      payment_intent: paymentIntent.id,
      payment_intent_client_secret: paymentIntent.client_secret,
      redirect_status: "succeeded",
    });
    const paid = await stripe.paymentIntents.retrieve(paymentIntent.id);
    expect(paid).toMatchObject({ status: "succeeded", next_action: null });
    expect((await stripe.charges.retrieve(paid.latest_charge as string)).status).toBe("succeeded");
    expect((await stripe.invoices.retrieve(invoice.id)).status).toBe("paid");
    expect(await quantityOf(subscription.id)).toBe(5);
    const types = (await stripe.events.list({ limit: 3 })).data.map((event) => event.type);
    expect(types).toEqual([
      "invoice.paid",
      "customer.subscription.updated",
      "customer.subscription.pending_update_applied",
    ]);

    // Used: the page says so and links back; nothing is paid twice.
    const used = await fetch(url);
    expect(used.status).toBe(410);
    const usedPage = await used.text();
    expect(usedPage).toContain("This payment no longer needs authentication.");
    expect(usedPage).toContain(`href="${returnUrl.replace("&", "&amp;")}"`);
    expect((await post(url, "complete")).status).toBe(410);
    expect((await stripe.events.list({ limit: 1 })).data[0]!.type).toBe("invoice.paid");
  });

  it("comes back failed from Fail; a new confirmation asks again, and the default card can pay instead", async () => {
    const { subscription, invoice, paymentIntent } = await unpaidSeats("fail@acme.test", "4000002760003184");
    const first = await stripe.paymentIntents.confirm(paymentIntent.id, { return_url: returnUrl });
    const firstUrl = first.next_action!.redirect_to_url!.url!;
    const back = await post(firstUrl, "fail");
    expect(new URL(back.headers.get("Location")!).searchParams.get("redirect_status")).toBe("failed");
    expect(await stripe.paymentIntents.retrieve(paymentIntent.id)).toMatchObject({
      status: "requires_payment_method",
      payment_method: null,
      next_action: null,
      last_payment_error: {
        code: "payment_intent_authentication_failure",
        message:
          "The provided PaymentMethod has failed authentication. You can provide payment_method_data or a new PaymentMethod to attempt to fulfill this PaymentIntent again.",
      },
    });
    expect((await lastEvent("invoice.payment_failed")).data.object).toMatchObject({ id: invoice.id });
    expect((await stripe.invoices.retrieve(invoice.id)).status).toBe("open");
    expect((await stripe.subscriptions.retrieve(subscription.id)).pending_update).not.toBeNull();

    const again = await stripe.paymentIntents.confirm(paymentIntent.id, { return_url: returnUrl });
    const againUrl = again.next_action!.redirect_to_url!.url!;
    expect(againUrl).not.toBe(firstUrl);
    expect((await fetch(firstUrl)).status).toBe(410);
    expect((await fetch(againUrl)).status).toBe(200);

    await portalCard(subscription.customer as string, "4242424242424242");
    const customer = (await stripe.customers.retrieve(subscription.customer as string)) as Stripe.Customer;
    const paid = await stripe.paymentIntents.confirm(paymentIntent.id, {
      return_url: returnUrl,
      payment_method: customer.invoice_settings.default_payment_method as string,
    });
    expect(paid).toMatchObject({
      status: "succeeded",
      payment_method: customer.invoice_settings.default_payment_method,
    });
    expect(await quantityOf(subscription.id)).toBe(5);
    expect((await fetch(againUrl)).status).toBe(410);
  });

  it("pays with the customer's default card when none is given", async () => {
    const { subscription, invoice, paymentIntent } = await unpaidSeats("default@acme.test", "4000000000000341");
    await portalCard(subscription.customer as string, "4242424242424242");
    const paid = await stripe.paymentIntents.confirm(paymentIntent.id, { return_url: returnUrl });
    expect(paid.status).toBe("succeeded");
    expect((await stripe.invoices.retrieve(invoice.id)).status).toBe("paid");
    expect(await quantityOf(subscription.id)).toBe(5);
  });

  it("answers Stripe's 402 card error for a declined card, the payment waiting for another", async () => {
    const { invoice, paymentIntent } = await unpaidSeats("declined@acme.test", "4000000000000341");
    const error = await stripe.paymentIntents.confirm(paymentIntent.id, { return_url: returnUrl }).catch((e) => e);
    expect(error).toMatchObject({
      type: "StripeCardError",
      statusCode: 402,
      code: "card_declined",
      decline_code: "generic_decline",
      message: "Your card was declined.",
    });
    expect(error.raw.payment_intent).toMatchObject({ id: paymentIntent.id, status: "requires_payment_method" });
    const declined = await stripe.paymentIntents.retrieve(paymentIntent.id);
    expect(declined).toMatchObject({
      status: "requires_payment_method",
      last_payment_error: { code: "card_declined" },
    });
    expect(error.raw.charge).toBe(declined.latest_charge);
    expect((await lastEvent("invoice.payment_failed")).data.object).toMatchObject({ id: invoice.id });
  });

  it("answers use_stripe_sdk without a return URL, and refuses what cannot be confirmed", async () => {
    const { paymentIntent, invoice } = await unpaidSeats("sdk@acme.test", "4000002760003184");
    const confirmed = await stripe.paymentIntents.confirm(paymentIntent.id);
    expect(confirmed).toMatchObject({ status: "requires_action", next_action: { type: "use_stripe_sdk" } });
    await expect(stripe.paymentIntents.confirm(paymentIntent.id, { return_url: "billing" })).rejects.toMatchObject({
      statusCode: 400,
      param: "return_url",
    });
    await expect(stripe.paymentIntents.confirm(paymentIntent.id, { off_session: true })).rejects.toMatchObject({
      statusCode: 400,
      param: "off_session",
    });
    const { invoice: other } = await bought("stranger@acme.test");
    const stranger = await paymentIntentOf(other);
    await expect(
      stripe.paymentIntents.confirm(paymentIntent.id, { payment_method: stranger.payment_method as string }),
    ).rejects.toMatchObject({ statusCode: 400, param: "payment_method" });
    await expect(stripe.paymentIntents.confirm(stranger.id)).rejects.toMatchObject({
      statusCode: 400,
      code: "payment_intent_unexpected_state",
      message:
        "You cannot confirm this PaymentIntent because it has already succeeded after being previously confirmed.",
    });
    await stripe.invoices.voidInvoice(invoice.id);
    await expect(stripe.paymentIntents.confirm(paymentIntent.id)).rejects.toMatchObject({
      statusCode: 400,
      code: "payment_intent_unexpected_state",
      message:
        "You cannot confirm this PaymentIntent because it has a status of canceled. Only a PaymentIntent with one of the following statuses may be confirmed: requires_confirmation, requires_payment_method, requires_action.",
    });
  });
});
