import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PERSONAS, SPACES } from "../../../backend/src/db/seed/personas";
import type { RunningBackend } from "../support/backend";
import { apiClient, signedInClient } from "./support/api";
import { startBillingStack } from "./support/billing";

let stack: Awaited<ReturnType<typeof startBillingStack>>;
let backend: RunningBackend;
beforeAll(async () => {
  // Cancelling Fern Studio's removal releases its Stripe schedule: a local Stripe with the demo account.
  stack = await startBillingStack();
  backend = stack.backend;
});
afterAll(() => stack?.close());

const as = (email: string) => signedInClient(backend, email);
const subscriptionsPath = (workspaceId: string) =>
  `/billing/workspace-billing/workspaces/${workspaceId}/subscriptions/v2?status=ACTIVE`;
const removalsPath = (workspaceId: string, subscriptionId: string) =>
  `/billing/workspace-billing/workspaces/${workspaceId}/subscriptions/v2/${subscriptionId}/seats/v1/scheduled-removals`;

describe("GET …/subscriptions/v2 (seat info, 002 §3)", () => {
  it("answers Acme Marketing's seats: 10 Pro seats, 7 members and a pending added one; the Gmail seat taken", async () => {
    const { status, body } = await (await as(PERSONAS.owner.email)).get(subscriptionsPath(SPACES.acmeMarketing.id));
    expect(status).toBe(200);
    expect(body.items).toEqual([
      expect.objectContaining({
        subscriptionId: "sub_acme_marketing",
        workspaceId: SPACES.acmeMarketing.id,
        workspacePlan: "PRO",
        status: "ACTIVE",
        billingInterval: "YEARLY",
        currency: "USD",
        paymentSource: "STRIPE",
        autoRenew: true,
        endTimestamp: expect.stringMatching(/^\d+$/),
        subscriptionPaymentPlans: [
          expect.objectContaining({ userPlanType: "PRO_PERSONAL", totalSeats: 1, assignedSeats: 1, availableSeats: 0 }),
          expect.objectContaining({ userPlanType: "PRO", totalSeats: 10, assignedSeats: 8, availableSeats: 2 }),
        ],
      }),
    ]);
  });

  it("answers the admin too, unlimited seats as -1, and no items for a space without subscription", async () => {
    await backend.db
      .updateTable("subscription_seat_plans")
      .set({ total_seats: -1 })
      .where("subscription_id", "=", "sub_fern_studio")
      .execute();
    try {
      const { body } = await (await as(PERSONAS.arlo.email)).get(subscriptionsPath(SPACES.fernStudio.id));
      expect(body.items[0].subscriptionPaymentPlans).toEqual([
        expect.objectContaining({ totalSeats: -1, assignedSeats: 2, availableSeats: -1 }),
      ]);
    } finally {
      await backend.db
        .updateTable("subscription_seat_plans")
        .set({ total_seats: 5 })
        .where("subscription_id", "=", "sub_fern_studio")
        .execute();
    }
    expect((await (await as(PERSONAS.salesLead.email)).get(subscriptionsPath(SPACES.acmeSales.id))).body).toEqual({
      items: [],
    });
  });

  it("refuses a MEMBER, a non-member and a caller without a session", async () => {
    expect((await (await as(PERSONAS.maya.email)).get(subscriptionsPath(SPACES.fernStudio.id))).status).toBe(403);
    expect((await (await as(PERSONAS.owner.email)).get(subscriptionsPath(SPACES.fernStudio.id))).status).toBe(403);
    expect((await apiClient(backend).get(subscriptionsPath(SPACES.fernStudio.id))).status).toBe(401);
  });
});

describe("…/seats/v1/scheduled-removals", () => {
  it("answers Fern Studio's removal down to 3 seats at renewal; 404 when there is none", async () => {
    const { status, body } = await (
      await as(PERSONAS.stella.email)
    ).get(`${removalsPath(SPACES.fernStudio.id, "sub_fern_studio")}?status=PENDING`);
    expect(status).toBe(200);
    expect(body.items).toEqual([
      {
        paymentPlanId: "pro-monthly-usd",
        targetSeatsQuantity: 3,
        removeSeatsAtTimestamp: expect.stringMatching(/^\d+$/),
        status: "PENDING",
        createTimestamp: expect.stringMatching(/^\d+$/),
        lastUpdateTimestamp: expect.stringMatching(/^\d+$/),
        stripeSubscriptionScheduleId: "sub_sched_fern_studio",
        // 3 seats at 20 $ a month, under 5 seats: no coupon.
        targetSubscriptionAmount: 6000,
      },
    ]);
    const acme = await (
      await as(PERSONAS.owner.email)
    ).get(`${removalsPath(SPACES.acmeMarketing.id, "sub_acme_marketing")}?status=PENDING`);
    expect(acme).toEqual({ status: 404, body: { error: "scheduled_removal_not_found" } });
  });

  it("does not answer another space's subscription", async () => {
    const { status, body } = await (
      await as(PERSONAS.owner.email)
    ).get(removalsPath(SPACES.acmeMarketing.id, "sub_fern_studio"));
    expect({ status, body }).toEqual({ status: 404, body: { error: "subscription_not_found" } });
  });

  it("lets only the owner cancel it, once", async () => {
    const path = removalsPath(SPACES.fernStudio.id, "sub_fern_studio");
    expect((await (await as(PERSONAS.arlo.email)).delete(path)).status).toBe(403);
    const owner = await as(PERSONAS.stella.email);
    expect((await owner.delete(path)).status).toBe(204);
    expect((await stack.stripe.subscriptionSchedules.retrieve("sub_sched_fern_studio")).status).toBe("released");
    expect((await owner.get(path)).status).toBe(404);
    expect((await owner.delete(path)).body).toEqual({ error: "scheduled_removal_not_found" });
  });
});
