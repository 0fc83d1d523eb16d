/**
 * Billing API: buying seats (Checkout session v2) through a local Stripe,
 * from the session to the hosted page's payment and the webhooks' effect,
 * then the customer portal and the latest invoice of what was bought.
 */
import type Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PERSONAS, SPACES } from "../../../backend/src/db/seed/personas";
import { apiClient, signedInClient } from "./support/api";
import { payOnHostedPage, startBillingStack, TEST_CARDS } from "./support/billing";

let stack: Awaited<ReturnType<typeof startBillingStack>>;
beforeAll(async () => {
  stack = await startBillingStack();
});
afterAll(() => stack?.close());

const as = (email: string) => signedInClient(stack.backend, email);
const spacePath = (workspaceId: string) => `/billing/workspace-billing/workspaces/${workspaceId}`;
const sessionPath = (workspaceId: string) => `${spacePath(workspaceId)}/stripe/checkout/v2/session`;
let keys = 0;
/** A fresh Idempotency-Key, as the app renders one into each form. */
const idempotencyKey = () => ({ "Idempotency-Key": `billing-checkout-${String(++keys).padStart(6, "0")}` });

/** The billing information form of a purchase of `quantity` PRO YEARLY seats in dollars. */
function purchase(workspaceId: string, quantity: number, extra: Record<string, unknown> = {}) {
  return {
    workspaceId,
    addressInfo: { country: "US", state: "MA", city: "Boston", postalCode: "02110", street: "1 Harbor Way" },
    customerName: "Bea Birch",
    isB2BTransaction: false,
    goBackUrl: "http://localhost:3000/5100000000000017/birch-works/checkout/information",
    successUrl: "http://localhost:3000/5100000000000017/birch-works/space/billing?checkout=success",
    userName: "Bea Birch",
    stripePlans: [{ stripePriceId: "price_pro_yearly_usd", quantity }],
    ...extra,
  };
}

describe("POST …/stripe/checkout/v2/session", () => {
  it("refuses what the billing information form would not send", async () => {
    const bea = await as(PERSONAS.bea.email);
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ addressInfo: { country: "USA", city: "Boston", street: "1 Harbor Way" } }, "addressInfo.country"],
      [{ addressInfo: { country: "US", city: "B", street: "1 Harbor Way" } }, "addressInfo.city"],
      [{ addressInfo: { country: "US", city: "Boston", street: "" } }, "addressInfo.street"],
      [{ customerName: "" }, "customerName"],
      [{ goBackUrl: "/relative" }, "goBackUrl"],
      [{ successUrl: "javascript:alert(1)" }, "successUrl"],
      // Stripe's page sends the buyer back to the app only (APP_ORIGINS), never where a caller chose.
      [{ successUrl: "https://evil.example/5100000000000017/birch-works/space/billing" }, "successUrl"],
      [{ goBackUrl: "http://localhost:3001/checkout/information" }, "goBackUrl"],
      [{ stripePlans: [] }, "stripePlans"],
      [{ isB2BTransaction: true, addressInfo: { country: "DE", city: "Berlin", street: "Weg 1" } }, "companyName"],
      [
        {
          isB2BTransaction: true,
          companyName: "Birch",
          vatNumber: "DE123456789",
          addressInfo: { country: "US", city: "Boston", street: "1 Harbor Way" },
        },
        "isB2BTransaction",
      ],
    ];
    for (const [change, field] of cases) {
      const answer = await bea.post(sessionPath(SPACES.birchWorks.id), purchase(SPACES.birchWorks.id, 3, change));
      expect(answer.status, field).toBe(400);
      expect(answer.body.reason, field).toMatch(new RegExp(`^${field.replace(".", "\\.")}`));
    }
    expect(
      (await bea.post(sessionPath(SPACES.birchWorks.id), purchase(SPACES.aspenWorks.id, 3), idempotencyKey())).status,
    ).toBe(400);
  });

  it("refuses prices it does not sell, of several currencies, or not the buyer country's", async () => {
    const bea = await as(PERSONAS.bea.email);
    const refusal = (reason: string) => ({ status: 400, body: { error: "invalid_request", reason } });
    const withPlans = (stripePlans: unknown[], extra: Record<string, unknown> = {}) =>
      purchase(SPACES.birchWorks.id, 1, { stripePlans, ...extra });
    expect(
      await bea.post(sessionPath(SPACES.birchWorks.id), withPlans([{ stripePriceId: "price_nope", quantity: 1 }])),
    ).toEqual(refusal("unknown_price"));
    expect(
      await bea.post(
        sessionPath(SPACES.birchWorks.id),
        withPlans([
          { stripePriceId: "price_pro_yearly_usd", quantity: 2 },
          { stripePriceId: "price_pro_personal_yearly_eur", quantity: 1 },
        ]),
      ),
    ).toEqual(refusal("unknown_price"));
    expect(
      await bea.post(
        sessionPath(SPACES.birchWorks.id),
        withPlans([{ stripePriceId: "price_pro_yearly_eur", quantity: 2 }]),
      ),
    ).toEqual(refusal("currency_mismatch"));
    expect(
      await bea.post(
        sessionPath(SPACES.birchWorks.id),
        withPlans([{ stripePriceId: "price_pro_monthly_usd", quantity: 2 }]),
      ),
    ).toEqual(refusal("plan_not_sold"));
    expect(
      await bea.post(
        sessionPath(SPACES.birchWorks.id),
        withPlans([{ stripePriceId: "price_pro_yearly_usd", quantity: 101 }]),
      ),
    ).toEqual(refusal("too_many_seats"));
  });

  it("refuses a space that already pays, a caller off the space's domain, and callers without billing access", async () => {
    const mona = await as(PERSONAS.mona.email);
    expect(
      await mona.post(sessionPath(SPACES.mapleMedia.id), purchase(SPACES.mapleMedia.id, 3), idempotencyKey()),
    ).toEqual({ status: 409, body: { error: "conflict", reason: "subscription_exists" } });
    // An admin of a per-seat space has no billing access, even before the existing subscription is seen.
    expect(
      (await (await as(PERSONAS.arlo.email)).post(sessionPath(SPACES.fernStudio.id), purchase(SPACES.fernStudio.id, 2)))
        .status,
    ).toBe(403);
    // owner@acme.test is a member (FREE) of Acme Sales, not its owner; Sara Sales is, on acme.test.
    expect(
      (await (await as(PERSONAS.owner.email)).post(sessionPath(SPACES.acmeSales.id), purchase(SPACES.acmeSales.id, 2)))
        .status,
    ).toBe(403);
    await stack.backend.db
      .updateTable("workspace_domains")
      .set({ domain_name: "elsewhere.test" })
      .where("workspace_id", "=", SPACES.acmeSales.id)
      .execute();
    try {
      expect(
        await (
          await as(PERSONAS.salesLead.email)
        ).post(sessionPath(SPACES.acmeSales.id), purchase(SPACES.acmeSales.id, 2)),
      ).toEqual({ status: 403, body: { error: "forbidden", reason: "domain_mismatch" } });
    } finally {
      await stack.backend.db
        .updateTable("workspace_domains")
        .set({ domain_name: "acme.test" })
        .where("workspace_id", "=", SPACES.acmeSales.id)
        .execute();
    }
    expect(
      (await apiClient(stack.backend).post(sessionPath(SPACES.birchWorks.id), purchase(SPACES.birchWorks.id, 2)))
        .status,
    ).toBe(401);
  });

  it("opens one Checkout Session per Idempotency-Key, for the space's one customer", async () => {
    const ava = await as(PERSONAS.ava.email);
    const key = idempotencyKey();
    const body = purchase(SPACES.aspenWorks.id, 5);
    const sessionsBefore = stack.emulator.state.sessions.size;
    const first = await ava.post(sessionPath(SPACES.aspenWorks.id), body, key);
    expect(first.status).toBe(200);
    expect(first.body).toEqual({
      stripeCheckoutSessionId: expect.stringMatching(/^cs_test_/),
      url: `${stack.emulator.publicUrl}/c/pay/${first.body.stripeCheckoutSessionId}`,
    });
    const again = await ava.post(sessionPath(SPACES.aspenWorks.id), body, key);
    expect(again.body).toEqual(first.body);
    expect(stack.emulator.state.sessions.size).toBe(sessionsBefore + 1);

    const session = await stack.stripe.checkout.sessions.retrieve(first.body.stripeCheckoutSessionId, {
      expand: ["line_items"],
    });
    expect(session).toMatchObject({
      mode: "subscription",
      success_url: body.successUrl,
      cancel_url: body.goBackUrl,
      metadata: { workspaceId: SPACES.aspenWorks.id, userId: PERSONAS.ava.id },
    });
    expect(session.line_items?.data.map((line) => [line.price?.id, line.quantity])).toEqual([
      ["price_pro_yearly_usd", 5],
    ]);
    const customer = await stack.stripe.customers.retrieve(session.customer as string);
    expect(customer).toMatchObject({
      email: PERSONAS.ava.email,
      name: "Bea Birch",
      address: expect.objectContaining({ country: "US", city: "Boston", line1: "1 Harbor Way" }),
      metadata: { workspaceId: SPACES.aspenWorks.id },
    });

    // Another attempt (a new key) reuses the space's customer.
    const other = await ava.post(
      sessionPath(SPACES.aspenWorks.id),
      purchase(SPACES.aspenWorks.id, 2),
      idempotencyKey(),
    );
    const otherSession = await stack.stripe.checkout.sessions.retrieve(other.body.stripeCheckoutSessionId);
    expect(otherSession.customer).toBe(session.customer);
    expect(other.body.stripeCheckoutSessionId).not.toBe(first.body.stripeCheckoutSessionId);
  });
});

describe("a purchase, end to end", () => {
  it("makes the space PRO with the seats bought once Stripe's webhooks arrive, the buyer on a seat", async () => {
    const bea = await as(PERSONAS.bea.email);
    const { status, body } = await bea.post(
      sessionPath(SPACES.birchWorks.id),
      purchase(SPACES.birchWorks.id, 3),
      idempotencyKey(),
    );
    expect(status).toBe(200);
    // Coming back is not what changes the space: the webhooks are.
    const paid = await payOnHostedPage(body.url, TEST_CARDS.pays);
    expect(paid.status).toBe(303);
    expect(paid.headers.get("Location")).toContain("checkout=success");
    await stack.emulator.webhooks.settled();

    const { body: subscriptions } = await bea.get(`${spacePath(SPACES.birchWorks.id)}/subscriptions/v2?status=ACTIVE`);
    expect(subscriptions.items).toEqual([
      expect.objectContaining({
        subscriptionId: expect.stringMatching(/^sub_/),
        workspacePlan: "PRO",
        status: "ACTIVE",
        billingInterval: "YEARLY",
        currency: "USD",
        taxRate: 0,
        amount: 18_000,
        discount: null,
        paymentSource: "STRIPE",
        autoRenew: true,
        scheduledChanges: null,
        stripeSubscriptionScheduleId: null,
        subscriptionPaymentPlans: [
          expect.objectContaining({
            paymentPlanId: "pro-yearly-usd",
            userPlanType: "PRO",
            totalSeats: 3,
            assignedSeats: 1,
            availableSeats: 2,
            unitAmount: 6000,
          }),
        ],
        additionalStripeInfo: expect.objectContaining({
          country: "US",
          latestInvoice: expect.objectContaining({ paid: true, paymentIntent: { status: "succeeded" } }),
          upcomingInvoice: { amountDue: 18_000, dueTimestamp: subscriptions.items[0].endTimestamp },
        }),
      }),
    ]);
    const { body: space } = await (await as(PERSONAS.bea.email)).get(`/api/v1/workspaces/${SPACES.birchWorks.id}`);
    expect(space).toMatchObject({ workspacePlan: "PRO", paymentSource: "STRIPE" });
    expect(space.workspaceFeatures).toContainEqual({ userPlan: "PRO", hasMultiDomain: true, allowedUserCount: 10 });
    const { body: me } = await bea.get("/api/v2/users/me?includeWorkspaces=true");
    expect(
      me.userWorkspaces.find((entry: { workspaceId: string }) => entry.workspaceId === SPACES.birchWorks.id),
    ).toMatchObject({ workspacePlan: "PRO", userPlan: "PRO" });

    // What was bought: the portal and the latest invoice.
    const portal = await bea.get(
      `${spacePath(SPACES.birchWorks.id)}/stripe/customer/v1/portal?returnUrl=${encodeURIComponent("http://localhost:3000/back")}`,
    );
    expect(portal.body).toEqual({
      stripeCustomerPortalUrl: expect.stringContaining(`${stack.emulator.publicUrl}/p/session/`),
    });
    const subscriptionId = subscriptions.items[0].subscriptionId;
    const invoice = await bea.get(
      `${spacePath(SPACES.birchWorks.id)}/subscriptions/v2/${subscriptionId}/latest-invoice/v1`,
    );
    expect(invoice).toEqual({
      status: 200,
      body: {
        invoiceId: expect.stringMatching(/^in_/),
        paid: true,
        amountDue: 18_000,
        hostedInvoiceUrl: expect.stringContaining("/i/"),
        paymentIntent: { status: "succeeded", clientSecret: expect.anything() },
      },
    });
    // Bought once: a second purchase is refused.
    expect(
      (await bea.post(sessionPath(SPACES.birchWorks.id), purchase(SPACES.birchWorks.id, 3), idempotencyKey())).body
        .reason,
    ).toBe("subscription_exists");
  });
});

describe("a business purchase in euros", () => {
  it("registers the VAT number (400 tax_id_invalid when Stripe refuses it) and charges the coupon and the country's VAT", async () => {
    const sara = await as(PERSONAS.salesLead.email);
    const business = (vatNumber: string) =>
      purchase(SPACES.acmeSales.id, 5, {
        addressInfo: { country: "DE", city: "Berlin", postalCode: "10115", street: "Unter den Linden 1" },
        isB2BTransaction: true,
        companyName: "Acme Sales GmbH",
        customerName: "Sara Sales",
        vatNumber,
        stripePlans: [{ stripePriceId: "price_pro_yearly_eur", quantity: 5 }],
      });
    expect(await sara.post(sessionPath(SPACES.acmeSales.id), business("12345"), idempotencyKey())).toEqual({
      status: 400,
      body: { error: "invalid_request", reason: "tax_id_invalid" },
    });
    const { status, body } = await sara.post(
      sessionPath(SPACES.acmeSales.id),
      business("DE123456789"),
      idempotencyKey(),
    );
    expect(status).toBe(200);
    const session = await stack.stripe.checkout.sessions.retrieve(body.stripeCheckoutSessionId);
    expect(session).toMatchObject({ currency: "eur", amount_subtotal: 30_000, amount_total: 28_560 });
    const customer = await stack.stripe.customers.retrieve(session.customer as string, { expand: ["tax_ids"] });
    expect(customer).toMatchObject({ name: "Acme Sales GmbH", address: expect.objectContaining({ country: "DE" }) });
    expect((customer as Stripe.Customer).tax_ids?.data.map((taxId) => [taxId.type, taxId.value])).toEqual([
      ["eu_vat", "DE123456789"],
    ]);

    await payOnHostedPage(body.url, TEST_CARDS.pays);
    await stack.emulator.webhooks.settled();
    const { body: subscriptions } = await sara.get(`${spacePath(SPACES.acmeSales.id)}/subscriptions/v2?status=ACTIVE`);
    expect(subscriptions.items).toEqual([
      expect.objectContaining({
        currency: "EUR",
        taxRate: 19,
        amount: 24_000,
        discount: 20,
        additionalStripeInfo: expect.objectContaining({
          country: "DE",
          companyName: "Acme Sales GmbH",
          couponId: "5SEATS",
          upcomingInvoice: expect.objectContaining({ amountDue: 28_560 }),
        }),
      }),
    ]);
    const invoice = await sara.get(
      `${spacePath(SPACES.acmeSales.id)}/subscriptions/v2/${subscriptions.items[0].subscriptionId}/latest-invoice/v1`,
    );
    expect(invoice.body).toMatchObject({ paid: true, amountDue: 28_560 });
  });
});

describe("a Gmail purchase", () => {
  it("gives the Gmail buyer the Pro Gmail seat (PRO_PERSONAL)", async () => {
    const solo = await as(PERSONAS.solo.email);
    const { body } = await solo.post(
      sessionPath(SPACES.samsSpace.id),
      purchase(SPACES.samsSpace.id, 1, {
        customerName: "Sam Solo",
        stripePlans: [{ stripePriceId: "price_pro_personal_yearly_usd", quantity: 1 }],
      }),
      idempotencyKey(),
    );
    await payOnHostedPage(body.url, TEST_CARDS.pays);
    await stack.emulator.webhooks.settled();
    const { body: me } = await solo.get("/api/v2/users/me?includeWorkspaces=true");
    expect(
      me.userWorkspaces.find((entry: { workspaceId: string }) => entry.workspaceId === SPACES.samsSpace.id),
    ).toMatchObject({ workspacePlan: "PRO", userPlan: "PRO_PERSONAL" });
    const { body: subscriptions } = await solo.get(`${spacePath(SPACES.samsSpace.id)}/subscriptions/v2`);
    expect(subscriptions.items[0].subscriptionPaymentPlans).toEqual([
      expect.objectContaining({ paymentPlanId: "pro-personal-yearly-usd", totalSeats: 1, assignedSeats: 1 }),
    ]);
  });
});

describe("customer portal and latest invoice", () => {
  it("answer 404 without a Stripe customer or invoice, and need billing access", async () => {
    const returnUrl = `?returnUrl=${encodeURIComponent("http://localhost:3000/back")}`;
    // Kiln Works pays offline: no Stripe customer, no invoice.
    const kai = await as(PERSONAS.kai.email);
    expect(await kai.get(`${spacePath(SPACES.kilnWorks.id)}/stripe/customer/v1/portal${returnUrl}`)).toEqual({
      status: 404,
      body: { error: "customer_not_found" },
    });
    expect(
      await kai.get(`${spacePath(SPACES.kilnWorks.id)}/subscriptions/v2/offline_kiln_works/latest-invoice/v1`),
    ).toEqual({ status: 404, body: { error: "invoice_not_found" } });
    expect(
      (await kai.get(`${spacePath(SPACES.kilnWorks.id)}/subscriptions/v2/sub_maple_media/latest-invoice/v1`)).body,
    ).toEqual({ error: "subscription_not_found" });
    expect(
      (
        await (
          await as(PERSONAS.mel.email)
        ).get(`${spacePath(SPACES.mapleMedia.id)}/stripe/customer/v1/portal${returnUrl}`)
      ).status,
    ).toBe(403);
    expect(
      (
        await (
          await as(PERSONAS.mona.email)
        ).get(`${spacePath(SPACES.mapleMedia.id)}/stripe/customer/v1/portal?returnUrl=/x`)
      ).status,
    ).toBe(400);
    expect(
      (
        await (
          await as(PERSONAS.mona.email)
        ).get(
          `${spacePath(SPACES.mapleMedia.id)}/stripe/customer/v1/portal?returnUrl=${encodeURIComponent("https://evil.example/")}`,
        )
      ).body,
    ).toEqual({ error: "invalid_request", reason: "returnUrl: not at the app's origin" });
  });
});
