/**
 * Legacy licences replaced by the new plans (001 §4 legacy flow types,
 * Legacy users page, Billing success banner; backend/README.md "Per-user and
 * legacy billing"): what selects the flow type, a US PayPal licence replaced
 * through the hosted Checkout, a Belgian Stripe licence replaced in place.
 */
import { describe, expect, it } from "vitest";
import { PERSONAS, SPACES } from "../../../backend/src/db/seed/personas";
import { signedInClient } from "./support/api";
import { payOnHostedPage, TEST_CARDS, useBillingStack } from "./support/billing";

const billingStack = useBillingStack();

const as = (email: string) => signedInClient(billingStack().backend, email);
const spacePath = (workspaceId: string) => `/billing/workspace-billing/workspaces/${workspaceId}`;
const conflictWith = (reason: string) => ({ status: 409, body: { error: "conflict", reason } });
let keys = 0;
const idempotencyKey = () => ({ "Idempotency-Key": `billing-legacy-${String(++keys).padStart(6, "0")}` });

const workspace = async (email: string, workspaceId: string) =>
  (await (await as(email)).get(`/api/v1/workspaces/${workspaceId}`)).body;

const subscriptions = async (email: string, workspaceId: string) => {
  await billingStack().emulator.webhooks.settled();
  return (await (await as(email)).get(`${spacePath(workspaceId)}/subscriptions/v1`)).body.items;
};

const memberIds = async (workspaceId: string) =>
  (
    await billingStack()
      .backend.db.selectFrom("workspace_members")
      .select(["user_id", "user_plan"])
      .where("workspace_id", "=", workspaceId)
      .orderBy("user_id")
      .execute()
  ).map((row) => [row.user_id, row.user_plan]);

/** A v1 checkout of a legacy space's licence, by its owner, for these users on one price. */
const legacyCheckout = async (
  owner: { email: string; name: string },
  workspaceId: string,
  stripePriceId: string,
  userIds: string[],
  extra: Record<string, unknown> = {},
) =>
  (await as(owner.email)).post(
    `${spacePath(workspaceId)}/stripe/checkout/v1/session`,
    {
      workspaceId,
      addressInfo: { country: stripePriceId.endsWith("_eur") ? "BE" : "US", city: "Oldtown", street: "1 Old Street" },
      customerName: owner.name,
      isB2BTransaction: false,
      goBackUrl: `http://localhost:3000/${workspaceId}/space/checkout/information`,
      successUrl: `http://localhost:3000/${workspaceId}/space/billing?checkout=success&from=LEGACY`,
      userName: owner.name,
      plans: [{ stripePriceId, userIds, downgradeToFree: false }],
      upgradeLegacySubscription: true,
      ...extra,
    },
    idempotencyKey(),
  );

const markRemoved = async (email: string, workspaceId: string, userId: string) =>
  (await as(email)).patch(`/api/v1/workspaces/${workspaceId}/members`, {
    members: [{ userId, toBeRemoved: true }],
  });

describe("the legacy licence of a space (001 §4 Flow type selection)", () => {
  it("says who sold it and whether it is a team's, on the space and on the subscription", async () => {
    expect((await workspace(PERSONAS.legacy.email, SPACES.oldcoTeam.id)).legacyLicense).toEqual({
      subscriptionId: "I-7K2M9X4QHB3N",
      paymentSource: "PAYPAL",
      legalEntity: "US",
      kind: "TEAM",
    });
    expect((await workspace(PERSONAS.gert.email, SPACES.ghentTeam.id)).legacyLicense).toEqual({
      subscriptionId: "sub_ghent_team",
      paymentSource: "STRIPE",
      legalEntity: "BE",
      kind: "TEAM",
    });
    expect((await workspace(PERSONAS.premium.email, SPACES.bigco.id)).legacyLicense).toBeNull();
    const [paypal] = await subscriptions(PERSONAS.legacy.email, SPACES.oldcoTeam.id);
    expect(paypal).toMatchObject({
      subscriptionId: "I-7K2M9X4QHB3N",
      workspacePlan: "LEGACY",
      status: "ACTIVE",
      paymentSource: "PAYPAL",
      amount: 15_000,
      autoRenew: true,
      additionalStripeInfo: null,
      legacyUpgrade: null,
      subscriptionPaymentPlans: [expect.objectContaining({ paymentPlanId: "team-5-yearly-usd", legalEntity: "US" })],
    });
    const [stripe] = await subscriptions(PERSONAS.gert.email, SPACES.ghentTeam.id);
    expect(stripe.subscriptionPaymentPlans).toEqual([
      expect.objectContaining({ paymentPlanId: "team-5-yearly-eur", legalEntity: "BE" }),
    ]);
  });
});

describe("a US licence paid through PayPal, replaced through the hosted Checkout (Oldco Team)", () => {
  const OLDCO = SPACES.oldcoTeam.id;
  const lee = () => as(PERSONAS.legacy.email);
  const keep = [PERSONAS.legacy.id, PERSONAS.petePark.id];

  it("quotes the new plan as a purchase for the members kept, the ones marked to be removed left out", async () => {
    expect((await markRemoved(PERSONAS.legacy.email, OLDCO, PERSONAS.olgaOrtiz.id)).status).toBe(200);
    const { status, body } = await (
      await lee()
    ).post(`${spacePath(OLDCO)}/stripe/checkout/v1/info`, {
      purchaseType: "B2C",
      country: "US",
      workspacePlan: "PRO",
      billingInterval: "YEARLY",
      userUpdates: [],
      upgradeLegacySubscription: true,
    });
    expect(status).toBe(200);
    expect(body).toMatchObject({
      currentWorkspacePlan: "LEGACY",
      chargedToday: 12_000,
      currentAmount: 0,
      paidUsers: { count: 2 },
      userChanges: { upgraded: 0, downgraded: 0 },
      maxPaidUsers: 10,
    });
  });

  it("refuses a member marked to be removed, and a checkout without the legacy flag", async () => {
    const session = (userIds: string[], extra: Record<string, unknown> = {}) =>
      legacyCheckout(PERSONAS.legacy, OLDCO, "price_pro_yearly_usd", userIds, extra);
    expect(await session([...keep, PERSONAS.olgaOrtiz.id])).toEqual(conflictWith("user_not_available"));
    expect(await session(keep, { upgradeLegacySubscription: false })).toEqual(
      conflictWith("upgrade_legacy_subscription_required"),
    );

    const { status, body } = await session(keep);
    expect(status).toBe(200);
    expect((await payOnHostedPage(body.url, TEST_CARDS.pays)).status).toBe(303);
    await billingStack().emulator.webhooks.settled();
  });

  it("cancels the licence once Stripe tells of the new subscription: the space is Pro, the removed member gone", async () => {
    const [active, licence] = await subscriptions(PERSONAS.legacy.email, OLDCO);
    expect(active).toMatchObject({
      status: "ACTIVE",
      workspacePlan: "PRO",
      paymentSource: "STRIPE",
      legacyUpgrade: {
        subscriptionId: "I-7K2M9X4QHB3N",
        paymentSource: "PAYPAL",
        legalEntity: "US",
        upgradedTimestamp: expect.stringMatching(/^\d+$/),
      },
    });
    expect(licence).toMatchObject({ subscriptionId: "I-7K2M9X4QHB3N", status: "CANCELED", autoRenew: false });
    expect(await memberIds(OLDCO)).toEqual([
      [PERSONAS.legacy.id, "PRO"],
      [PERSONAS.petePark.id, "PRO"],
    ]);
    const space = await workspace(PERSONAS.legacy.email, OLDCO);
    expect(space).toMatchObject({
      workspacePlan: "PRO",
      legacyType: null,
      paymentSource: "STRIPE",
      legacyLicense: null,
      workspaceFeatures: expect.arrayContaining([{ userPlan: "PRO", hasMultiDomain: true, allowedUserCount: 10 }]),
    });
    const { body: me } = await (await lee()).get("/api/v2/users/me");
    expect(me.license).toBeNull();
  });
});

describe("a Belgian licence paid through Stripe, replaced in place (Ghent Team)", () => {
  const GHENT = SPACES.ghentTeam.id;
  const gert = () => as(PERSONAS.gert.email);
  const update = {
    workspacePlan: "PRO",
    billingInterval: "YEARLY",
    workspaceUserPlans: [],
    upgradeLegacySubscription: true,
  };

  it("quotes the per-user prices less the licence's unused time, in euros with Belgian VAT", async () => {
    const { body } = await (
      await gert()
    ).post(`${spacePath(GHENT)}/stripe/checkout/v1/info?previewProratedChanges=true`, {
      purchaseType: "B2B",
      country: "BE",
      workspacePlan: "PRO",
      billingInterval: "YEARLY",
      userUpdates: [],
      upgradeLegacySubscription: true,
    });
    const row = await billingStack()
      .backend.db.selectFrom("subscriptions")
      .selectAll()
      .where("id", "=", "sub_ghent_team")
      .executeTakeFirstOrThrow();
    const fraction = (row.end_timestamp - Date.now()) / (row.end_timestamp - row.start_timestamp);
    // 3 users × 60 € less the team licence's 150 €, for what is left of the year, with 21 % VAT.
    expect(Math.abs(body.chargedToday - Math.round(3000 * fraction * 1.21))).toBeLessThanOrEqual(2);
    expect(body).toMatchObject({
      currency: "EUR",
      taxRate: 21,
      currentWorkspacePlan: "LEGACY",
      currentAmount: 18_150,
      totalAmount: 21_780,
      paidUsers: { count: 3, unitAmount: 6000 },
    });
  });

  it("keeps the licence's interval, and refuses the checkout (it is replaced by the update)", async () => {
    expect(
      await (
        await gert()
      ).put(`${spacePath(GHENT)}/subscriptions/v1/sub_ghent_team`, { ...update, billingInterval: "MONTHLY" }),
    ).toEqual(conflictWith("cannot-update-subscription-plan-and-interval"));
    expect(await legacyCheckout(PERSONAS.gert, GHENT, "price_pro_yearly_eur", [PERSONAS.gert.id])).toEqual(
      conflictWith("legacy_paid_through_stripe"),
    );
  });

  it("switches the subscription to the per-user prices, dropping the members marked to be removed", async () => {
    expect((await markRemoved(PERSONAS.gert.email, GHENT, PERSONAS.gust.id)).status).toBe(200);
    const answer = await (
      await gert()
    ).put(`${spacePath(GHENT)}/subscriptions/v1/sub_ghent_team`, update, idempotencyKey());
    // 2 users × 60 € cost less than the licence's 150 €: the credit leaves nothing to pay now.
    expect(answer).toMatchObject({ status: 200, body: { subscriptionId: "sub_ghent_team" } });
    expect(answer.body.latestInvoice).toMatchObject({ paid: true });
    const stripe = await billingStack().stripe.subscriptions.retrieve("sub_ghent_team");
    expect(stripe.items.data.map((item) => `${item.price.lookup_key} × ${item.quantity}`)).toEqual([
      "pro-yearly-eur × 2",
    ]);
    const [active] = await subscriptions(PERSONAS.gert.email, GHENT);
    expect(active).toMatchObject({
      subscriptionId: "sub_ghent_team",
      workspacePlan: "PRO",
      currency: "EUR",
      taxRate: 21,
      legacyUpgrade: { subscriptionId: "sub_ghent_team", paymentSource: "STRIPE", legalEntity: "BE" },
    });
    expect(await memberIds(GHENT)).toEqual([
      [PERSONAS.gert.id, "PRO"],
      [PERSONAS.greet.id, "PRO"],
    ]);
    expect(await workspace(PERSONAS.gert.email, GHENT)).toMatchObject({
      workspacePlan: "PRO",
      legacyType: null,
      legacyLicense: null,
    });
  });
});
