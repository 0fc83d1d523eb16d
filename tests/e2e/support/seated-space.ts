import type { Page } from "@playwright/test";
import { openDatabase } from "../../../backend/src/db/connection";
import { findPaymentPlan } from "../../../backend/src/domain/payment-plans";
import { insertSeatRemovals, saveSubscription } from "../../../backend/src/store/subscriptions";
import { findWorkspace } from "../../../backend/src/store/workspaces";
import { writeCrowdedSpace, type CrowdedSpace } from "../../support/crowded-space";
import { crowdedSpacePath, signInToCrowdedSpace } from "./crowded-space";
import { e2eEnv } from "./env";

const DAY_MS = 24 * 60 * 60 * 1000;
const PLAN = "pro-yearly-usd";

/**
 * A Pro per-seat space with a yearly subscription of 4 seats, 3 of them
 * taken (its owner and two members): one seat left; with `downgrade`, a
 * removal down to 3 seats scheduled at renewal. One per browser project,
 * attempt and kind, so that a test may change it in each run.
 */
export function seatedSpace(
  { project, retry }: { project: { name: string }; retry: number },
  kind: "room" | "downgrade" = "room",
) {
  const run = `${kind === "room" ? 1 : 2}${project.name === "js" ? 1 : 2}${retry}`;
  const crowd: CrowdedSpace = {
    space: { id: `5190000000000${run}`, name: `Seated Works ${run}` },
    owner: { id: `619${run}0000000000`, email: `sally@seated-${run}.test`, name: "Sally Seated" },
    plan: "PRO",
    isPerSeat: true,
    members: 2,
    userPlan: "PRO",
  };
  return { ...crowd, path: crowdedSpacePath(crowd), downgrade: kind === "downgrade" };
}

/** Writes the space and its subscription (unless there) and signs its owner in. */
export async function signInToSeatedSpace(page: Page, seated: ReturnType<typeof seatedSpace>) {
  const db = openDatabase(e2eEnv().databasePath);
  const subscriptionId = `sub_${seated.space.id}`;
  try {
    const fresh = !(await findWorkspace(db, seated.space.id));
    await writeCrowdedSpace(db, seated);
    const now = Date.now();
    const plan = findPaymentPlan(PLAN)!;
    const end = now + 335 * DAY_MS;
    if (fresh) {
      await saveSubscription(db, {
        id: subscriptionId,
        workspaceId: seated.space.id,
        workspacePlan: "PRO",
        status: "ACTIVE",
        billingInterval: "YEARLY",
        currency: plan.currency,
        paymentSource: "STRIPE",
        autoRenew: true,
        startTimestamp: now - 30 * DAY_MS,
        endTimestamp: end,
        createdAt: now - 30 * DAY_MS,
        stripeCustomerId: null,
        stripeSubscriptionScheduleId: null,
        scheduledBillingInterval: null,
        taxRate: 0,
        couponId: null,
        seatPlans: [{ paymentPlanId: PLAN, userPlan: "PRO", totalSeats: 4, unitAmount: plan.unitAmount }],
      });
      if (seated.downgrade) {
        await insertSeatRemovals(db, {
          subscriptionId,
          targets: [{ paymentPlanId: PLAN, targetSeatsQuantity: 3 }],
          removeSeatsAt: end,
          stripeSubscriptionScheduleId: null,
          now,
        });
      }
    }
  } finally {
    await db.destroy();
  }
  await signInToCrowdedSpace(page, seated);
}
