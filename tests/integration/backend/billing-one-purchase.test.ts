/**
 * One purchase per space (issue 24, item 1): a new Checkout Session expires
 * the space's other open ones, so only one can be paid; and should two
 * subscriptions still arrive for one space (two sessions paid at once), the
 * second is cancelled at once and its payment refunded, the space keeping one.
 */
import { describe, expect, it } from "vitest";
import { PERSONAS, SPACES } from "../../../backend/src/db/seed/personas";
import { signedInClient } from "./support/api";
import { payOnHostedPage, purchaseForm, TEST_CARDS, useBillingStack } from "./support/billing";

const stack = useBillingStack();
const as = (email: string) => signedInClient(stack().backend, email);
const spacePath = (workspaceId: string) => `/billing/workspace-billing/workspaces/${workspaceId}`;
let keys = 0;
const idempotencyKey = () => ({ "Idempotency-Key": `one-purchase-${String(++keys).padStart(8, "0")}` });

const purchase = (space: (typeof SPACES)[keyof typeof SPACES], buyer: string, quantity: number) =>
  purchaseForm(space, buyer, quantity);

/** The space's subscriptions as the backend holds them. */
const subscriptionsOf = (workspaceId: string) =>
  stack()
    .backend.db.selectFrom("subscriptions")
    .select(["id", "status"])
    .where("workspace_id", "=", workspaceId)
    .execute();

describe("one open Checkout Session per space", () => {
  it("expires the space's earlier session when a new one opens: its page refuses payment, one charge stands", async () => {
    const bea = await as(PERSONAS.bea.email);
    const path = `${spacePath(SPACES.birchWorks.id)}/stripe/checkout/v2/session`;
    const first = await bea.post(path, purchase(SPACES.birchWorks, "Bea Birch", 2), idempotencyKey());
    // Back from the hosted page, or a second tab: the information step submitted again.
    const second = await bea.post(path, purchase(SPACES.birchWorks, "Bea Birch", 2), idempotencyKey());
    expect([first.status, second.status]).toEqual([200, 200]);
    const { stripe, emulator } = stack();
    expect((await stripe.checkout.sessions.retrieve(first.body.stripeCheckoutSessionId)).status).toBe("expired");
    expect((await stripe.checkout.sessions.retrieve(second.body.stripeCheckoutSessionId)).status).toBe("open");

    const refused = await payOnHostedPage(first.body.url, TEST_CARDS.pays);
    expect(refused.status).toBe(410);
    expect(await refused.text()).toContain("This Checkout Session is no longer active.");
    expect((await payOnHostedPage(second.body.url, TEST_CARDS.pays)).status).toBe(303);
    await emulator.webhooks.settled();

    expect(await subscriptionsOf(SPACES.birchWorks.id)).toEqual([
      { id: expect.stringMatching(/^sub_/), status: "ACTIVE" },
    ]);
    const customer = (await stripe.checkout.sessions.retrieve(second.body.stripeCheckoutSessionId)).customer as string;
    const charged = [...emulator.state.invoices.values()].filter(
      (invoice) => invoice.customer === customer && invoice.status === "paid",
    );
    expect(charged).toHaveLength(1);
    expect((await bea.post(path, purchase(SPACES.birchWorks, "Bea Birch", 2), idempotencyKey())).body.reason).toBe(
      "subscription_exists",
    );
  });

  it("refuses a new session once an earlier one was paid, even before its webhook arrived", async () => {
    const ava = await as(PERSONAS.ava.email);
    const path = `${spacePath(SPACES.aspenWorks.id)}/stripe/checkout/v2/session`;
    const paid = await ava.post(path, purchase(SPACES.aspenWorks, "Ava Aspen", 2), idempotencyKey());
    await payOnHostedPage(paid.body.url, TEST_CARDS.pays);
    await stack().emulator.webhooks.settled();
    // As if the subscription's webhook were still on its way: the backend knows nothing of it yet.
    const { db } = stack().backend;
    await db
      .deleteFrom("subscription_seat_plans")
      .where("subscription_id", "like", "sub_%")
      .where(
        "subscription_id",
        "in",
        db.selectFrom("subscriptions").select("id").where("workspace_id", "=", SPACES.aspenWorks.id),
      )
      .execute();
    await db.deleteFrom("subscriptions").where("workspace_id", "=", SPACES.aspenWorks.id).execute();

    const again = await ava.post(path, purchase(SPACES.aspenWorks, "Ava Aspen", 2), idempotencyKey());
    expect(again).toMatchObject({ status: 409, body: { reason: "subscription_exists" } });
  });
});

describe("two subscriptions for one space (two sessions paid at once)", () => {
  it("cancels the second at once and refunds its payment; the space keeps the first, and says so", async () => {
    const { stripe, emulator, backend } = stack();
    const sara = await as(PERSONAS.salesLead.email);
    const path = `${spacePath(SPACES.acmeSales.id)}/stripe/checkout/v2/session`;
    const kept = await sara.post(path, purchase(SPACES.acmeSales, "Sara Sales", 2), idempotencyKey());
    // The race the expiry cannot close: a second session opened before the first was paid, both paid.
    const keptSession = await stripe.checkout.sessions.retrieve(kept.body.stripeCheckoutSessionId);
    const racing = await stripe.checkout.sessions.create({
      mode: "subscription",
      customer: keptSession.customer as string,
      line_items: [{ price: "price_pro_yearly_usd", quantity: 2 }],
      subscription_data: { metadata: { workspaceId: SPACES.acmeSales.id, userId: PERSONAS.salesLead.id } },
      metadata: { workspaceId: SPACES.acmeSales.id, userId: PERSONAS.salesLead.id },
      success_url: "http://localhost:3000/billing",
    });
    await payOnHostedPage(kept.body.url, TEST_CARDS.pays);
    await emulator.webhooks.settled();
    await payOnHostedPage(racing.url!, TEST_CARDS.pays);
    await emulator.webhooks.settled();

    const keptId = (await stripe.checkout.sessions.retrieve(keptSession.id)).subscription as string;
    const duplicateId = (await stripe.checkout.sessions.retrieve(racing.id)).subscription as string;
    expect((await stripe.subscriptions.retrieve(keptId)).status).toBe("active");
    const duplicate = await stripe.subscriptions.retrieve(duplicateId);
    expect(duplicate.status).toBe("canceled");
    const invoice = await stripe.invoices.retrieve(duplicate.latest_invoice as string, { expand: ["payments"] });
    const intent = await stripe.paymentIntents.retrieve(invoice.payments!.data[0]!.payment.payment_intent as string);
    const charge = await stripe.charges.retrieve(intent.latest_charge as string);
    expect(charge).toMatchObject({ refunded: true, amount_refunded: charge.amount });

    expect(await subscriptionsOf(SPACES.acmeSales.id)).toEqual([{ id: keptId, status: "ACTIVE" }]);
    const row = await backend.db
      .selectFrom("duplicate_subscriptions")
      .selectAll()
      .where("id", "=", duplicateId)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      workspace_id: SPACES.acmeSales.id,
      kept_subscription_id: keptId,
      canceled_at: expect.any(Number),
      refunded_amount: charge.amount,
      currency: "USD",
    });
    const { body } = await sara.get(`${spacePath(SPACES.acmeSales.id)}/subscriptions/v2`);
    expect(body.items).toEqual([
      expect.objectContaining({
        subscriptionId: keptId,
        additionalStripeInfo: expect.objectContaining({
          duplicateRefunds: [
            {
              subscriptionId: duplicateId,
              amount: charge.amount,
              currency: "USD",
              refundedTimestamp: expect.any(String),
            },
          ],
        }),
      }),
    ]);
    // The buyer is on one paid seat, the space PRO, as after one purchase.
    const space = await sara.get(`/api/v1/workspaces/${SPACES.acmeSales.id}`);
    expect(space.body).toMatchObject({ workspacePlan: "PRO", paymentSource: "STRIPE" });
  });
});
