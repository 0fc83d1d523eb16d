/**
 * Billing API: Stripe's webhooks (`POST /billing/stripe/webhooks`) and what
 * they change: signed events only, each once; unknown types and spaces
 * change nothing; the payment alerts of the seeded spaces; a cancellation
 * taking the space back to FREE; the cancellation of a planned
 * billing-cycle change.
 */
import type Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_CONFIG } from "../../../backend/src/config";
import { PERSONAS, SPACES } from "../../../backend/src/db/seed/personas";
import { signedInClient } from "./support/api";
import { startBillingStack, TEST_CARDS } from "./support/billing";

let stack: Awaited<ReturnType<typeof startBillingStack>>;
beforeAll(async () => {
  stack = await startBillingStack();
});
afterAll(() => stack?.close());

const as = (email: string) => signedInClient(stack.backend, email);
const spacePath = (workspaceId: string) => `/billing/workspace-billing/workspaces/${workspaceId}`;
let events = 0;

/** A Stripe event of the backend's API version about `object`, as Stripe would post it. */
function eventOf(type: string, object: object, id = `evt_test_${++events}`) {
  return JSON.stringify({
    id,
    object: "event",
    api_version: "2026-10-28.endive",
    created: Math.floor(Date.now() / 1000),
    data: { object },
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type,
  });
}

/** Posts a payload to the webhook endpoint, signed with `secret` (the endpoint's by default). */
async function deliver(payload: string, secret = DEFAULT_CONFIG.stripe.webhookSecret) {
  const response = await fetch(`${stack.backend.url}/billing/stripe/webhooks`, {
    method: "POST",
    headers: {
      "Content-Type": "application/json",
      "Stripe-Signature": stack.stripe.webhooks.generateTestHeaderString({ payload, secret }),
    },
    body: payload,
  });
  return { status: response.status, body: await response.json() };
}

/** The seat total the backend holds for a subscription. */
async function seatsOf(subscriptionId: string) {
  const row = await stack.backend.db
    .selectFrom("subscription_seat_plans")
    .select("total_seats")
    .where("subscription_id", "=", subscriptionId)
    .executeTakeFirstOrThrow();
  return row.total_seats;
}

/** The Stripe subscription with other item quantities, as an event would carry it. */
async function withQuantity(subscriptionId: string, quantity: number): Promise<Stripe.Subscription> {
  const subscription = await stack.stripe.subscriptions.retrieve(subscriptionId);
  return {
    ...subscription,
    items: { ...subscription.items, data: subscription.items.data.map((item) => ({ ...item, quantity })) },
  };
}

describe("POST /billing/stripe/webhooks", () => {
  it("refuses an event not signed with the endpoint's secret, and needs no session", async () => {
    const payload = eventOf("customer.subscription.updated", await withQuantity("sub_maple_media", 9));
    expect(await deliver(payload, "whsec_someone_else")).toEqual({
      status: 400,
      body: { error: "invalid_request", reason: "invalid_signature" },
    });
    const unsigned = await fetch(`${stack.backend.url}/billing/stripe/webhooks`, { method: "POST", body: payload });
    expect(unsigned.status).toBe(400);
    const tampered = await fetch(`${stack.backend.url}/billing/stripe/webhooks`, {
      method: "POST",
      headers: {
        "Stripe-Signature": stack.stripe.webhooks.generateTestHeaderString({
          payload,
          secret: DEFAULT_CONFIG.stripe.webhookSecret,
        }),
      },
      body: payload.replace('"quantity":9', '"quantity":90'),
    });
    expect(tampered.status).toBe(400);
    expect(await seatsOf("sub_maple_media")).toBe(4);
  });

  it("refuses a signature made more than 5 minutes before or after now, either way", async () => {
    const payload = eventOf("customer.subscription.updated", await withQuantity("sub_maple_media", 9));
    const signedAt = async (secondsFromNow: number) =>
      (
        await fetch(`${stack.backend.url}/billing/stripe/webhooks`, {
          method: "POST",
          headers: {
            "Stripe-Signature": stack.stripe.webhooks.generateTestHeaderString({
              payload,
              secret: DEFAULT_CONFIG.stripe.webhookSecret,
              timestamp: Math.floor(Date.now() / 1000) + secondsFromNow,
            }),
          },
          body: payload,
        })
      ).status;
    expect(await signedAt(10 * 60)).toBe(400);
    expect(await signedAt(-10 * 60)).toBe(400);
    expect(await signedAt(4 * 60)).toBe(200);
    expect(await signedAt(-4 * 60)).toBe(200);
  });

  it("refuses a signature header with more than one t=, whichever the signature is made for", async () => {
    const payload = eventOf("customer.subscription.updated", await withQuantity("sub_maple_media", 9));
    const now = Math.floor(Date.now() / 1000);
    const tomorrow = now + 24 * 60 * 60;
    const signedFor = (timestamp: number) =>
      stack.stripe.webhooks.generateTestHeaderString({
        payload,
        secret: DEFAULT_CONFIG.stripe.webhookSecret,
        timestamp,
      });
    const post = (header: string) =>
      fetch(`${stack.backend.url}/billing/stripe/webhooks`, {
        method: "POST",
        headers: { "Stripe-Signature": header },
        body: payload,
      });
    const v1Of = (header: string) => header.split(",").find((part) => part.startsWith("v1="))!;
    expect((await post(`t=${now},t=${tomorrow},${v1Of(signedFor(tomorrow))}`)).status).toBe(400);
    expect((await post(`t=${now},t=${now},${v1Of(signedFor(now))}`)).status).toBe(400);
    expect(await seatsOf("sub_maple_media")).toBe(4);
  });

  it("applies Stripe's own state, not the event's: a forged or stale payload changes nothing", async () => {
    // Signed, but saying 90 seats where Stripe has 4: the backend reads the subscription from Stripe.
    expect(await deliver(eventOf("customer.subscription.updated", await withQuantity("sub_maple_media", 90)))).toEqual({
      status: 200,
      body: { received: true },
    });
    expect(await seatsOf("sub_maple_media")).toBe(4);
    await stack.stripe.subscriptions.update("sub_maple_media", {
      items: [{ id: (await stack.stripe.subscriptions.retrieve("sub_maple_media")).items.data[0]!.id, quantity: 7 }],
      proration_behavior: "none",
    });
    await stack.emulator.webhooks.settled();
    expect(await seatsOf("sub_maple_media")).toBe(7);
    // An event from before the change (4 seats), delivered late: still what Stripe has now.
    const late = eventOf("customer.subscription.updated", await withQuantity("sub_maple_media", 4));
    expect((await deliver(late)).status).toBe(200);
    expect(await seatsOf("sub_maple_media")).toBe(7);
  });

  it("applies an event once: a replay is recorded once", async () => {
    const first = eventOf("customer.subscription.updated", await withQuantity("sub_maple_media", 7), "evt_test_once");
    expect(await deliver(first)).toEqual({ status: 200, body: { received: true } });
    expect(await deliver(first)).toEqual({ status: 200, body: { received: true } });
    const recorded = await stack.backend.db
      .selectFrom("stripe_events")
      .select("id")
      .where("id", "=", "evt_test_once")
      .execute();
    expect(recorded).toHaveLength(1);
  });

  it("accepts an event type it does not handle, and one about an unknown space, changing nothing", async () => {
    const customer = await stack.stripe.customers.retrieve("cus_maple_media");
    expect(await deliver(eventOf("customer.updated", customer, "evt_test_unhandled"))).toEqual({
      status: 200,
      body: { received: true },
    });
    const stranger = {
      ...(await withQuantity("sub_maple_media", 3)),
      id: "sub_somebody_else",
      metadata: { workspaceId: "5199999999999999" },
    };
    expect((await deliver(eventOf("customer.subscription.created", stranger, "evt_test_stranger"))).status).toBe(200);
    const recorded = await stack.backend.db
      .selectFrom("stripe_events")
      .select(["id", "type"])
      .where("id", "in", ["evt_test_unhandled", "evt_test_stranger"])
      .orderBy("id")
      .execute();
    expect(recorded).toEqual([
      { id: "evt_test_stranger", type: "customer.subscription.created" },
      { id: "evt_test_unhandled", type: "customer.updated" },
    ]);
    const rows = await stack.backend.db
      .selectFrom("subscriptions")
      .select("id")
      .where("id", "=", "sub_somebody_else")
      .execute();
    expect(rows).toEqual([]);
  });
});

describe("payment alerts (001 §4)", () => {
  it("shows each seeded space's latest invoice: failed, waiting for authentication, cancelled after failures", async () => {
    const latestInvoice = async (email: string, workspaceId: string) => {
      const { body } = await (await as(email)).get(`${spacePath(workspaceId)}/subscriptions/v2`);
      return body.items.map((item: { status: string; additionalStripeInfo: { latestInvoice: unknown } }) => [
        item.status,
        item.additionalStripeInfo.latestInvoice,
      ]);
    };
    // The seed names each opening invoice as the local Stripe's seed makes it.
    const unpaid = (invoiceId: string, status: string) => ({
      invoiceId,
      paid: false,
      hostedInvoiceUrl: null,
      paymentIntent: { status },
    });
    expect(await latestInvoice(PERSONAS.pia.email, SPACES.pineLabs.id)).toEqual([
      ["ACTIVE", unpaid("in_pine_labs_opening", "requires_payment_method")],
    ]);
    expect(await latestInvoice(PERSONAS.quentin.email, SPACES.quillCo.id)).toEqual([
      ["ACTIVE", unpaid("in_quill_co_opening", "requires_action")],
    ]);
    expect(await latestInvoice(PERSONAS.hal.email, SPACES.harbor.id)).toEqual([
      ["CANCELED", unpaid("in_harbor_opening", "requires_payment_method")],
    ]);
    const { latest_invoice: opening } = await stack.stripe.subscriptions.retrieve("sub_quill_co");
    expect(opening).toBe("in_quill_co_opening");
    const kiln = await (await as(PERSONAS.kai.email)).get(`${spacePath(SPACES.kilnWorks.id)}/subscriptions/v1`);
    expect(kiln.body.items).toEqual([
      expect.objectContaining({ paymentSource: "OFFLINE", additionalStripeInfo: null, amount: 30_000 }),
    ]);
  });
});

describe("paid means paid (001 §4: an invoice with paid true suppresses the warnings)", () => {
  /** Pays the subscription's latest invoice on its hosted page: authenticates it, or pays with a good card. */
  async function payLatestInvoice(email: string, workspaceId: string, subscriptionId: string) {
    const client = await as(email);
    const invoice = await client.get(`${spacePath(workspaceId)}/subscriptions/v2/${subscriptionId}/latest-invoice/v1`);
    expect(invoice.body).toMatchObject({ paid: false, hostedInvoiceUrl: expect.stringContaining("/i/") });
    const page = invoice.body.hostedInvoiceUrl as string;
    const form: Record<string, string> =
      invoice.body.paymentIntent.status === "requires_action"
        ? { decision: "complete" }
        : { card: TEST_CARDS.pays, expiry: "12 / 34", cvc: "123" };
    await fetch(page, { method: "POST", redirect: "manual", body: new URLSearchParams(form) });
    await stack.emulator.webhooks.settled();
    const { body } = await client.get(`${spacePath(workspaceId)}/subscriptions/v2`);
    return body.items[0].additionalStripeInfo.latestInvoice;
  }

  it("clears Quill Co's confirmation once its invoice is authenticated and paid", async () => {
    expect(await payLatestInvoice(PERSONAS.quinn.email, SPACES.quillCo.id, "sub_quill_co")).toMatchObject({
      paid: true,
      paymentIntent: { status: "succeeded" },
    });
  });

  it("clears Pine Labs' failed payment once its open invoice is paid with a good card", async () => {
    expect(await payLatestInvoice(PERSONAS.pia.email, SPACES.pineLabs.id, "sub_pine_labs")).toMatchObject({
      paid: true,
      paymentIntent: { status: "succeeded" },
    });
  });
});

describe("Subscriptions v1", () => {
  it("lists every subscription with or without plans and Stripe information", async () => {
    const hal = await as(PERSONAS.hal.email);
    const all = await hal.get(`${spacePath(SPACES.harbor.id)}/subscriptions/v1`);
    expect(all.body.items).toEqual([
      expect.objectContaining({
        subscriptionId: "sub_harbor",
        status: "CANCELED",
        autoRenew: false,
        subscriptionPaymentPlans: [expect.objectContaining({ totalSeats: 2, assignedSeats: 0 })],
        additionalStripeInfo: expect.objectContaining({ upcomingInvoice: null }),
      }),
    ]);
    const bare = await hal.get(
      `${spacePath(SPACES.harbor.id)}/subscriptions/v1?includePlans=false&retrieveAdditionalStripeInfo=false`,
    );
    expect(bare.body.items[0].subscriptionPaymentPlans).toBeUndefined();
    expect(bare.body.items[0].additionalStripeInfo).toBeNull();
    expect((await hal.get(`${spacePath(SPACES.harbor.id)}/subscriptions/v2?status=ACTIVE`)).body).toEqual({
      items: [],
    });
    expect((await hal.get(`${spacePath(SPACES.harbor.id)}/subscriptions/v1?includePlans=maybe`)).status).toBe(400);
    expect(
      (await (await as(PERSONAS.lukas.email)).get(`${spacePath(SPACES.lumenGmbh.id)}/subscriptions/v1`)).status,
    ).toBe(403);
  });
});

describe("PUT …/subscriptions/v1/{subscriptionId} (cancel a planned billing-cycle change)", () => {
  it("releases the schedule moving Tidal One to monthly billing, once", async () => {
    const tia = await as(PERSONAS.tia.email);
    const path = `${spacePath(SPACES.tidalOne.id)}/subscriptions/v1/sub_tidal_one`;
    const before = (await tia.get(`${spacePath(SPACES.tidalOne.id)}/subscriptions/v2?status=ACTIVE`)).body.items[0];
    expect(before).toMatchObject({
      scheduledChanges: { targetBillingInterval: "MONTHLY" },
      stripeSubscriptionScheduleId: "sub_sched_tidal_one",
      // The next cycle at the monthly price: 2 users at 20 $.
      additionalStripeInfo: expect.objectContaining({ upcomingInvoice: expect.objectContaining({ amountDue: 4000 }) }),
    });
    expect(
      (await (await as(PERSONAS.ted.email)).put(path, { cancelScheduledBillingIntervalChange: true })).status,
    ).toBe(403);
    expect((await tia.put(path, { cancelScheduledBillingIntervalChange: false })).status).toBe(400);
    expect((await tia.put(path, { cancelScheduledBillingIntervalChange: true, workspacePlan: "PRO" })).status).toBe(
      400,
    );

    expect(await tia.put(path, { cancelScheduledBillingIntervalChange: true })).toEqual({
      status: 200,
      body: { subscriptionId: "sub_tidal_one" },
    });
    expect((await stack.stripe.subscriptionSchedules.retrieve("sub_sched_tidal_one")).status).toBe("released");
    const after = (await tia.get(`${spacePath(SPACES.tidalOne.id)}/subscriptions/v2?status=ACTIVE`)).body.items[0];
    expect(after).toMatchObject({
      scheduledChanges: null,
      stripeSubscriptionScheduleId: null,
      additionalStripeInfo: expect.objectContaining({
        upcomingInvoice: expect.objectContaining({ amountDue: 12_000 }),
      }),
    });
    expect(await tia.put(path, { cancelScheduledBillingIntervalChange: true })).toEqual({
      status: 404,
      body: { error: "scheduled_change_not_found" },
    });
    expect(
      (
        await (
          await as(PERSONAS.mona.email)
        ).put(`${spacePath(SPACES.mapleMedia.id)}/subscriptions/v1/sub_maple_media`, {
          cancelScheduledBillingIntervalChange: true,
        })
      ).body,
    ).toEqual({ error: "scheduled_change_not_found" });
  });
});

describe("a planned billing-cycle change taking effect", () => {
  it("is no longer planned once the subscription is monthly, though Stripe keeps the schedule a cycle more", async () => {
    // A stack of its own: its clock moves past Tidal Two's renewal.
    const own = await startBillingStack();
    try {
      const tia = await signedInClient(own.backend, PERSONAS.tia.email);
      const path = `${spacePath(SPACES.tidalTwo.id)}/subscriptions/v2`;
      const before = (await tia.get(path)).body.items[0];
      const secondsToEnd = Math.ceil((Number(before.endTimestamp) - Date.now()) / 1000) + 60;
      await fetch(`http://127.0.0.1:${own.emulator.port}/__clock/advance`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ seconds: secondsToEnd }),
      });
      await own.emulator.webhooks.settled();
      expect((await tia.get(path)).body.items[0]).toMatchObject({
        billingInterval: "MONTHLY",
        scheduledChanges: null,
        stripeSubscriptionScheduleId: "sub_sched_tidal_two",
        amount: 4000,
      });
    } finally {
      await own.close();
    }
  });
});

describe("a cancelled subscription", () => {
  it("ends at period end: the space is FREE again, its members on the FREE user plan", async () => {
    const lena = await as(PERSONAS.lena.email);
    const portal = await lena.get(
      `${spacePath(SPACES.lumenGmbh.id)}/stripe/customer/v1/portal?returnUrl=${encodeURIComponent("http://localhost:3000/")}`,
    );
    // The owner cancels in the customer portal: at period end, so the space stays PRO until then.
    await fetch(`${portal.body.stripeCustomerPortalUrl}/cancel`, {
      method: "POST",
      redirect: "manual",
      body: new URLSearchParams({ subscription: "sub_lumen_gmbh" }),
    });
    await stack.emulator.webhooks.settled();
    const cancelled = (await lena.get(`${spacePath(SPACES.lumenGmbh.id)}/subscriptions/v2`)).body.items[0];
    expect(cancelled).toMatchObject({
      status: "ACTIVE",
      autoRenew: false,
      additionalStripeInfo: expect.objectContaining({ upcomingInvoice: null }),
    });

    const secondsToEnd = Math.ceil((Number(cancelled.endTimestamp) - Date.now()) / 1000) + 60;
    await fetch(`http://127.0.0.1:${stack.emulator.port}/__clock/advance`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ seconds: secondsToEnd }),
    });
    await stack.emulator.webhooks.settled();

    expect((await lena.get(`${spacePath(SPACES.lumenGmbh.id)}/subscriptions/v2`)).body.items).toEqual([
      expect.objectContaining({ subscriptionId: "sub_lumen_gmbh", status: "CANCELED", autoRenew: false }),
    ]);
    const space = await lena.get(`/api/v1/workspaces/${SPACES.lumenGmbh.id}`);
    expect(space.body).toMatchObject({ workspacePlan: "FREE", paymentSource: null });
    expect(space.body.workspaceFeatures).toEqual([
      { userPlan: "FREE", hasMultiDomain: false, allowedUserCount: 1 },
      { userPlan: "PRO", hasMultiDomain: false, allowedUserCount: 1 },
    ]);
    const members = await lena.get(`/api/v1/workspaces/${SPACES.lumenGmbh.id}/members`);
    expect(members.body.items.map((member: { userPlan: string }) => member.userPlan)).toEqual(["FREE", "FREE"]);
  });
});
