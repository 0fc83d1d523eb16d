/**
 * Billing API: a per-seat subscription's seats through a local Stripe
 * seeded with the demo account. Adding seats charges the prorated amount at
 * once (a card asking for authentication leaves the invoice open); a
 * removal is a Stripe schedule applied at period end; the seats change when
 * Stripe's webhooks say so.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PERSONAS, SPACES } from "../../../backend/src/db/seed/personas";
import { signedInClient } from "./support/api";
import { payOnHostedPage, startBillingStack, TEST_CARDS } from "./support/billing";

let stack: Awaited<ReturnType<typeof startBillingStack>>;
beforeAll(async () => {
  stack = await startBillingStack();
});
afterAll(() => stack?.close());

const as = (email: string) => signedInClient(stack.backend, email);
const spacePath = (workspaceId: string) => `/billing/workspace-billing/workspaces/${workspaceId}`;
const seatsPath = (workspaceId: string, subscriptionId: string) =>
  `${spacePath(workspaceId)}/subscriptions/v2/${subscriptionId}/seats/v1`;
const removalsPath = (workspaceId: string, subscriptionId: string) =>
  `${seatsPath(workspaceId, subscriptionId)}/scheduled-removals`;
let keys = 0;
const idempotencyKey = () => ({ "Idempotency-Key": `billing-seats-${String(++keys).padStart(8, "0")}` });

const addSeats = (workspaceId: string, subscriptionId: string, quantity: number, userPlan = "PRO") => ({
  workspaceId,
  subscriptionId,
  useProratedAmounts: true,
  seatPlans: [{ userPlan, quantity }],
});

/** The owner replaces the space's card in the customer portal with a test card. */
async function replaceCard(owner: Awaited<ReturnType<typeof as>>, workspaceId: string, card: string) {
  const portal = await owner.get(
    `${spacePath(workspaceId)}/stripe/customer/v1/portal?returnUrl=${encodeURIComponent("http://localhost:3000/")}`,
  );
  await fetch(`${portal.body.stripeCustomerPortalUrl}/card`, {
    method: "POST",
    redirect: "manual",
    body: new URLSearchParams({ card }),
  });
}

/** The seats Stripe holds on the subscription's one item. */
async function stripeSeats(subscriptionId: string) {
  return (await stack.stripe.subscriptions.retrieve(subscriptionId)).items.data[0]!.quantity;
}

/** The seats the backend holds for the space's active subscription. */
async function backendSeats(email: string, workspaceId: string) {
  return (await activeSubscription(email, workspaceId)).subscriptionPaymentPlans[0].totalSeats;
}

/** The space's one active subscription, as the app reads it. */
async function activeSubscription(email: string, workspaceId: string) {
  const { body } = await (await as(email)).get(`${spacePath(workspaceId)}/subscriptions/v2?status=ACTIVE`);
  return body.items[0];
}

describe("POST …/seats/v1 (add seats)", () => {
  it("charges the added seats at once, as quoted, and the space has them once Stripe's webhooks arrive", async () => {
    const mona = await as(PERSONAS.mona.email);
    const quote = await mona.post(`${spacePath(SPACES.mapleMedia.id)}/stripe/checkout/v2/info`, {
      purchaseType: "B2C",
      country: "US",
      billingInterval: "YEARLY",
      workspacePlan: "PRO",
      previewProratedAmounts: true,
      seatPlans: [{ userPlan: "PRO", quantity: 6 }],
    });
    const { status, body } = await mona.post(
      seatsPath(SPACES.mapleMedia.id, "sub_maple_media"),
      addSeats(SPACES.mapleMedia.id, "sub_maple_media", 2),
      idempotencyKey(),
    );
    expect(status).toBe(200);
    expect(body).toEqual({
      subscriptionId: "sub_maple_media",
      seatPlans: [{ userPlan: "PRO", totalSeats: 6 }],
      pending: false,
      latestInvoice: {
        invoiceId: expect.stringMatching(/^in_/),
        paid: true,
        hostedInvoiceUrl: expect.stringContaining("/i/"),
        paymentIntent: { status: "succeeded" },
      },
    });
    const invoice = await stack.stripe.invoices.retrieve(body.latestInvoice.invoiceId);
    expect(Math.abs(invoice.amount_due - quote.body.chargedToday)).toBeLessThanOrEqual(2);

    await stack.emulator.webhooks.settled();
    const subscription = await activeSubscription(PERSONAS.mona.email, SPACES.mapleMedia.id);
    expect(subscription).toMatchObject({
      amount: 28_800,
      discount: 20,
      subscriptionPaymentPlans: [expect.objectContaining({ totalSeats: 6, assignedSeats: 2, availableSeats: 4 })],
      additionalStripeInfo: expect.objectContaining({
        couponId: "5SEATS",
        couponPercentOff: 20,
        couponDuration: "forever",
        latestInvoice: {
          invoiceId: body.latestInvoice.invoiceId,
          paid: true,
          hostedInvoiceUrl: body.latestInvoice.hostedInvoiceUrl,
          paymentIntent: { status: "succeeded" },
        },
      }),
    });
    const stripeSubscription = await stack.stripe.subscriptions.retrieve("sub_maple_media", { expand: ["discounts"] });
    expect(stripeSubscription.items.data[0]!.quantity).toBe(6);
    expect(
      stripeSubscription.discounts.map((discount) => (discount as { source: { coupon: unknown } }).source.coupon),
    ).toEqual(["5SEATS"]);
  });

  it("adds the seats only once the card is authenticated, through Stripe's page and back to the app", async () => {
    const mona = await as(PERSONAS.mona.email);
    await replaceCard(mona, SPACES.cedarMedia.id, TEST_CARDS.needsAuthentication);
    const { status, body } = await mona.post(
      seatsPath(SPACES.cedarMedia.id, "sub_cedar_media"),
      addSeats(SPACES.cedarMedia.id, "sub_cedar_media", 1),
      idempotencyKey(),
    );
    expect(status).toBe(200);
    expect(body).toMatchObject({
      pending: true,
      latestInvoice: { paid: false, paymentIntent: { status: "requires_action" } },
    });
    await stack.emulator.webhooks.settled();
    // Nothing added while the payment waits, and no payment alert: the subscription runs on as it was.
    expect(await stripeSeats("sub_cedar_media")).toBe(4);
    expect(await backendSeats(PERSONAS.mona.email, SPACES.cedarMedia.id)).toBe(4);
    expect(
      (await activeSubscription(PERSONAS.mona.email, SPACES.cedarMedia.id)).additionalStripeInfo.latestInvoice,
    ).toMatchObject({ paid: true });

    const returnUrl = "http://localhost:3000/5100000000000016/cedar-media/checkout/payment-return?seats=1&total=5";
    const confirmation = await mona.post(
      `${spacePath(SPACES.cedarMedia.id)}/subscriptions/v2/sub_cedar_media/latest-invoice/v1/confirmation`,
      { returnUrl },
      idempotencyKey(),
    );
    expect(confirmation).toEqual({
      status: 200,
      body: { status: "requires_action", redirectToUrl: expect.stringContaining(stack.emulator.publicUrl) },
    });
    const back = await fetch(confirmation.body.redirectToUrl, {
      method: "POST",
      redirect: "manual",
      body: new URLSearchParams({ decision: "complete" }),
    });
    expect(back.status).toBe(303);
    const location = new URL(back.headers.get("Location")!);
    expect(`${location.origin}${location.pathname}`).toBe(returnUrl.split("?")[0]);
    expect(location.searchParams.get("seats")).toBe("1");
    expect(location.searchParams.get("redirect_status")).toBe("succeeded");
    await stack.emulator.webhooks.settled();
    expect(await stripeSeats("sub_cedar_media")).toBe(5);
    expect(await backendSeats(PERSONAS.mona.email, SPACES.cedarMedia.id)).toBe(5);
    expect(
      (await activeSubscription(PERSONAS.mona.email, SPACES.cedarMedia.id)).additionalStripeInfo.latestInvoice,
    ).toMatchObject({ invoiceId: body.latestInvoice.invoiceId, paid: true, paymentIntent: { status: "succeeded" } });
  });

  it("adds nothing when the authentication fails or the card is declined, and leaves nothing owed", async () => {
    const mona = await as(PERSONAS.mona.email);
    const confirmationPath = `${spacePath(SPACES.cedarMedia.id)}/subscriptions/v2/sub_cedar_media/latest-invoice/v1/confirmation`;
    await replaceCard(mona, SPACES.cedarMedia.id, TEST_CARDS.needsAuthentication);
    const asked = await mona.post(
      seatsPath(SPACES.cedarMedia.id, "sub_cedar_media"),
      addSeats(SPACES.cedarMedia.id, "sub_cedar_media", 2),
      idempotencyKey(),
    );
    expect(
      (await mona.post(confirmationPath, { returnUrl: "https://evil.example/back" }, idempotencyKey())).body,
    ).toEqual({ error: "invalid_request", reason: "returnUrl: not at the app's origin" });
    const confirmation = await mona.post(
      confirmationPath,
      { returnUrl: "http://localhost:3000/back" },
      idempotencyKey(),
    );
    const back = await fetch(confirmation.body.redirectToUrl, {
      method: "POST",
      redirect: "manual",
      body: new URLSearchParams({ decision: "fail" }),
    });
    expect(new URL(back.headers.get("Location")!).searchParams.get("redirect_status")).toBe("failed");
    await stack.emulator.webhooks.settled();
    const failed = await stack.stripe.invoices.retrieve(asked.body.latestInvoice.invoiceId);
    expect(failed.status).toBe("void");
    expect((await stack.stripe.subscriptions.retrieve("sub_cedar_media")).pending_update).toBeNull();
    expect(await stripeSeats("sub_cedar_media")).toBe(5);
    expect(await backendSeats(PERSONAS.mona.email, SPACES.cedarMedia.id)).toBe(5);
    // A voided invoice raises no payment alert.
    expect(
      (await activeSubscription(PERSONAS.mona.email, SPACES.cedarMedia.id)).additionalStripeInfo.latestInvoice,
    ).toMatchObject({ paid: false, paymentIntent: { status: "canceled" } });

    await replaceCard(mona, SPACES.cedarMedia.id, TEST_CARDS.declined);
    const declined = await mona.post(
      seatsPath(SPACES.cedarMedia.id, "sub_cedar_media"),
      addSeats(SPACES.cedarMedia.id, "sub_cedar_media", 1),
      idempotencyKey(),
    );
    expect(declined).toEqual({ status: 402, body: { error: "payment_required", reason: "card_declined" } });
    await stack.emulator.webhooks.settled();
    const subscription = await stack.stripe.subscriptions.retrieve("sub_cedar_media");
    expect(subscription.pending_update).toBeNull();
    expect((await stack.stripe.invoices.retrieve(subscription.latest_invoice as string)).status).toBe("void");
    expect(await stripeSeats("sub_cedar_media")).toBe(5);
    expect(await backendSeats(PERSONAS.mona.email, SPACES.cedarMedia.id)).toBe(5);
    expect(
      (await mona.post(confirmationPath, { returnUrl: "http://localhost:3000/back" }, idempotencyKey())).body,
    ).toEqual({
      error: "conflict",
      reason: "nothing_to_confirm",
    });
  });

  it("is for the owner of a per-seat space with an active Stripe subscription", async () => {
    const add = async (email: string, workspaceId: string, subscriptionId: string) =>
      (await as(email)).post(
        seatsPath(workspaceId, subscriptionId),
        addSeats(workspaceId, subscriptionId, 1),
        idempotencyKey(),
      );
    expect((await add(PERSONAS.paul.email, SPACES.pineLabs.id, "sub_pine_labs")).status).toBe(403);
    expect((await add(PERSONAS.mel.email, SPACES.mapleMedia.id, "sub_maple_media")).status).toBe(403);
    expect((await add(PERSONAS.quinn.email, SPACES.quillCo.id, "sub_quill_co")).status).toBe(403);
    expect(await add(PERSONAS.kai.email, SPACES.kilnWorks.id, "offline_kiln_works")).toEqual({
      status: 409,
      body: { error: "conflict", reason: "not_a_stripe_subscription" },
    });
    expect((await add(PERSONAS.hal.email, SPACES.harbor.id, "sub_harbor")).body).toEqual({
      error: "conflict",
      reason: "subscription_not_active",
    });
    expect((await add(PERSONAS.stella.email, SPACES.fernStudio.id, "sub_fern_studio")).body).toEqual({
      error: "conflict",
      reason: "scheduled_removal_pending",
    });
    expect((await add(PERSONAS.mona.email, SPACES.mapleMedia.id, "sub_cedar_media")).body).toEqual({
      error: "subscription_not_found",
    });
  });

  it("refuses past 100 seats, a seat plan the subscription does not hold, unlimited seats and a body for another one", async () => {
    const lena = await as(PERSONAS.lena.email);
    const path = seatsPath(SPACES.lumenGmbh.id, "sub_lumen_gmbh");
    expect(await lena.post(path, addSeats(SPACES.lumenGmbh.id, "sub_lumen_gmbh", 96), idempotencyKey())).toEqual({
      status: 400,
      body: { error: "invalid_request", reason: "too_many_seats" },
    });
    expect(
      (await lena.post(path, addSeats(SPACES.lumenGmbh.id, "sub_lumen_gmbh", 1, "PRO_PERSONAL"), idempotencyKey())).body
        .reason,
    ).toBe("plan_not_sold");
    expect((await lena.post(path, addSeats(SPACES.lumenGmbh.id, "sub_maple_media", 1), idempotencyKey())).status).toBe(
      400,
    );
    expect(
      (await lena.post(path, { ...addSeats(SPACES.lumenGmbh.id, "sub_lumen_gmbh", 1), useProratedAmounts: false }))
        .status,
    ).toBe(400);
    const unlimited = (totalSeats: number) =>
      stack.backend.db
        .updateTable("subscription_seat_plans")
        .set({ total_seats: totalSeats })
        .where("subscription_id", "=", "sub_lumen_gmbh")
        .execute();
    await unlimited(-1);
    try {
      expect(
        (await lena.post(path, addSeats(SPACES.lumenGmbh.id, "sub_lumen_gmbh", 1), idempotencyKey())).body,
      ).toEqual({ error: "conflict", reason: "unlimited_seats" });
    } finally {
      await unlimited(5);
    }
  });
});

describe("…/seats/v1/scheduled-removals", () => {
  it("schedules a removal at period end through a Stripe schedule, blocking other seat changes, and cancels it", async () => {
    const mona = await as(PERSONAS.mona.email);
    const path = removalsPath(SPACES.mapleMedia.id, "sub_maple_media");
    const target = (targetSeatsQuantity: number, paymentPlanId = "pro-yearly-usd") => ({
      subscriptionPlanSeats: [{ paymentPlanId, targetSeatsQuantity }],
    });
    // Maple Media has 6 seats (added above), 2 of them taken.
    const refusal = (reason: string) => ({ status: 400, body: { error: "invalid_request", reason } });
    expect(await mona.post(path, target(1), idempotencyKey())).toEqual(refusal("invalid_target_seats"));
    expect(await mona.post(path, target(6), idempotencyKey())).toEqual(refusal("invalid_target_seats"));
    expect(await mona.post(path, target(3, "pro-yearly-eur"), idempotencyKey())).toEqual(
      refusal("unknown_payment_plan"),
    );
    expect((await (await as(PERSONAS.mel.email)).post(path, target(3), idempotencyKey())).status).toBe(403);

    const { status, body } = await mona.post(path, target(3), idempotencyKey());
    expect(status).toBe(201);
    const subscription = await activeSubscription(PERSONAS.mona.email, SPACES.mapleMedia.id);
    expect(body.items).toEqual([
      {
        paymentPlanId: "pro-yearly-usd",
        targetSeatsQuantity: 3,
        removeSeatsAtTimestamp: subscription.endTimestamp,
        status: "PENDING",
        createTimestamp: expect.stringMatching(/^\d+$/),
        lastUpdateTimestamp: expect.stringMatching(/^\d+$/),
        stripeSubscriptionScheduleId: expect.stringMatching(/^sub_sched_/),
        // 3 seats at 60 $, under 5 seats: no coupon any more.
        targetSubscriptionAmount: 18_000,
      },
    ]);
    expect(subscription.stripeSubscriptionScheduleId).toBe(body.items[0].stripeSubscriptionScheduleId);
    expect(subscription.additionalStripeInfo.upcomingInvoice.amountDue).toBe(18_000);
    const schedule = await stack.stripe.subscriptionSchedules.retrieve(body.items[0].stripeSubscriptionScheduleId);
    expect(schedule).toMatchObject({ status: "active", end_behavior: "release", subscription: "sub_maple_media" });
    expect(schedule.phases.map((phase) => phase.items.map((item) => item.quantity))).toEqual([[6], [3]]);
    expect(schedule.phases[1]!.discounts).toEqual([]);
    expect((await mona.get(`${path}?status=PENDING`)).body).toEqual({ items: body.items });

    expect((await mona.post(path, target(4), idempotencyKey())).body).toEqual({
      error: "conflict",
      reason: "scheduled_removal_pending",
    });
    expect(
      (
        await mona.post(
          seatsPath(SPACES.mapleMedia.id, "sub_maple_media"),
          addSeats(SPACES.mapleMedia.id, "sub_maple_media", 1),
          idempotencyKey(),
        )
      ).body.reason,
    ).toBe("scheduled_removal_pending");

    expect((await (await as(PERSONAS.mel.email)).delete(path)).status).toBe(403);
    expect((await mona.delete(path)).status).toBe(204);
    expect((await stack.stripe.subscriptionSchedules.retrieve(schedule.id)).status).toBe("released");
    expect((await mona.get(path)).status).toBe(404);
    expect(
      (await activeSubscription(PERSONAS.mona.email, SPACES.mapleMedia.id)).stripeSubscriptionScheduleId,
    ).toBeNull();
  });

  it("is DONE when Stripe applies it at period end: the space has the target's seats", async () => {
    const lena = await as(PERSONAS.lena.email);
    const path = removalsPath(SPACES.lumenGmbh.id, "sub_lumen_gmbh");
    // Lumen GmbH: 5 seats in euros with 5SEATS and 19 % VAT, 2 taken; down to 3 at renewal.
    const scheduled = await lena.post(
      path,
      { subscriptionPlanSeats: [{ paymentPlanId: "pro-yearly-eur", targetSeatsQuantity: 3 }] },
      idempotencyKey(),
    );
    expect(scheduled.status).toBe(201);
    const before = await activeSubscription(PERSONAS.lena.email, SPACES.lumenGmbh.id);
    expect(before.additionalStripeInfo.upcomingInvoice.amountDue).toBe(21_420);

    const secondsToRenewal = Math.ceil((Number(before.endTimestamp) - Date.now()) / 1000) + 60;
    await fetch(`http://127.0.0.1:${stack.emulator.port}/__clock/advance`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ seconds: secondsToRenewal }),
    });
    await stack.emulator.webhooks.settled();

    const after = await activeSubscription(PERSONAS.lena.email, SPACES.lumenGmbh.id);
    expect(after).toMatchObject({
      amount: 18_000,
      discount: null,
      taxRate: 19,
      // Stripe keeps the subscription under the schedule for the cycle of its last phase.
      stripeSubscriptionScheduleId: scheduled.body.items[0].stripeSubscriptionScheduleId,
      subscriptionPaymentPlans: [expect.objectContaining({ totalSeats: 3, assignedSeats: 2 })],
    });
    expect(Number(after.startTimestamp)).toBeGreaterThanOrEqual(Number(before.endTimestamp));
    const removals = await stack.backend.db
      .selectFrom("scheduled_seat_removals")
      .select(["status"])
      .where("subscription_id", "=", "sub_lumen_gmbh")
      .execute();
    expect(removals).toEqual([{ status: "DONE" }]);
    expect((await lena.get(path)).status).toBe(404);

    // The done removal's schedule gives way to the next removal.
    const next = await lena.post(
      path,
      { subscriptionPlanSeats: [{ paymentPlanId: "pro-yearly-eur", targetSeatsQuantity: 2 }] },
      idempotencyKey(),
    );
    expect(next.status).toBe(201);
    expect(next.body.items[0].stripeSubscriptionScheduleId).not.toBe(
      scheduled.body.items[0].stripeSubscriptionScheduleId,
    );
    expect(
      (await stack.stripe.subscriptionSchedules.retrieve(scheduled.body.items[0].stripeSubscriptionScheduleId)).status,
    ).toBe("released");
  });
});

describe("paying an invoice that failed", () => {
  it("clears the failed-payment alert of Pine Labs once its hosted invoice is paid", async () => {
    const pia = await as(PERSONAS.pia.email);
    const subscription = await activeSubscription(PERSONAS.pia.email, SPACES.pineLabs.id);
    expect(subscription).toMatchObject({
      status: "ACTIVE",
      additionalStripeInfo: expect.objectContaining({
        latestInvoice: {
          invoiceId: "in_pine_labs_opening",
          paid: false,
          hostedInvoiceUrl: null,
          paymentIntent: { status: "requires_payment_method" },
        },
      }),
    });
    const latest = await pia.get(`${spacePath(SPACES.pineLabs.id)}/subscriptions/v2/sub_pine_labs/latest-invoice/v1`);
    expect(latest.body).toMatchObject({ paid: false, paymentIntent: { status: "requires_payment_method" } });
    expect((await payOnHostedPage(latest.body.hostedInvoiceUrl, TEST_CARDS.pays)).status).toBe(303);
    await stack.emulator.webhooks.settled();
    expect(
      (await activeSubscription(PERSONAS.pia.email, SPACES.pineLabs.id)).additionalStripeInfo.latestInvoice,
    ).toEqual({
      invoiceId: latest.body.invoiceId,
      paid: true,
      hostedInvoiceUrl: latest.body.hostedInvoiceUrl,
      paymentIntent: { status: "succeeded" },
    });
  });
});
