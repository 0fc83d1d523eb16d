/**
 * No paid purchase lost (issue 33, item 1): the buyer pays on Stripe's page
 * while the backend is away. Stripe's webhooks are refused meanwhile; the
 * purchase is applied all the same, once: by the reconciliation at the
 * backend's start (Stripe's events since the last one applied), by the
 * buyer's return (the Checkout Session read back), by a billing read, or by
 * buying again; and the webhooks that come later change nothing.
 */
import { describe, expect, it } from "vitest";
import { PERSONAS, SPACES } from "../../../backend/src/db/seed/personas";
import { signedInClient } from "./support/api";
import {
  forgetPurchase,
  letStripeTimePass,
  payOnHostedPage,
  purchaseForm,
  startBillingStack,
  TEST_CARDS,
} from "./support/billing";

type Stack = Awaited<ReturnType<typeof startBillingStack>>;
type Space = (typeof SPACES)[keyof typeof SPACES];

const billingPath = (space: Space) => `/billing/workspace-billing/workspaces/${space.id}`;
let keys = 0;
const idempotencyKey = () => ({ "Idempotency-Key": `backend-away-${String(++keys).padStart(8, "0")}` });

/** A purchase of 2 seats, back to billing with the session's id (as the app asks). */
const purchase = (space: Space, buyer: string) =>
  purchaseForm(space, buyer, 2, "checkout=success&session_id={CHECKOUT_SESSION_ID}");

/** Opens the space's Checkout Session as its buyer; answers the buyer's client and the session. */
async function openSession(stack: Stack, space: Space, email: string, buyer: string) {
  const client = await signedInClient(stack.backend, email);
  const opened = await client.post(
    `${billingPath(space)}/stripe/checkout/v2/session`,
    purchase(space, buyer),
    idempotencyKey(),
  );
  expect(opened.status).toBe(200);
  return { client, sessionId: opened.body.stripeCheckoutSessionId as string, url: opened.body.url as string };
}

/** What the backend holds of the space's purchase, and how many times Stripe charged its customer. */
async function held(stack: Stack, space: Space, sessionId: string) {
  const { db } = stack.backend;
  const subscriptions = await db
    .selectFrom("subscriptions")
    .select(["id", "status"])
    .where("workspace_id", "=", space.id)
    .execute();
  const { plan } = await db
    .selectFrom("workspaces")
    .select("plan")
    .where("id", "=", space.id)
    .executeTakeFirstOrThrow();
  const session = await stack.stripe.checkout.sessions.retrieve(sessionId);
  const paidInvoices = [...stack.emulator.state.invoices.values()].filter(
    (invoice) => invoice.customer === session.customer && invoice.status === "paid",
  );
  return { plan, subscriptions, charges: paidInvoices.length, stripeSubscription: session.subscription };
}

describe("a purchase paid while the backend is away", () => {
  it("is applied when the backend starts again 60 s later, once: billing shows it, one charge", async () => {
    const stack = await startBillingStack({ stripeRetries: "stripe" });
    try {
      const { client, sessionId, url } = await openSession(stack, SPACES.birchWorks, PERSONAS.bea.email, "Bea Birch");
      await stack.backend.stop();
      expect((await payOnHostedPage(url, TEST_CARDS.pays)).status).toBe(303);
      // Stripe's first tries and its retries after 1, 5 and 30 s, all refused: the backend is down for 60 s.
      await letStripeTimePass(stack.emulator, 60);
      expect((await held(stack, SPACES.birchWorks, sessionId)).subscriptions).toEqual([]);

      await stack.backend.start();
      const billing = await client.get(`${billingPath(SPACES.birchWorks)}/subscriptions/v2`);
      expect(billing.status).toBe(200);
      expect(billing.body.items).toEqual([expect.objectContaining({ status: "ACTIVE", workspacePlan: "PRO" })]);
      const after = await held(stack, SPACES.birchWorks, sessionId);
      expect(after).toMatchObject({
        plan: "PRO",
        subscriptions: [{ id: after.stripeSubscription, status: "ACTIVE" }],
        charges: 1,
      });

      // Stripe's next retries (2 minutes on) are delivered now, and change nothing.
      await letStripeTimePass(stack.emulator, 180, 60);
      expect(await held(stack, SPACES.birchWorks, sessionId)).toEqual(after);
    } finally {
      await stack.close();
    }
  });

  it("is applied by the buyer's return, the Checkout Session read back from Stripe; its webhooks then change nothing", async () => {
    const stack = await startBillingStack();
    try {
      const { client, sessionId, url } = await openSession(stack, SPACES.aspenWorks, PERSONAS.ava.email, "Ava Aspen");
      await payOnHostedPage(url, TEST_CARDS.pays);
      await stack.emulator.webhooks.settled();
      await forgetPurchase(stack.backend, SPACES.aspenWorks, sessionId);
      expect((await held(stack, SPACES.aspenWorks, sessionId)).subscriptions).toEqual([]);

      const settlement = `${billingPath(SPACES.aspenWorks)}/stripe/checkout/v2/session/${sessionId}/settlement`;
      const settled = await client.post(settlement);
      expect(settled).toMatchObject({ status: 200, body: { status: "paid" } });
      const after = await held(stack, SPACES.aspenWorks, sessionId);
      expect(after).toMatchObject({ plan: "PRO", subscriptions: [{ status: "ACTIVE" }], charges: 1 });
      // The return applied twice (a reload), then the purchase's events applied again, late: nothing changes.
      expect((await client.post(settlement)).body.status).toBe("paid");
      await stack.backend.reconcile();
      expect(await held(stack, SPACES.aspenWorks, sessionId)).toEqual(after);
      // Another space's session is not this space's to settle.
      const other = await signedInClient(stack.backend, PERSONAS.bea.email);
      expect(
        (await other.post(`${billingPath(SPACES.birchWorks)}/stripe/checkout/v2/session/${sessionId}/settlement`))
          .status,
      ).toBe(404);
    } finally {
      await stack.close();
    }
  });

  it("is applied when the space's billing is read, its webhooks lost", async () => {
    const stack = await startBillingStack();
    try {
      const { client, sessionId, url } = await openSession(stack, SPACES.acmeSales, PERSONAS.salesLead.email, "Sara");
      await payOnHostedPage(url, TEST_CARDS.pays);
      await stack.emulator.webhooks.settled();
      await forgetPurchase(stack.backend, SPACES.acmeSales, sessionId);

      const billing = await client.get(`${billingPath(SPACES.acmeSales)}/subscriptions/v2`);
      expect(billing.body.items).toEqual([expect.objectContaining({ status: "ACTIVE" })]);
      expect(await held(stack, SPACES.acmeSales, sessionId)).toMatchObject({ plan: "PRO", charges: 1 });
    } finally {
      await stack.close();
    }
  });

  it("is applied when the buyer buys again, who is told the space is paid for (409), not charged twice", async () => {
    const stack = await startBillingStack();
    try {
      const { client, sessionId, url } = await openSession(stack, SPACES.birchWorks, PERSONAS.bea.email, "Bea Birch");
      await payOnHostedPage(url, TEST_CARDS.pays);
      await stack.emulator.webhooks.settled();
      await forgetPurchase(stack.backend, SPACES.birchWorks, sessionId);

      const again = await client.post(
        `${billingPath(SPACES.birchWorks)}/stripe/checkout/v2/session`,
        purchase(SPACES.birchWorks, "Bea Birch"),
        idempotencyKey(),
      );
      expect(again).toMatchObject({ status: 409, body: { reason: "subscription_exists" } });
      expect(await held(stack, SPACES.birchWorks, sessionId)).toMatchObject({
        plan: "PRO",
        subscriptions: [{ status: "ACTIVE" }],
        charges: 1,
      });
    } finally {
      await stack.close();
    }
  });
});
