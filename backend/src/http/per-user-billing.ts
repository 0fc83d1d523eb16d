import { randomUUID } from "node:crypto";
import { Hono, type Context } from "hono";
import { z } from "zod";
import { applyPerUserChange } from "../billing/per-user-subscription";
import type { BackendDb } from "../db/connection";
import type { WorkspacesTable } from "../db/tables/workspaces";
import { BILLING_INTERVALS, USER_PLANS, type BillingInterval, type Currency, type UserPlan } from "../domain/enums";
import {
  MAX_PAID_USERS,
  paidPlanOf,
  paidUsersAfter,
  type CheckoutMember,
  type PaidUserPlan,
  type PaidUsers,
  type PaidUsersRequest,
  type PerUserPlan,
} from "../domain/paid-users";
import {
  perUserItems,
  perUserPrice,
  planPerUserChange,
  quotePerUserChange,
  quotePerUserPurchase,
  type Item,
} from "../domain/per-user-changes";
import { parseRestrictions } from "../domain/restrictions";
import { perUserPlanRefusal } from "../domain/sale-rules";
import { UNLIMITED_SEATS } from "../domain/seats";
import { currencyForCountry, taxRateFor } from "../domain/taxes";
import { loadCheckoutMembers } from "../store/members";
import { applyMemberChanges, insertCheckoutRequest, replaceLegacyLicense } from "../store/per-user-billing";
import { loadSpaceSeats, type SubscriptionSeats } from "../store/space-seats";
import { saveScheduledChange, type SubscriptionRow } from "../store/subscriptions";
import type { AppEnv, BillingDeps } from "./app-env";
import { requireBillingAccess, requireSubscription } from "./billing-access";
import { businessPurchaseRules, catalogLines, checkoutFormFields, openPurchase, quoteView } from "./checkout";
import { badRequest, conflict, HttpError } from "./errors";
import { requestIdempotencyKey } from "./idempotency";
import { parseJsonBody, parseQuery } from "./validation";

/**
 * Billing API, per user (backend/README.md "Per-user and legacy billing";
 * 001 §4, §7): Checkout info v1, Checkout session v1 and the per-user
 * Update subscription, with legacy licences replaced by either.
 */

const SPACE = "/workspace-billing/workspaces/:workspaceId";
/** The most users one call names: the Premium paid-user limit. */
const MAX_USERS_PER_CALL = MAX_PAID_USERS.PREMIUM;

const userId = z.string().min(1).max(64);
const distinct = (ids: readonly string[]) => new Set(ids).size === ids.length;

const userPlanEntries = (field: string) =>
  z
    .array(z.object({ userId, userPlan: z.enum(USER_PLANS) }))
    .max(MAX_USERS_PER_CALL)
    .refine((entries) => distinct(entries.map((entry) => entry.userId)), `${field}: one entry per user`);

const perUserChangeFields = {
  workspacePlan: z.enum(["PRO", "PREMIUM"]),
  billingInterval: z.enum(BILLING_INTERVALS),
  upgradeLegacySubscription: z.boolean().optional(),
};

const infoBody = z.object({
  purchaseType: z.enum(["B2B", "B2C"]),
  country: z.string().regex(/^[A-Z]{2}$/, "must be two capital letters"),
  ...perUserChangeFields,
  userUpdates: userPlanEntries("userUpdates"),
});
const infoQuery = z.object({
  previewProratedChanges: z
    .enum(["true", "false"])
    .optional()
    .transform((value) => value === "true"),
});

/** The per-user body of `PUT SPACE/subscriptions/v1/{subscriptionId}`. */
export const perUserUpdateBody = z
  .object({ ...perUserChangeFields, workspaceUserPlans: userPlanEntries("workspaceUserPlans") })
  .strict();
type PerUserUpdate = z.output<typeof perUserUpdateBody>;

const sessionBody = z
  .object({
    ...checkoutFormFields,
    plans: z
      .array(
        z.object({
          stripePriceId: z.string().min(1),
          userIds: z.array(userId).min(1).max(MAX_USERS_PER_CALL),
          downgradeToFree: z.literal(false),
        }),
      )
      .min(1)
      .max(2),
    upgradeLegacySubscription: z.boolean().optional(),
  })
  .superRefine(businessPurchaseRules)
  .refine((body) => distinct(body.plans.flatMap((plan) => plan.userIds)), "plans: a user in one plan only");

const updatesOf = (entries: ReadonlyArray<{ userId: string; userPlan: UserPlan }>) =>
  new Map(entries.map((entry) => [entry.userId, entry.userPlan]));

/** The paid users after the change, or the contract's refusal (404 for a name that is no member, 409 otherwise). */
function requirePaidUsers(members: readonly CheckoutMember[], request: PaidUsersRequest): PaidUsers {
  const after = paidUsersAfter(members, request);
  if (!("refusal" in after)) return after;
  if (after.refusal === "member_not_found") throw new HttpError(404, "member_not_found");
  throw conflict(after.refusal);
}

/** A per-user call is for a per-user space: a per-seat space's are the v2 calls. */
function requirePerUserSpace(workspace: WorkspacesTable) {
  if (workspace.is_per_seat === 1) throw conflict("per_seat_space");
}

/**
 * A plan and interval the space may move to (400 `plan_not_sold`): the
 * rollout restrictions hold Premium and monthly billing back, except for a
 * subscription already on them, which keeps what it has.
 */
function requirePlanSold(
  workspace: WorkspacesTable,
  wanted: { workspacePlan: PerUserPlan; billingInterval: BillingInterval },
  current: Pick<SubscriptionRow, "workspace_plan" | "billing_interval"> | null,
) {
  const restrictions = parseRestrictions(workspace.restrictions);
  const refusal = perUserPlanRefusal(
    {
      PREMIUM_PLAN: restrictions.PREMIUM_PLAN && current?.workspace_plan !== "PREMIUM",
      MONTHLY_BILLING: restrictions.MONTHLY_BILLING && current?.billing_interval !== "MONTHLY",
    },
    wanted,
  );
  if (refusal) throw badRequest(refusal);
}

/** `upgradeLegacySubscription` is for a LEGACY space, which needs it. */
function requireLegacyFlag(isLegacy: boolean, upgradeLegacySubscription: boolean | undefined) {
  if (isLegacy && !upgradeLegacySubscription) throw conflict("upgrade_legacy_subscription_required");
  if (!isLegacy && upgradeLegacySubscription) throw conflict("no_legacy_subscription");
}

/**
 * What a per-user call works on: the space's active Stripe subscription (a
 * change), or none (a purchase, replacing the legacy licence paid through
 * PayPal if there is one). Another active subscription (SUPPORT, OFFLINE)
 * cannot be changed here.
 */
async function billedSubscription(db: BackendDb, workspace: WorkspacesTable, upgradeLegacy: boolean | undefined) {
  requireLegacyFlag(workspace.plan === "LEGACY", upgradeLegacy);
  const [active] = await loadSpaceSeats(db, workspace.id, Date.now());
  if (!active) return { active: null, legacyLicense: null };
  if (active.subscription.payment_source === "STRIPE") return { active, legacyLicense: null };
  if (active.subscription.workspace_plan === "LEGACY") return { active: null, legacyLicense: active.subscription };
  throw conflict("not_a_stripe_subscription");
}

/** The subscription's seat plans as the items of a change. */
const heldItems = ({ plans }: SubscriptionSeats): Item[] =>
  plans
    .filter((plan) => plan.totalSeats !== UNLIMITED_SEATS)
    .map((plan) => ({
      paymentPlanId: plan.paymentPlanId,
      userPlan: plan.userPlan,
      quantity: plan.totalSeats,
      unitAmount: plan.unitAmount,
    }));

/**
 * A per-user update of an active Stripe subscription, planned: 409 for a
 * plan and interval changed at once, or an interval changed while a
 * schedule holds the subscription (001 §4 Query parameters of checkout);
 * then who is paid after it, its Stripe steps and what the renewal bills.
 */
function planUpdate(
  active: SubscriptionSeats,
  members: readonly CheckoutMember[],
  wanted: { workspacePlan: PerUserPlan; billingInterval: BillingInterval; updates: PaidUsersRequest["updates"] },
) {
  const { subscription } = active;
  const planChanges = wanted.workspacePlan !== subscription.workspace_plan;
  const intervalChanges = wanted.billingInterval !== subscription.billing_interval;
  if (planChanges && intervalChanges) throw conflict("cannot-update-subscription-plan-and-interval");
  if (intervalChanges && subscription.stripe_subscription_schedule_id) {
    throw conflict("cannot-change-billing-cycle-when-scheduled");
  }
  const paid = requirePaidUsers(members, { plan: wanted.workspacePlan, updates: wanted.updates, othersFree: false });
  const renewalInterval = intervalChanges
    ? wanted.billingInterval
    : (subscription.scheduled_billing_interval ?? subscription.billing_interval);
  const held = heldItems(active);
  const change = planPerUserChange({
    held,
    currentPlan: subscription.workspace_plan,
    targetPlan: wanted.workspacePlan,
    currentInterval: subscription.billing_interval,
    renewalInterval,
    currency: subscription.currency as Currency,
    counts: paid.counts,
    madePaid: paid.madePaid,
    legacy: subscription.workspace_plan === "LEGACY",
  });
  return { paid, held, change, renewalInterval, newInterval: intervalChanges ? wanted.billingInterval : null };
}

/** `paidUsers` / `gmailPaidUsers` of a PerUserQuote: the count after the change at its price, before tax. */
function usersLine(
  paid: PaidUsers,
  userPlan: PaidUserPlan,
  price: { plan: PerUserPlan; billingInterval: BillingInterval; currency: Currency },
) {
  const { unitAmount } = perUserPrice(price.plan, userPlan, price.billingInterval, price.currency);
  const count = paid.counts[userPlan];
  return { count, unitAmount, totalAmount: count * unitAmount };
}

/**
 * Applies a per-user update: the Stripe steps, then a billing-interval
 * change planned (or a planned one re-phased to the new seats), then, in
 * one transaction, the members' plans and a legacy licence replaced in
 * place. Answers the invoice of what was charged now.
 */
export async function updatePerUserSubscription(
  { db, stripe, prices }: BillingDeps,
  c: Context<AppEnv>,
  body: PerUserUpdate,
) {
  const { workspace } = await requireBillingAccess(db, c);
  const subscription = await requireSubscription(db, c, workspace.id);
  requirePerUserSpace(workspace);
  if (subscription.status !== "ACTIVE") throw conflict("subscription_not_active");
  if (subscription.payment_source !== "STRIPE") throw conflict("not_a_stripe_subscription");
  const legacy = subscription.workspace_plan === "LEGACY";
  requireLegacyFlag(legacy, body.upgradeLegacySubscription);
  requirePlanSold(workspace, body, subscription);
  const now = Date.now();
  const [spaceSeats, members] = await Promise.all([
    loadSpaceSeats(db, workspace.id, now),
    loadCheckoutMembers(db, workspace.id),
  ]);
  const active = spaceSeats.find((seats) => seats.subscription.id === subscription.id)!;
  const { paid, change, renewalInterval, newInterval } = planUpdate(active, members, {
    ...body,
    updates: updatesOf(body.workspaceUserPlans),
  });

  // A planned interval change is re-phased when the seats change under it.
  const planned = newInterval ?? (change.steps.length > 0 ? subscription.scheduled_billing_interval : null);
  const { invoice: latestInvoice, scheduleId } = await applyPerUserChange(stripe, prices, {
    subscriptionId: subscription.id,
    steps: change.steps,
    workspacePlan: body.workspacePlan,
    scheduleId: subscription.stripe_subscription_schedule_id,
    renewalInterval: planned ? renewalInterval : null,
    requestKey: requestIdempotencyKey(c),
  });
  if (planned && scheduleId) {
    await saveScheduledChange(db, subscription.id, { scheduleId, billingInterval: renewalInterval });
  }
  await db.transaction().execute(async (trx) => {
    await applyMemberChanges(trx, workspace.id, paid.changes, Date.now());
    if (legacy) {
      await replaceLegacyLicense(trx, {
        workspaceId: workspace.id,
        legacySubscriptionId: subscription.id,
        subscriptionId: subscription.id,
        now: Date.now(),
      });
    }
  });
  return c.json({
    subscriptionId: subscription.id,
    latestInvoice: latestInvoice && {
      invoiceId: latestInvoice.invoiceId,
      paid: latestInvoice.paid,
      hostedInvoiceUrl: latestInvoice.hostedInvoiceUrl,
      paymentIntent: latestInvoice.paymentIntent && { status: latestInvoice.paymentIntent.status },
    },
  });
}

/**
 * The Checkout Session's plans as one domain price (the plan: PRO or
 * PREMIUM; Pro when there is none) and at most one Gmail Pro price, of one
 * interval (400 `plan_not_sold`), each user on their kind's price (400
 * `user_plan_mismatch` for a member on the other kind's).
 */
async function purchasedPlans(
  prices: BillingDeps["prices"],
  body: z.output<typeof sessionBody>,
  members: readonly CheckoutMember[],
) {
  const lines = await catalogLines(prices, body.plans, body.addressInfo.country);
  const domain = lines.filter((line) => line.plan.userPlan === "PRO");
  const gmail = lines.filter((line) => line.plan.userPlan === "PRO_PERSONAL");
  const plan = domain[0]?.plan.workspacePlan ?? "PRO";
  const sold =
    domain.length <= 1 &&
    gmail.length <= 1 &&
    (plan === "PRO" || plan === "PREMIUM") &&
    lines.every((line) => line.plan.teamSize === null && line.plan.billingInterval === lines[0]!.plan.billingInterval);
  if (!sold) throw badRequest("plan_not_sold");
  for (const line of lines) {
    for (const id of line.userIds) {
      const member = members.find((candidate) => candidate.userId === id);
      if (member && paidPlanOf(member) !== line.plan.userPlan) throw badRequest("user_plan_mismatch");
    }
  }
  return { lines, plan: plan as PerUserPlan, billingInterval: lines[0]!.plan.billingInterval };
}

export function perUserBillingRoutes(deps: BillingDeps) {
  const { db, prices } = deps;
  const routes = new Hono<AppEnv>();

  routes.post(`${SPACE}/stripe/checkout/v1/info`, async (c) => {
    const { previewProratedChanges } = parseQuery(c, infoQuery);
    const body = await parseJsonBody(c, infoBody);
    const { workspace } = await requireBillingAccess(db, c);
    requirePerUserSpace(workspace);
    const { active } = await billedSubscription(db, workspace, body.upgradeLegacySubscription);
    requirePlanSold(workspace, body, active?.subscription ?? null);
    const members = await loadCheckoutMembers(db, workspace.id);
    const updates = updatesOf(body.userUpdates);
    const now = Date.now();
    let quote;
    let paid: PaidUsers;
    let priced: { plan: PerUserPlan; billingInterval: BillingInterval; currency: Currency };
    if (active) {
      const planned = planUpdate(active, members, { ...body, updates });
      const { subscription } = active;
      paid = planned.paid;
      priced = {
        plan: body.workspacePlan,
        billingInterval: planned.renewalInterval,
        currency: subscription.currency as Currency,
      };
      quote = quotePerUserChange(planned.change, {
        held: planned.held,
        currency: priced.currency,
        taxRate: subscription.tax_rate,
        currentInterval: subscription.billing_interval,
        renewalInterval: planned.renewalInterval,
        period: { startTimestamp: subscription.start_timestamp, endTimestamp: subscription.end_timestamp },
        prorate: previewProratedChanges,
        now,
      });
    } else {
      paid = requirePaidUsers(members, { plan: body.workspacePlan, updates, othersFree: false });
      priced = {
        plan: body.workspacePlan,
        billingInterval: body.billingInterval,
        currency: currencyForCountry(body.country),
      };
      quote = quotePerUserPurchase({
        items: perUserItems(paid.counts, priced.plan, priced.billingInterval, priced.currency),
        currency: priced.currency,
        taxRate: taxRateFor(priced.currency, body.country),
        billingInterval: body.billingInterval,
        now,
      });
    }
    return c.json({
      ...(await quoteView(quote, prices)),
      currentWorkspacePlan: workspace.plan,
      targetWorkspacePlan: body.workspacePlan,
      paidUsers: usersLine(paid, "PRO", priced),
      gmailPaidUsers: usersLine(paid, "PRO_PERSONAL", priced),
      userChanges: paid.userChanges,
      maxPaidUsers: MAX_PAID_USERS[body.workspacePlan],
      userRestrictions: paid.restrictions,
    });
  });

  routes.post(`${SPACE}/stripe/checkout/v1/session`, async (c) => {
    const body = await parseJsonBody(c, sessionBody);
    if (body.workspaceId !== c.req.param("workspaceId")) throw badRequest("workspaceId must be the path's");
    const { workspace, user } = await requireBillingAccess(db, c);
    requirePerUserSpace(workspace);
    const { active, legacyLicense } = await billedSubscription(db, workspace, body.upgradeLegacySubscription);
    if (active)
      throw conflict(
        active.subscription.workspace_plan === "LEGACY" ? "legacy_paid_through_stripe" : "subscription_exists",
      );
    const members = await loadCheckoutMembers(db, workspace.id);
    const { lines, plan, billingInterval } = await purchasedPlans(prices, body, members);
    requirePlanSold(workspace, { workspacePlan: plan, billingInterval }, null);
    const updates = new Map(
      lines.flatMap((line) => line.userIds.map((id): [string, UserPlan] => [id, line.plan.userPlan])),
    );
    const paid = requirePaidUsers(members, { plan, updates, othersFree: true });

    const checkoutId = randomUUID();
    const session = await openPurchase(deps, c, {
      workspace,
      user,
      form: body,
      currency: lines[0]!.plan.currency,
      lines: lines.map((line) => ({ stripePriceId: line.stripePriceId, quantity: line.userIds.length })),
      couponId: null,
      metadata: { checkoutId, workspacePlan: plan },
    });
    await insertCheckoutRequest(db, {
      id: checkoutId,
      workspaceId: workspace.id,
      buyerUserId: user.id,
      legacySubscriptionId: legacyLicense?.id ?? null,
      users: paid.changes.flatMap(({ member, after }) =>
        after === "FREE" ? [] : [{ userId: member.userId, userPlan: after }],
      ),
      now: Date.now(),
    });
    return c.json(session);
  });

  return routes;
}
