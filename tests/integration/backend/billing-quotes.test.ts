/**
 * Billing API: the catalog (Payment plans) and the quotes (Checkout info v2)
 * against a local Stripe: prices by lookup key, coupons by seat count, EUR
 * VAT by country, prorated seat additions, and who may ask.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PERSONAS, SPACES } from "../../../backend/src/db/seed/personas";
import { apiClient, signedInClient } from "./support/api";
import { startBillingStack } from "./support/billing";

let stack: Awaited<ReturnType<typeof startBillingStack>>;
beforeAll(async () => {
  stack = await startBillingStack();
});
afterAll(() => stack?.close());

const as = (email: string) => signedInClient(stack.backend, email);
const infoPath = (workspaceId: string) =>
  `/billing/workspace-billing/workspaces/${workspaceId}/stripe/checkout/v2/info`;

/** A per-seat purchase quote's body: PRO YEARLY seats from a country. */
const seats = (quantity: number, country = "US", extra: Record<string, unknown> = {}) => ({
  purchaseType: "B2C",
  country,
  billingInterval: "YEARLY",
  workspacePlan: "PRO",
  previewProratedAmounts: false,
  seatPlans: [{ userPlan: "PRO", quantity }],
  ...extra,
});

describe("GET /billing/workspace-billing/payment-plans/v1", () => {
  it("lists the catalog with each plan's Stripe price, whose amount is the catalog's", async () => {
    const { status, body } = await (await as(PERSONAS.solo.email)).get("/billing/workspace-billing/payment-plans/v1");
    expect(status).toBe(200);
    expect(body.items).toHaveLength(48);
    expect(body.items).toContainEqual({
      paymentPlanId: "pro-yearly-usd",
      stripePriceId: "price_pro_yearly_usd",
      workspacePlan: "PRO",
      userPlan: "PRO",
      teamSize: null,
      status: "ACTIVE",
      currency: "USD",
      billingInterval: "YEARLY",
      paymentPlanTiers: [{ unitAmount: 6000, upTo: null }],
    });
    expect(body.items).toContainEqual(
      expect.objectContaining({ paymentPlanId: "team-25-monthly-eur", workspacePlan: "LEGACY", teamSize: 25 }),
    );
    const stripePrices = await stack.stripe.prices.list({ limit: 100 });
    for (const plan of body.items) {
      const price = stripePrices.data.find((candidate) => candidate.id === plan.stripePriceId);
      expect([plan.paymentPlanId, price?.lookup_key, price?.unit_amount]).toEqual([
        plan.paymentPlanId,
        plan.paymentPlanId,
        plan.paymentPlanTiers[0].unitAmount,
      ]);
    }
  });

  it("needs a session", async () => {
    expect((await apiClient(stack.backend).get("/billing/workspace-billing/payment-plans/v1")).status).toBe(401);
  });
});

describe("POST …/stripe/checkout/v2/info: a purchase", () => {
  it("prices 3 seats in dollars for the US: charged today, renewing in a year, no coupon", async () => {
    const before = Date.now();
    const { status, body } = await (await as(PERSONAS.bea.email)).post(infoPath(SPACES.birchWorks.id), seats(3));
    expect(status).toBe(200);
    expect(body).toMatchObject({
      currency: "USD",
      taxRate: 0,
      proratedDays: null,
      chargedToday: 18_000,
      totalAmount: 18_000,
      totalBeforeTax: 18_000,
      currentAmount: 0,
      currentBillingInterval: null,
      targetBillingInterval: "YEARLY",
      couponId: null,
      couponPercentOff: null,
      stripePlans: [
        {
          stripePriceId: "price_pro_yearly_usd",
          paymentPlanId: "pro-yearly-usd",
          userPlan: "PRO",
          quantity: 3,
          unitAmount: 6000,
          totalAmount: 18_000,
        },
      ],
    });
    const nextPayment = new Date(Number(body.nextPaymentTimestamp));
    const inAYear = new Date(before);
    inAYear.setUTCFullYear(inAYear.getUTCFullYear() + 1);
    expect(Math.abs(nextPayment.getTime() - inAYear.getTime())).toBeLessThan(60_000);
  });

  it.each([
    [4, null, 0],
    [5, "5SEATS", 20],
    [9, "5SEATS", 20],
    [10, "10SEATS", 30],
    [25, "25SEATS", 40],
    [50, "50SEATS", 50],
    [100, "100SEATS", 60],
  ])("%i seats take the coupon %s (%i %% off every cycle)", async (quantity, couponId, percentOff) => {
    const { body } = await (await as(PERSONAS.bea.email)).post(infoPath(SPACES.birchWorks.id), seats(quantity));
    const total = (quantity * 6000 * (100 - percentOff)) / 100;
    expect(body).toMatchObject({
      couponId,
      couponPercentOff: couponId ? percentOff : null,
      totalAmount: total,
      chargedToday: total,
    });
  });

  it("sells in euros with the country's VAT in the EU, in rupees to India", async () => {
    const bea = await as(PERSONAS.bea.email);
    // 5 × 60 € − 20 % = 240 €, + 19 % VAT.
    expect((await bea.post(infoPath(SPACES.birchWorks.id), seats(5, "DE"))).body).toMatchObject({
      currency: "EUR",
      taxRate: 19,
      totalBeforeTax: 24_000,
      totalAmount: 28_560,
      chargedToday: 28_560,
      stripePlans: [expect.objectContaining({ stripePriceId: "price_pro_yearly_eur", unitAmount: 6000 })],
    });
    expect((await bea.post(infoPath(SPACES.birchWorks.id), seats(5, "FR"))).body).toMatchObject({
      taxRate: 20,
      totalAmount: 28_800,
    });
    expect((await bea.post(infoPath(SPACES.birchWorks.id), seats(2, "IN"))).body).toMatchObject({
      currency: "INR",
      taxRate: 0,
      totalAmount: 960_000,
      stripePlans: [expect.objectContaining({ paymentPlanId: "pro-yearly-inr", unitAmount: 480_000 })],
    });
  });

  it("sells a per-seat space PRO YEARLY only, and a Gmail caller one Gmail seat", async () => {
    const bea = await as(PERSONAS.bea.email);
    const refusal = { status: 400, body: { error: "invalid_request", reason: "plan_not_sold" } };
    expect(await bea.post(infoPath(SPACES.birchWorks.id), seats(3, "US", { billingInterval: "MONTHLY" }))).toEqual(
      refusal,
    );
    expect(await bea.post(infoPath(SPACES.birchWorks.id), seats(3, "US", { workspacePlan: "PREMIUM" }))).toEqual(
      refusal,
    );
    const gmailSeat = (quantity: number) => seats(1, "US", { seatPlans: [{ userPlan: "PRO_PERSONAL", quantity }] });
    expect(await bea.post(infoPath(SPACES.birchWorks.id), gmailSeat(1))).toEqual(refusal);
    const solo = await as(PERSONAS.solo.email);
    expect((await solo.post(infoPath(SPACES.samsSpace.id), gmailSeat(1))).body).toMatchObject({
      totalAmount: 3600,
      stripePlans: [expect.objectContaining({ paymentPlanId: "pro-personal-yearly-usd" })],
    });
    expect(await solo.post(infoPath(SPACES.samsSpace.id), gmailSeat(2))).toEqual(refusal);
    expect(await solo.post(infoPath(SPACES.samsSpace.id), seats(2))).toEqual(refusal);
  });

  it("refuses more than 100 seats and malformed bodies", async () => {
    const bea = await as(PERSONAS.bea.email);
    expect(await bea.post(infoPath(SPACES.birchWorks.id), seats(101))).toEqual({
      status: 400,
      body: { error: "invalid_request", reason: "too_many_seats" },
    });
    for (const body of [
      seats(3, "us"),
      seats(0),
      seats(3, "US", { purchaseType: "B2X" }),
      seats(3, "US", { seatPlans: [] }),
      seats(3, "US", { previewProratedAmounts: "no" }),
    ]) {
      const answer = await bea.post(infoPath(SPACES.birchWorks.id), body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.body.error).toBe("invalid_request");
    }
  });
});

describe("POST …/stripe/checkout/v2/info: a change to the subscription", () => {
  async function subscriptionRow(id: string) {
    return stack.backend.db.selectFrom("subscriptions").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
  }

  it("charges added seats for the days left, at the coupon of the new total (Maple Media: 4 → 6 seats)", async () => {
    const row = await subscriptionRow("sub_maple_media");
    const { status, body } = await (
      await as(PERSONAS.mona.email)
    ).post(infoPath(SPACES.mapleMedia.id), seats(6, "US", { previewProratedAmounts: true }));
    expect(status).toBe(200);
    const fractionLeft = (row.end_timestamp - Date.now()) / (row.end_timestamp - row.start_timestamp);
    // 2 seats × 60 $ − 20 % (6 seats: 5SEATS) = 96 $ a year, for what is left of it.
    expect(body.chargedToday).toBeGreaterThanOrEqual(Math.floor(9600 * fractionLeft) - 1);
    expect(body.chargedToday).toBeLessThanOrEqual(Math.ceil(9600 * fractionLeft) + 1);
    expect(body).toMatchObject({
      currency: "USD",
      taxRate: 0,
      proratedDays: 200,
      totalAmount: 28_800,
      currentAmount: 24_000,
      currentBillingInterval: "YEARLY",
      targetBillingInterval: "YEARLY",
      nextPaymentTimestamp: String(row.end_timestamp),
      couponId: "5SEATS",
    });
  });

  it("keeps the subscription's currency and VAT, and prices the next cycle of fewer seats without charge", async () => {
    const lena = await as(PERSONAS.lena.email);
    // Lumen GmbH: 5 seats in euros with 19 % VAT; the body's country does not change the subscription's currency.
    const more = await lena.post(infoPath(SPACES.lumenGmbh.id), seats(6, "US", { previewProratedAmounts: true }));
    expect(more.body).toMatchObject({ currency: "EUR", taxRate: 19, totalAmount: 34_272, currentAmount: 28_560 });
    expect(more.body.chargedToday).toBeGreaterThan(0);
    const fewer = await (
      await as(PERSONAS.mona.email)
    ).post(infoPath(SPACES.mapleMedia.id), seats(2, "US", { previewProratedAmounts: false }));
    expect(fewer.body).toMatchObject({ chargedToday: 0, proratedDays: null, totalAmount: 12_000, couponId: null });
  });

  it("refuses a change to unlimited seats", async () => {
    const setTotal = (totalSeats: number) =>
      stack.backend.db
        .updateTable("subscription_seat_plans")
        .set({ total_seats: totalSeats })
        .where("subscription_id", "=", "sub_lumen_gmbh")
        .execute();
    await setTotal(-1);
    try {
      expect(
        await (
          await as(PERSONAS.lena.email)
        ).post(infoPath(SPACES.lumenGmbh.id), seats(6, "DE", { previewProratedAmounts: true })),
      ).toEqual({ status: 409, body: { error: "conflict", reason: "unlimited_seats" } });
    } finally {
      await setTotal(5);
    }
  });

  it("keeps a per-seat subscription's plan and interval (Fern Studio stays monthly)", async () => {
    const stella = await as(PERSONAS.stella.email);
    expect((await stella.post(infoPath(SPACES.fernStudio.id), seats(6))).body.reason).toBe("plan_not_sold");
    const monthly = await stella.post(
      infoPath(SPACES.fernStudio.id),
      seats(6, "US", { billingInterval: "MONTHLY", previewProratedAmounts: true }),
    );
    expect(monthly.body).toMatchObject({
      totalAmount: 9600,
      stripePlans: [expect.objectContaining({ unitAmount: 2000 })],
    });
  });
});

describe("who may ask for a quote", () => {
  it("is the owner of a per-seat space, the owner or an admin of a per-user space", async () => {
    const quote = seats(6, "US", { previewProratedAmounts: true });
    expect((await (await as(PERSONAS.mel.email)).post(infoPath(SPACES.mapleMedia.id), quote)).status).toBe(403);
    expect((await (await as(PERSONAS.paul.email)).post(infoPath(SPACES.pineLabs.id), quote)).status).toBe(403);
    expect((await (await as(PERSONAS.mona.email)).post(infoPath(SPACES.birchWorks.id), quote)).status).toBe(403);
    const perUser = { ...quote, seatPlans: [{ userPlan: "PRO", quantity: 3 }] };
    expect((await (await as(PERSONAS.quentin.email)).post(infoPath(SPACES.quillCo.id), perUser)).status).toBe(200);
    expect((await (await as(PERSONAS.mona.email)).post(infoPath("5199999999999999"), quote)).status).toBe(404);
    expect((await apiClient(stack.backend).post(infoPath(SPACES.mapleMedia.id), quote)).status).toBe(401);
  });
});
