import type { Page } from "@playwright/test";
import { openDatabase } from "../../../backend/src/db/connection";
import { findPaymentPlan } from "../../../backend/src/domain/payment-plans";
import { saveSubscription } from "../../../backend/src/store/subscriptions";
import { writeCrowdedSpace, type CrowdedSpace } from "../../support/crowded-space";
import { crowdedSpacePath, signInToCrowdedSpace } from "./crowded-space";
import { e2eEnv } from "./env";

const DAY_MS = 24 * 60 * 60 * 1000;
const PLAN = "pro-yearly-usd";

/**
 * A Pro per-seat space with a yearly subscription of 4 seats, 3 of them
 * taken (its owner and two members): one seat left. One per browser project
 * and attempt, so that a test may fill it in each run.
 */
export function seatedSpace({ project, retry }: { project: { name: string }; retry: number }) {
  const index = project.name === "js" ? 1 : 2;
  const crowd: CrowdedSpace = {
    space: { id: `51900000000001${index}${retry}`, name: `Seated Works ${index}${retry}` },
    owner: { id: `619${index}${retry}00000000000`, email: `sally@seated-${index}${retry}.test`, name: "Sally Seated" },
    plan: "PRO",
    isPerSeat: true,
    members: 2,
    userPlan: "PRO",
  };
  return { ...crowd, path: crowdedSpacePath(crowd) };
}

/** Writes the space and its subscription (unless there) and signs its owner in. */
export async function signInToSeatedSpace(page: Page, seated: CrowdedSpace) {
  const db = openDatabase(e2eEnv().databasePath);
  try {
    await writeCrowdedSpace(db, seated);
    const now = Date.now();
    const plan = findPaymentPlan(PLAN)!;
    await saveSubscription(db, {
      id: `sub_${seated.space.id}`,
      workspaceId: seated.space.id,
      workspacePlan: "PRO",
      status: "ACTIVE",
      billingInterval: "YEARLY",
      currency: plan.currency,
      paymentSource: "STRIPE",
      autoRenew: true,
      startTimestamp: now - 30 * DAY_MS,
      endTimestamp: now + 335 * DAY_MS,
      createdAt: now - 30 * DAY_MS,
      stripeCustomerId: null,
      stripeSubscriptionScheduleId: null,
      scheduledBillingInterval: null,
      taxRate: 0,
      couponId: null,
      seatPlans: [{ paymentPlanId: PLAN, userPlan: "PRO", totalSeats: 4, unitAmount: plan.unitAmount }],
    });
  } finally {
    await db.destroy();
  }
  await signInToCrowdedSpace(page, seated);
}
