import { Hono } from "hono";
import type { AppEnv, BillingDeps } from "./app-env";

/** Billing API: the catalog (001 §7 Payment plans), with the Stripe price of each plan. Any session may read it. */
export function paymentPlansRoutes({ prices }: BillingDeps) {
  const routes = new Hono<AppEnv>();

  routes.get("/workspace-billing/payment-plans/v1", async (c) => {
    const plans = await prices.pricedPlans();
    return c.json({
      items: plans.map((plan) => ({
        paymentPlanId: plan.paymentPlanId,
        stripePriceId: plan.stripePriceId,
        workspacePlan: plan.workspacePlan,
        userPlan: plan.userPlan,
        teamSize: plan.teamSize,
        status: "ACTIVE",
        currency: plan.currency,
        billingInterval: plan.billingInterval,
        paymentPlanTiers: [{ unitAmount: plan.unitAmount, upTo: null }],
      })),
    });
  });

  return routes;
}
