/**
 * Billing API, per user (backend/README.md "Per-user and legacy billing"):
 * the v1 quote with every rule, a purchase through the hosted Checkout, and
 * the per-user update (charged now, uncharged now, at renewal through a
 * schedule) against a local Stripe.
 */
import { describe, expect, it } from "vitest";
import { PERSONAS, SPACES } from "../../../backend/src/db/seed/personas";
import { apiClient, signedInClient } from "./support/api";
import { payOnHostedPage, TEST_CARDS, useBillingStack } from "./support/billing";

const billingStack = useBillingStack();

const DAY_MS = 86_400_000;
const as = (email: string) => signedInClient(billingStack().backend, email);
const spacePath = (workspaceId: string) => `/billing/workspace-billing/workspaces/${workspaceId}`;
const infoPath = (workspaceId: string, preview = true) =>
  `${spacePath(workspaceId)}/stripe/checkout/v1/info?previewProratedChanges=${preview}`;
const updatePath = (workspaceId: string, subscriptionId: string) =>
  `${spacePath(workspaceId)}/subscriptions/v1/${subscriptionId}`;
let keys = 0;
/** A fresh Idempotency-Key, as the app renders one into each form. */
const idempotencyKey = () => ({ "Idempotency-Key": `billing-per-user-${String(++keys).padStart(6, "0")}` });
const conflictWith = (reason: string) => ({ status: 409, body: { error: "conflict", reason } });
const refusal = (reason: string) => ({ status: 400, body: { error: "invalid_request", reason } });

/** A per-user quote's body: the plan and interval, with these users' wanted plans. */
const quoteBody = (
  workspacePlan: string,
  billingInterval: string,
  userUpdates: Array<[string, string]> = [],
  extra: Record<string, unknown> = {},
) => ({
  purchaseType: "B2C",
  country: "US",
  workspacePlan,
  billingInterval,
  userUpdates: userUpdates.map(([userId, userPlan]) => ({ userId, userPlan })),
  ...extra,
});

/** The per-user update's body. */
const updateBody = (workspacePlan: string, billingInterval: string, users: Array<[string, string]> = []) => ({
  workspacePlan,
  billingInterval,
  workspaceUserPlans: users.map(([userId, userPlan]) => ({ userId, userPlan })),
});

async function subscriptionRow(id: string) {
  return billingStack()
    .backend.db.selectFrom("subscriptions")
    .selectAll()
    .where("id", "=", id)
    .executeTakeFirstOrThrow();
}

async function member(workspaceId: string, userId: string) {
  return billingStack()
    .backend.db.selectFrom("workspace_members")
    .select(["user_plan", "scheduled_downgrade"])
    .where("workspace_id", "=", workspaceId)
    .where("user_id", "=", userId)
    .executeTakeFirst();
}

/** The Stripe subscription's items as `lookup_key × quantity`. */
async function stripeItems(subscriptionId: string) {
  const subscription = await billingStack().stripe.subscriptions.retrieve(subscriptionId);
  return subscription.items.data.map((item) => `${item.price.lookup_key} × ${item.quantity}`).sort();
}

/** What the space's active subscription says once Stripe's events are in. */
async function activeSubscription(email: string, workspaceId: string) {
  await billingStack().emulator.webhooks.settled();
  const { body } = await (await as(email)).get(`${spacePath(workspaceId)}/subscriptions/v2?status=ACTIVE`);
  return body.items[0];
}

/** What `amount` a year costs for what is left of the subscription's period, within a cent per line. */
async function proratedNow(subscriptionId: string, yearlyAmount: number) {
  const row = await subscriptionRow(subscriptionId);
  return Math.round((yearlyAmount * (row.end_timestamp - Date.now())) / (row.end_timestamp - row.start_timestamp));
}

describe("POST …/stripe/checkout/v1/info", () => {
  it("quotes Bigco as it is: paid and Gmail-paid users, the limit, and who cannot be made paid", async () => {
    const { status, body } = await (
      await as(PERSONAS.premium.email)
    ).post(infoPath(SPACES.bigco.id), quoteBody("PREMIUM", "YEARLY"));
    expect(status).toBe(200);
    const row = await subscriptionRow("sub_bigco");
    expect(body).toEqual({
      currency: "USD",
      taxRate: 0,
      proratedDays: Math.ceil((row.end_timestamp - Date.now()) / DAY_MS),
      chargedToday: 0,
      totalAmount: 51_600,
      totalBeforeTax: 51_600,
      currentAmount: 51_600,
      currentBillingInterval: "YEARLY",
      targetBillingInterval: "YEARLY",
      nextPaymentTimestamp: String(row.end_timestamp),
      couponId: null,
      couponPercentOff: null,
      stripePlans: [
        {
          stripePriceId: "price_premium_yearly_usd",
          paymentPlanId: "premium-yearly-usd",
          userPlan: "PRO",
          quantity: 4,
          unitAmount: 12_000,
          totalAmount: 48_000,
        },
        {
          stripePriceId: "price_pro_personal_yearly_usd",
          paymentPlanId: "pro-personal-yearly-usd",
          userPlan: "PRO_PERSONAL",
          quantity: 1,
          unitAmount: 3600,
          totalAmount: 3600,
        },
      ],
      currentWorkspacePlan: "PREMIUM",
      targetWorkspacePlan: "PREMIUM",
      paidUsers: { count: 4, unitAmount: 12_000, totalAmount: 48_000 },
      gmailPaidUsers: { count: 1, unitAmount: 3600, totalAmount: 3600 },
      userChanges: { upgraded: 0, gmailUpgraded: 0, downgraded: 0, gmailDowngraded: 0 },
      maxPaidUsers: 500,
      userRestrictions: [{ userId: PERSONAS.hanaHolt.id, errorCode: "already_paid_user" }],
    });
  });

  it("charges users made paid for the time left, and nothing for users downgraded at renewal", async () => {
    const priya = await as(PERSONAS.premium.email);
    const up = await priya.post(
      infoPath(SPACES.bigco.id),
      quoteBody("PREMIUM", "YEARLY", [
        [PERSONAS.hugoHart.id, "PRO"],
        [PERSONAS.gabeGmail.id, "PRO"],
      ]),
    );
    const expected = await proratedNow("sub_bigco", 12_000 + 3600);
    expect(Math.abs(up.body.chargedToday - expected)).toBeLessThanOrEqual(2);
    expect(up.body).toMatchObject({
      totalAmount: 5 * 12_000 + 2 * 3600,
      paidUsers: { count: 5 },
      gmailPaidUsers: { count: 2, totalAmount: 7200 },
      userChanges: { upgraded: 1, gmailUpgraded: 1, downgraded: 0, gmailDowngraded: 0 },
    });
    expect(
      (
        await priya.post(
          infoPath(SPACES.bigco.id, false),
          quoteBody("PREMIUM", "YEARLY", [[PERSONAS.hugoHart.id, "PRO"]]),
        )
      ).body,
    ).toMatchObject({ chargedToday: 0, proratedDays: null, totalAmount: 63_600 });
    const down = await priya.post(
      infoPath(SPACES.bigco.id),
      quoteBody("PREMIUM", "YEARLY", [
        [PERSONAS.liamLopez.id, "FREE"],
        [PERSONAS.ginaGmail.id, "FREE"],
      ]),
    );
    expect(down.body).toMatchObject({
      chargedToday: 0,
      totalAmount: 36_000,
      stripePlans: [expect.objectContaining({ quantity: 3 })],
      userChanges: { upgraded: 0, gmailUpgraded: 0, downgraded: 1, gmailDowngraded: 1 },
    });
  });

  it("quotes Premium to Pro and a billing-cycle change for the renewal, and refuses both at once", async () => {
    const priya = await as(PERSONAS.premium.email);
    expect((await priya.post(infoPath(SPACES.bigco.id), quoteBody("PRO", "YEARLY"))).body).toMatchObject({
      chargedToday: 0,
      totalAmount: 4 * 6000 + 3600,
      targetWorkspacePlan: "PRO",
      maxPaidUsers: 10,
    });
    expect((await priya.post(infoPath(SPACES.bigco.id), quoteBody("PREMIUM", "MONTHLY"))).body).toMatchObject({
      chargedToday: 0,
      totalAmount: 4 * 4000 + 1000,
      currentBillingInterval: "YEARLY",
      targetBillingInterval: "MONTHLY",
      stripePlans: [
        expect.objectContaining({ paymentPlanId: "premium-monthly-usd" }),
        expect.objectContaining({ paymentPlanId: "pro-personal-monthly-usd" }),
      ],
    });
    expect(await priya.post(infoPath(SPACES.bigco.id), quoteBody("PRO", "MONTHLY"))).toEqual(
      conflictWith("cannot-update-subscription-plan-and-interval"),
    );
  });

  it("keeps a planned cycle change, and refuses another cycle change while it is planned (Willow Co)", async () => {
    const wren = await as(PERSONAS.wren.email);
    expect(await wren.post(infoPath(SPACES.willowCo.id), quoteBody("PRO", "YEARLY"))).toEqual(
      conflictWith("cannot-change-billing-cycle-when-scheduled"),
    );
    const { body } = await wren.post(
      infoPath(SPACES.willowCo.id),
      quoteBody("PRO", "MONTHLY", [[PERSONAS.wes.id, "PRO"]]),
    );
    const expected = await proratedNow("sub_willow_co", 2000);
    expect(Math.abs(body.chargedToday - expected)).toBeLessThanOrEqual(1);
    expect(body).toMatchObject({
      currentBillingInterval: "MONTHLY",
      targetBillingInterval: "YEARLY",
      totalAmount: 3 * 6000,
      currentAmount: 2 * 2000,
    });
  });

  it("keeps a subscription on monthly billing under MONTHLY_BILLING, which only holds a move to it back", async () => {
    const restrict = (restrictions: Record<string, boolean>) =>
      billingStack()
        .backend.db.updateTable("workspaces")
        .set({ restrictions: JSON.stringify(restrictions) })
        .where("id", "in", [SPACES.willowCo.id, SPACES.deltaGroup.id])
        .execute();
    await restrict({ MONTHLY_BILLING: true, PREMIUM_PLAN: true });
    try {
      const wes: Array<[string, string]> = [[PERSONAS.wes.id, "PRO"]];
      const wren = await as(PERSONAS.wren.email);
      expect((await wren.post(infoPath(SPACES.willowCo.id), quoteBody("PRO", "MONTHLY", wes))).status).toBe(200);
      expect(await wren.post(infoPath(SPACES.willowCo.id), quoteBody("PREMIUM", "MONTHLY"))).toEqual(
        refusal("plan_not_sold"),
      );
      expect(
        await (await as(PERSONAS.dora.email)).post(infoPath(SPACES.deltaGroup.id), quoteBody("PRO", "MONTHLY")),
      ).toEqual(refusal("plan_not_sold"));
    } finally {
      await restrict({});
    }
  });

  it("refuses Pro for users of two domains (Delta Group), and takes Premium", async () => {
    const dora = await as(PERSONAS.dora.email);
    expect(await dora.post(infoPath(SPACES.deltaGroup.id), quoteBody("PRO", "YEARLY"))).toEqual(
      conflictWith("multiple_domains"),
    );
    const premium = await dora.post(infoPath(SPACES.deltaGroup.id), quoteBody("PREMIUM", "YEARLY"));
    expect(premium.status).toBe(200);
    expect(premium.body.chargedToday).toBeGreaterThan(0);
  });

  it("refuses a user paid elsewhere, a stranger, nobody paid, and a member not available", async () => {
    const priya = await as(PERSONAS.premium.email);
    const quote = (users: Array<[string, string]>) =>
      priya.post(infoPath(SPACES.bigco.id), quoteBody("PREMIUM", "YEARLY", users));
    expect(await quote([[PERSONAS.hanaHolt.id, "PRO"]])).toEqual(conflictWith("already_paid_user"));
    expect(await quote([[PERSONAS.owner.id, "PRO"]])).toEqual({ status: 404, body: { error: "member_not_found" } });
    const everyone = [
      PERSONAS.premium,
      PERSONAS.noahNguyen,
      PERSONAS.emmaEvans,
      PERSONAS.liamLopez,
      PERSONAS.ginaGmail,
    ].map((persona): [string, string] => [persona.id, "FREE"]);
    expect(await quote(everyone)).toEqual(conflictWith("no_paid_user"));
    await billingStack()
      .backend.db.updateTable("workspace_members")
      .set({ status: "FREE_TRIAL", free_trial_end_timestamp: Date.now() + DAY_MS })
      .where("workspace_id", "=", SPACES.bigco.id)
      .where("user_id", "=", PERSONAS.hugoHart.id)
      .execute();
    try {
      expect(await quote([[PERSONAS.hugoHart.id, "PRO"]])).toEqual(conflictWith("user_not_available"));
    } finally {
      await billingStack()
        .backend.db.updateTable("workspace_members")
        .set({ status: "ACTIVE", free_trial_end_timestamp: null })
        .where("workspace_id", "=", SPACES.bigco.id)
        .where("user_id", "=", PERSONAS.hugoHart.id)
        .execute();
    }
  });

  it("refuses more paid users than the plan allows, and lists the free ones once the limit is reached", async () => {
    // Juniper Co (FREE) gets 9 more free members: 12 in all.
    const extra = Array.from({ length: 9 }, (_, index) => ({
      id: `69000000000000${String(index).padStart(2, "0")}`,
      email: `extra${index}@juniper.test`,
    }));
    for (const user of extra) {
      await billingStack()
        .backend.db.insertInto("users")
        .values({
          id: user.id,
          email: user.email,
          name: user.email,
          picture: null,
          is_personal: 0,
          installation_timestamp: null,
          last_update_timestamp: Date.now(),
          domain_name: "juniper.test",
          addon_workspace_id: SPACES.juniperCo.id,
          is_per_seat: 0,
          license_subscription_id: null,
          license_payment_source: null,
          total_mails_sent: 0,
        })
        .execute();
      await billingStack()
        .backend.db.insertInto("workspace_members")
        .values({
          workspace_id: SPACES.juniperCo.id,
          user_id: user.id,
          role: "MEMBER",
          user_plan: "FREE",
          status: "ACTIVE",
          seat_type: "ADDED_YAMM_USER",
          create_timestamp: Date.now(),
          last_update_timestamp: Date.now(),
          free_trial_end_timestamp: null,
          last_become_paid_timestamp: null,
        })
        .execute();
    }
    try {
      const june = await as(PERSONAS.june.email);
      const paid = (count: number): Array<[string, string]> =>
        [PERSONAS.june.id, PERSONAS.jack.id, ...extra.map((user) => user.id)].slice(0, count).map((id) => [id, "PRO"]);
      expect(await june.post(infoPath(SPACES.juniperCo.id), quoteBody("PRO", "YEARLY", paid(11)))).toEqual(
        conflictWith("max_users_reached"),
      );
      const full = await june.post(infoPath(SPACES.juniperCo.id), quoteBody("PRO", "YEARLY", paid(10)));
      expect(full.body.userRestrictions).toEqual([
        { userId: extra[8]!.id, errorCode: "max_users_reached" },
        { userId: PERSONAS.jillGmail.id, errorCode: "max_users_reached" },
      ]);
      expect((await june.post(infoPath(SPACES.juniperCo.id), quoteBody("PREMIUM", "YEARLY", paid(11)))).status).toBe(
        200,
      );
    } finally {
      const ids = extra.map((user) => user.id);
      await billingStack().backend.db.deleteFrom("workspace_members").where("user_id", "in", ids).execute();
      await billingStack().backend.db.deleteFrom("users").where("id", "in", ids).execute();
    }
  });

  it("quotes a purchase in the buyer's currency, charged today", async () => {
    const june = await as(PERSONAS.june.email);
    const users: Array<[string, string]> = [
      [PERSONAS.june.id, "PRO"],
      [PERSONAS.jack.id, "PRO"],
      [PERSONAS.jillGmail.id, "PRO"],
    ];
    expect((await june.post(infoPath(SPACES.juniperCo.id), quoteBody("PRO", "YEARLY", users))).body).toMatchObject({
      currency: "USD",
      chargedToday: 15_600,
      totalAmount: 15_600,
      currentAmount: 0,
      currentBillingInterval: null,
      currentWorkspacePlan: "FREE",
      paidUsers: { count: 2, unitAmount: 6000, totalAmount: 12_000 },
      gmailPaidUsers: { count: 1, unitAmount: 3600, totalAmount: 3600 },
      userChanges: { upgraded: 2, gmailUpgraded: 1, downgraded: 0, gmailDowngraded: 0 },
    });
    expect(
      (await june.post(infoPath(SPACES.juniperCo.id), quoteBody("PREMIUM", "MONTHLY", users, { country: "DE" }))).body,
    ).toMatchObject({ currency: "EUR", taxRate: 19, totalBeforeTax: 9000, totalAmount: 10_710, chargedToday: 10_710 });
  });

  it("answers only per-user spaces, billing access, the right legacy flag and well-formed bodies", async () => {
    const body = quoteBody("PRO", "YEARLY");
    expect(await (await as(PERSONAS.owner.email)).post(infoPath(SPACES.acmeMarketing.id), body)).toEqual(
      conflictWith("per_seat_space"),
    );
    expect(
      (await (await as(PERSONAS.noahNguyen.email)).post(infoPath(SPACES.bigco.id), quoteBody("PREMIUM", "YEARLY")))
        .status,
    ).toBe(200);
    expect((await (await as(PERSONAS.emmaEvans.email)).post(infoPath(SPACES.bigco.id), body)).status).toBe(403);
    expect((await apiClient(billingStack().backend).post(infoPath(SPACES.bigco.id), body)).status).toBe(401);
    expect(await (await as(PERSONAS.legacy.email)).post(infoPath(SPACES.oldcoTeam.id), body)).toEqual(
      conflictWith("upgrade_legacy_subscription_required"),
    );
    expect(
      await (
        await as(PERSONAS.premium.email)
      ).post(infoPath(SPACES.bigco.id), quoteBody("PREMIUM", "YEARLY", [], { upgradeLegacySubscription: true })),
    ).toEqual(conflictWith("no_legacy_subscription"));
    const june = await as(PERSONAS.june.email);
    for (const bad of [
      quoteBody("FREE", "YEARLY"),
      quoteBody("PRO", "WEEKLY"),
      quoteBody("PRO", "YEARLY", [], { country: "usa" }),
      quoteBody("PRO", "YEARLY", [
        [PERSONAS.june.id, "PRO"],
        [PERSONAS.june.id, "FREE"],
      ]),
      quoteBody("PRO", "YEARLY", [[PERSONAS.june.id, "GOLD"]]),
    ]) {
      const answer = await june.post(infoPath(SPACES.juniperCo.id), bad);
      expect(answer.status, JSON.stringify(bad)).toBe(400);
    }
    await billingStack()
      .backend.db.updateTable("workspaces")
      .set({ restrictions: JSON.stringify({ PREMIUM_PLAN: true, MONTHLY_BILLING: true }) })
      .where("id", "=", SPACES.juniperCo.id)
      .execute();
    try {
      const users: Array<[string, string]> = [[PERSONAS.june.id, "PRO"]];
      expect(await june.post(infoPath(SPACES.juniperCo.id), quoteBody("PREMIUM", "YEARLY", users))).toEqual(
        refusal("plan_not_sold"),
      );
      expect(await june.post(infoPath(SPACES.juniperCo.id), quoteBody("PRO", "MONTHLY", users))).toEqual(
        refusal("plan_not_sold"),
      );
    } finally {
      await billingStack()
        .backend.db.updateTable("workspaces")
        .set({ restrictions: "{}" })
        .where("id", "=", SPACES.juniperCo.id)
        .execute();
    }
  });
});

describe("POST …/stripe/checkout/v1/session", () => {
  const sessionPath = `${spacePath(SPACES.juniperCo.id)}/stripe/checkout/v1/session`;
  /** Juniper Co's billing information form with these plans. */
  const purchase = (
    plans: Array<{ stripePriceId: string; userIds: string[]; downgradeToFree?: boolean }>,
    extra: Record<string, unknown> = {},
  ) => ({
    workspaceId: SPACES.juniperCo.id,
    addressInfo: { country: "US", city: "Portland", street: "1 Juniper Way" },
    customerName: "June Juniper",
    isB2BTransaction: false,
    goBackUrl: "http://localhost:3000/5100000000000024/juniper-co/checkout/information",
    successUrl: "http://localhost:3000/5100000000000024/juniper-co/space/billing?checkout=success",
    userName: "June Juniper",
    plans: plans.map((plan) => ({ downgradeToFree: false, ...plan })),
    ...extra,
  });
  const domainUsers = { stripePriceId: "price_pro_yearly_usd", userIds: [PERSONAS.june.id, PERSONAS.jack.id] };
  const gmailUser = { stripePriceId: "price_pro_personal_yearly_usd", userIds: [PERSONAS.jillGmail.id] };

  it("refuses plans it does not sell, users on the wrong price, and what a purchase may not be", async () => {
    const june = await as(PERSONAS.june.email);
    const post = (body: unknown) => june.post(sessionPath, body, idempotencyKey());
    expect(await post(purchase([{ ...domainUsers, stripePriceId: "price_team_5_yearly_usd" }]))).toEqual(
      refusal("plan_not_sold"),
    );
    expect(
      await post(purchase([domainUsers, { ...gmailUser, stripePriceId: "price_pro_personal_monthly_usd" }])),
    ).toEqual(refusal("plan_not_sold"));
    expect(await post(purchase([{ ...gmailUser, stripePriceId: "price_pro_yearly_usd" }]))).toEqual(
      refusal("user_plan_mismatch"),
    );
    expect(await post(purchase([{ ...domainUsers, stripePriceId: "price_pro_yearly_eur" }]))).toEqual(
      refusal("currency_mismatch"),
    );
    expect(await post(purchase([{ ...domainUsers, stripePriceId: "price_nope" }]))).toEqual(refusal("unknown_price"));
    expect((await post(purchase([domainUsers, { ...gmailUser, userIds: [PERSONAS.june.id] }]))).status).toBe(400);
    expect((await post(purchase([{ ...domainUsers, downgradeToFree: true }]))).status).toBe(400);
    expect(await post(purchase([{ ...domainUsers, userIds: [PERSONAS.owner.id] }]))).toEqual({
      status: 404,
      body: { error: "member_not_found" },
    });
    for (const [email, space, reason] of [
      [PERSONAS.premium.email, SPACES.bigco, "subscription_exists"],
      [PERSONAS.bea.email, SPACES.birchWorks, "per_seat_space"],
    ] as const) {
      const answer = await (
        await as(email)
      ).post(`${spacePath(space.id)}/stripe/checkout/v1/session`, purchase([domainUsers], { workspaceId: space.id }));
      expect(answer).toEqual(conflictWith(reason));
    }
  });

  it("sells the chosen users through the hosted Checkout; Stripe's event makes them paid", async () => {
    const june = await as(PERSONAS.june.email);
    const { status, body } = await june.post(sessionPath, purchase([domainUsers, gmailUser]), idempotencyKey());
    expect(status).toBe(200);
    expect(body.url).toMatch(/\/c\/pay\/cs_/);
    const session = await billingStack().stripe.checkout.sessions.retrieve(body.stripeCheckoutSessionId, {
      expand: ["line_items"],
    });
    expect(session.amount_total).toBe(15_600);
    expect(session.metadata).toMatchObject({ workspaceId: SPACES.juniperCo.id, workspacePlan: "PRO" });
    expect(session.line_items?.data.map((line) => [line.price?.lookup_key, line.quantity])).toEqual([
      ["pro-yearly-usd", 2],
      ["pro-personal-yearly-usd", 1],
    ]);
    // Nothing is paid before Stripe says so.
    expect(await member(SPACES.juniperCo.id, PERSONAS.jack.id)).toMatchObject({ user_plan: "FREE" });

    expect((await payOnHostedPage(body.url, TEST_CARDS.pays)).status).toBe(303);
    const active = await activeSubscription(PERSONAS.june.email, SPACES.juniperCo.id);
    expect(active).toMatchObject({ workspacePlan: "PRO", amount: 15_600, discount: null, legacyUpgrade: null });
    expect(await member(SPACES.juniperCo.id, PERSONAS.june.id)).toMatchObject({ user_plan: "PRO" });
    expect(await member(SPACES.juniperCo.id, PERSONAS.jack.id)).toMatchObject({ user_plan: "PRO" });
    expect(await member(SPACES.juniperCo.id, PERSONAS.jillGmail.id)).toMatchObject({ user_plan: "PRO_PERSONAL" });
    const space = await billingStack()
      .backend.db.selectFrom("workspaces")
      .select(["plan", "payment_source"])
      .where("id", "=", SPACES.juniperCo.id)
      .executeTakeFirstOrThrow();
    expect(space).toEqual({ plan: "PRO", payment_source: "STRIPE" });
    expect(await june.post(sessionPath, purchase([domainUsers]), idempotencyKey())).toEqual(
      conflictWith("subscription_exists"),
    );
  });
});

describe("PUT …/subscriptions/v1/{subscriptionId}: the per-user update", () => {
  it("charges a user made paid now, once per Idempotency-Key, and makes them paid at once", async () => {
    const priya = await as(PERSONAS.premium.email);
    const body = updateBody("PREMIUM", "YEARLY", [[PERSONAS.hugoHart.id, "PRO"]]);
    const quote = await priya.post(
      infoPath(SPACES.bigco.id),
      quoteBody("PREMIUM", "YEARLY", [[PERSONAS.hugoHart.id, "PRO"]]),
    );
    const key = idempotencyKey();
    const call = () => priya.put(updatePath(SPACES.bigco.id, "sub_bigco"), body, key);
    const first = await call();
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({
      subscriptionId: "sub_bigco",
      latestInvoice: { paid: true, paymentIntent: { status: "succeeded" } },
    });
    expect(await call()).toEqual(first);
    const invoice = await billingStack().stripe.invoices.retrieve(first.body.latestInvoice.invoiceId);
    expect(Math.abs(invoice.amount_due - quote.body.chargedToday)).toBeLessThanOrEqual(2);
    expect(await member(SPACES.bigco.id, PERSONAS.hugoHart.id)).toMatchObject({ user_plan: "PRO" });
    expect(await stripeItems("sub_bigco")).toEqual(["premium-yearly-usd × 5", "pro-personal-yearly-usd × 1"]);
    const active = await activeSubscription(PERSONAS.premium.email, SPACES.bigco.id);
    expect(active.subscriptionPaymentPlans).toEqual([
      expect.objectContaining({ paymentPlanId: "premium-yearly-usd", totalSeats: 5, assignedSeats: 5 }),
      expect.objectContaining({ paymentPlanId: "pro-personal-yearly-usd", totalSeats: 1 }),
    ]);
  });

  it("downgrades a paid user at renewal without charge: the seat leaves Stripe, the member is marked", async () => {
    const priya = await as(PERSONAS.premium.email);
    const answer = await priya.put(
      updatePath(SPACES.bigco.id, "sub_bigco"),
      updateBody("PREMIUM", "YEARLY", [[PERSONAS.liamLopez.id, "FREE"]]),
    );
    expect(answer).toEqual({ status: 200, body: { subscriptionId: "sub_bigco", latestInvoice: null } });
    expect(await member(SPACES.bigco.id, PERSONAS.liamLopez.id)).toEqual({ user_plan: "PRO", scheduled_downgrade: 1 });
    expect(await stripeItems("sub_bigco")).toEqual(["premium-yearly-usd × 4", "pro-personal-yearly-usd × 1"]);
    const { body } = await priya.get(`/api/v1/workspaces/${SPACES.bigco.id}/members?filterBy=search:liam`);
    expect(body.items[0]).toMatchObject({ userPlan: "PRO", isScheduledToBeDowngraded: true });
  });

  it("plans a yearly to monthly change at renewal through a schedule, re-phased by a later user change", async () => {
    const priya = await as(PERSONAS.premium.email);
    const path = updatePath(SPACES.bigco.id, "sub_bigco");
    expect((await priya.put(path, updateBody("PREMIUM", "MONTHLY"))).body).toEqual({
      subscriptionId: "sub_bigco",
      latestInvoice: null,
    });
    let active = await activeSubscription(PERSONAS.premium.email, SPACES.bigco.id);
    expect(active).toMatchObject({
      billingInterval: "YEARLY",
      scheduledChanges: { targetBillingInterval: "MONTHLY" },
      stripeSubscriptionScheduleId: expect.stringMatching(/^sub_sched_/),
    });
    const scheduleId = active.stripeSubscriptionScheduleId;
    const phases = async () =>
      (await billingStack().stripe.subscriptionSchedules.retrieve(scheduleId)).phases.map((phase) =>
        phase.items.map((item) => `${item.price} × ${item.quantity}`).sort(),
      );
    expect(await phases()).toEqual([
      ["price_premium_yearly_usd × 4", "price_pro_personal_yearly_usd × 1"],
      ["price_premium_monthly_usd × 4", "price_pro_personal_monthly_usd × 1"],
    ]);
    expect(await priya.put(path, updateBody("PRO", "MONTHLY"))).toEqual(
      conflictWith("cannot-update-subscription-plan-and-interval"),
    );
    expect(await priya.put(path, updateBody("PREMIUM", "MONTHLY"))).toEqual(
      conflictWith("cannot-change-billing-cycle-when-scheduled"),
    );

    // The same interval keeps the planned change; Gabe made paid joins both phases.
    const gabe = await priya.put(path, updateBody("PREMIUM", "YEARLY", [[PERSONAS.gabeGmail.id, "PRO"]]));
    expect(gabe.body.latestInvoice).toMatchObject({ paid: true });
    expect(await phases()).toEqual([
      ["price_premium_yearly_usd × 4", "price_pro_personal_yearly_usd × 2"],
      ["price_premium_monthly_usd × 4", "price_pro_personal_monthly_usd × 2"],
    ]);
    active = await activeSubscription(PERSONAS.premium.email, SPACES.bigco.id);
    expect(active).toMatchObject({
      scheduledChanges: { targetBillingInterval: "MONTHLY" },
      stripeSubscriptionScheduleId: scheduleId,
      additionalStripeInfo: { upcomingInvoice: { amountDue: 4 * 4000 + 2 * 1000 } },
    });

    // Cancelled from the billing page: the schedule is released.
    expect(await priya.put(path, { cancelScheduledBillingIntervalChange: true })).toEqual({
      status: 200,
      body: { subscriptionId: "sub_bigco" },
    });
    expect((await billingStack().stripe.subscriptionSchedules.retrieve(scheduleId)).status).toBe("released");
  });

  it("plans a cycle change and a user's downgrade in one update, Stripe's events of the seats keeping the plan", async () => {
    const june = await as(PERSONAS.june.email);
    const answer = await june.put(
      updatePath(
        SPACES.juniperCo.id,
        (await activeSubscription(PERSONAS.june.email, SPACES.juniperCo.id)).subscriptionId,
      ),
      updateBody("PRO", "MONTHLY", [[PERSONAS.jack.id, "FREE"]]),
      idempotencyKey(),
    );
    expect(answer.body.latestInvoice).toBeNull();
    const active = await activeSubscription(PERSONAS.june.email, SPACES.juniperCo.id);
    expect(active).toMatchObject({
      billingInterval: "YEARLY",
      scheduledChanges: { targetBillingInterval: "MONTHLY" },
      stripeSubscriptionScheduleId: expect.stringMatching(/^sub_sched_/),
      subscriptionPaymentPlans: [
        expect.objectContaining({ paymentPlanId: "pro-personal-yearly-usd", totalSeats: 1 }),
        expect.objectContaining({ paymentPlanId: "pro-yearly-usd", totalSeats: 1 }),
      ],
    });
    const schedule = await billingStack().stripe.subscriptionSchedules.retrieve(active.stripeSubscriptionScheduleId);
    expect(
      schedule.phases
        .at(-1)!
        .items.map((item) => `${item.price} × ${item.quantity}`)
        .sort(),
    ).toEqual(["price_pro_monthly_usd × 1", "price_pro_personal_monthly_usd × 1"]);
    expect(await member(SPACES.juniperCo.id, PERSONAS.jack.id)).toEqual({ user_plan: "PRO", scheduled_downgrade: 1 });
  });

  it("re-phases a seeded schedule: Willow Co's move to yearly billing takes the user made paid", async () => {
    const wren = await as(PERSONAS.wren.email);
    const answer = await wren.put(
      updatePath(SPACES.willowCo.id, "sub_willow_co"),
      updateBody("PRO", "MONTHLY", [[PERSONAS.wes.id, "PRO"]]),
    );
    expect(answer.body.latestInvoice).toMatchObject({ paid: true });
    const active = await activeSubscription(PERSONAS.wren.email, SPACES.willowCo.id);
    expect(active).toMatchObject({
      billingInterval: "MONTHLY",
      scheduledChanges: { targetBillingInterval: "YEARLY" },
      stripeSubscriptionScheduleId: "sub_sched_willow_co",
      additionalStripeInfo: { upcomingInvoice: { amountDue: 3 * 6000 } },
    });
    const schedule = await billingStack().stripe.subscriptionSchedules.retrieve("sub_sched_willow_co");
    expect(schedule.phases.map((phase) => phase.items.map((item) => `${item.price} × ${item.quantity}`))).toEqual([
      ["price_pro_monthly_usd × 3"],
      ["price_pro_yearly_usd × 3"],
    ]);
  });

  it("charges Pro to Premium now, planned cycle change kept at Premium prices (Tidal One)", async () => {
    const tia = await as(PERSONAS.tia.email);
    const quote = await tia.post(infoPath(SPACES.tidalOne.id), quoteBody("PREMIUM", "YEARLY"));
    expect(quote.body).toMatchObject({ targetBillingInterval: "MONTHLY", totalAmount: 2 * 4000 });
    const answer = await tia.put(updatePath(SPACES.tidalOne.id, "sub_tidal_one"), updateBody("PREMIUM", "YEARLY"));
    expect(answer.status).toBe(200);
    const invoice = await billingStack().stripe.invoices.retrieve(answer.body.latestInvoice.invoiceId);
    expect(Math.abs(invoice.amount_due - quote.body.chargedToday)).toBeLessThanOrEqual(2);
    expect(Math.abs(invoice.amount_due - (await proratedNow("sub_tidal_one", 2 * 6000)))).toBeLessThanOrEqual(2);
    const active = await activeSubscription(PERSONAS.tia.email, SPACES.tidalOne.id);
    expect(active).toMatchObject({ workspacePlan: "PREMIUM", scheduledChanges: { targetBillingInterval: "MONTHLY" } });
    const schedule = await billingStack().stripe.subscriptionSchedules.retrieve(active.stripeSubscriptionScheduleId);
    expect(schedule.phases.at(-1)!.items.map((item) => `${item.price} × ${item.quantity}`)).toEqual([
      "price_premium_monthly_usd × 2",
    ]);
    const space = await billingStack()
      .backend.db.selectFrom("workspaces")
      .select("plan")
      .where("id", "=", SPACES.tidalOne.id)
      .executeTakeFirstOrThrow();
    expect(space.plan).toBe("PREMIUM");
  });

  it("moves Premium to Pro without charge, users added then paying the Pro price", async () => {
    const tia = await as(PERSONAS.tia.email);
    const answer = await tia.put(updatePath(SPACES.tidalOne.id, "sub_tidal_one"), updateBody("PRO", "YEARLY"));
    expect(answer.body.latestInvoice).toBeNull();
    expect(await stripeItems("sub_tidal_one")).toEqual(["pro-yearly-usd × 2"]);
    expect((await activeSubscription(PERSONAS.tia.email, SPACES.tidalOne.id)).workspacePlan).toBe("PRO");
  });

  it("leaves an invoice waiting for the card's authentication (Quill Co)", async () => {
    const quinn = await as(PERSONAS.quinn.email);
    const answer = await quinn.put(updatePath(SPACES.quillCo.id, "sub_quill_co"), updateBody("PREMIUM", "YEARLY"));
    expect(answer.body.latestInvoice).toMatchObject({
      paid: false,
      hostedInvoiceUrl: expect.stringMatching(/\/i\/in_/),
      paymentIntent: { status: "requires_action" },
    });
  });

  it("refuses what the update may not change, and malformed bodies", async () => {
    const priya = await as(PERSONAS.premium.email);
    const refused: Array<[string, string, string, Record<string, unknown>, unknown]> = [
      [
        PERSONAS.owner.email,
        SPACES.acmeMarketing.id,
        "sub_acme_marketing",
        updateBody("PRO", "YEARLY"),
        conflictWith("per_seat_space"),
      ],
      [
        PERSONAS.legacy.email,
        SPACES.oldcoTeam.id,
        "I-7K2M9X4QHB3N",
        { ...updateBody("PRO", "YEARLY"), upgradeLegacySubscription: true },
        conflictWith("not_a_stripe_subscription"),
      ],
      [
        PERSONAS.gert.email,
        SPACES.ghentTeam.id,
        "sub_ghent_team",
        updateBody("PRO", "YEARLY"),
        conflictWith("upgrade_legacy_subscription_required"),
      ],
      [
        PERSONAS.dora.email,
        SPACES.deltaGroup.id,
        "sub_delta_group",
        updateBody("PRO", "YEARLY", [[PERSONAS.elke.id, "PRO"]]),
        conflictWith("multiple_domains"),
      ],
      [
        PERSONAS.premium.email,
        SPACES.bigco.id,
        "sub_nope",
        updateBody("PREMIUM", "YEARLY"),
        { status: 404, body: { error: "subscription_not_found" } },
      ],
      [
        PERSONAS.emmaEvans.email,
        SPACES.bigco.id,
        "sub_bigco",
        updateBody("PREMIUM", "YEARLY"),
        { status: 403, body: { error: "forbidden", reason: "no billing access" } },
      ],
    ];
    for (const [email, workspaceId, subscriptionId, body, answer] of refused) {
      expect(await (await as(email)).put(updatePath(workspaceId, subscriptionId), body), subscriptionId).toEqual(
        answer,
      );
    }
    for (const bad of [
      { ...updateBody("PREMIUM", "YEARLY"), cancelScheduledBillingIntervalChange: true },
      { ...updateBody("PREMIUM", "YEARLY"), extra: 1 },
      { workspacePlan: "PREMIUM", billingInterval: "YEARLY" },
      updateBody("LEGACY", "YEARLY"),
    ]) {
      const answer = await priya.put(updatePath(SPACES.bigco.id, "sub_bigco"), bad);
      expect(answer.status, JSON.stringify(bad)).toBe(400);
    }
  });

  it("moves the members marked for it to FREE when the renewal comes", async () => {
    const before = await subscriptionRow("sub_bigco");
    const secondsToRenewal = Math.ceil((before.end_timestamp - Date.now()) / 1000) + 60;
    await fetch(`http://127.0.0.1:${billingStack().emulator.port}/__clock/advance`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ seconds: secondsToRenewal }),
    });
    await billingStack().emulator.webhooks.settled();
    expect((await subscriptionRow("sub_bigco")).start_timestamp).toBeGreaterThanOrEqual(before.end_timestamp);
    expect(await member(SPACES.bigco.id, PERSONAS.liamLopez.id)).toEqual({ user_plan: "FREE", scheduled_downgrade: 0 });
    expect(await member(SPACES.bigco.id, PERSONAS.hugoHart.id)).toMatchObject({ user_plan: "PRO" });
  });
});
