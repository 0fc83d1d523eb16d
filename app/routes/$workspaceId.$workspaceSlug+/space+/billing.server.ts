import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import {
  cancelIntervalChange,
  customerPortalUrl,
  listPaymentPlans,
  settleCheckoutSession,
  type PaymentPlan,
} from "~/api/billing.server";
import type { Subscription } from "~/api/subscriptions.server";
import { billingFlag, checkoutResult, checkoutSessionId, type CheckoutResult } from "~/domain/billing-query";
import { perUserChangeLinks, purchaseStart } from "~/domain/checkout-flow";
import { BILLING_INTENTS, CONFIRM_PARAM } from "~/domain/billing-intents";
import { billingTexts } from "~/domain/billing-texts";
import { planNames } from "~/domain/billing-words";
import { legacySwitchOffered } from "~/domain/per-user-checkout";
import { isGmailAddress } from "~/domain/wrong-plan";
import { canManageBillingPortal } from "~/domain/permissions";
import { perMonth } from "~/domain/seat-pricing";
import { formatMoney } from "~/domain/money";
import { spacePath, spaceSections } from "~/domain/space-paths";
import { bannerQuery } from "~/domain/banners";
import { formatDate } from "~/domain/zoned-format";
import { IDEMPOTENCY_FIELD } from "~/domain/idempotency";
import { idempotencyKeySchema } from "~/domain/idempotency-schema";
import { requestLog } from "~/observability/request-context.server";
import { appUrl } from "~/utils/app-url.server";
import { redirectInSession } from "~/utils/auth.server";
import { vouchedQuery } from "~/utils/banner-links.server";
import { requireAccess, requireSpace, requireSpaceWith, type SpaceContext } from "~/utils/space.server";
import { timeZoneFromCookieHeader } from "~/utils/time-zone";
import {
  awaitSubscription,
  billingPage,
  cancelSeatDowngrade,
  isManagedOffline,
  listSubscriptionsOf,
  loadSubscriptions,
  seatRemovalView,
  seatSummaryOf,
} from "../__billing/space-billing.server";
import { payLatestInvoice, paymentReturnUrl } from "../__billing/payment-confirmation.server";
import { CANCEL_DOWNGRADE_INTENT } from "~/domain/seat-downgrade";

/** Marks the one reload after a purchase, so that it never loops. */
const RELOADED_PARAM = "reloaded";

/**
 * The billing page (001 §2): the current plan, the plan cards of a free
 * space, the legacy upsell, the seats and their scheduled downgrade, a
 * scheduled billing-cycle change with its cancel confirmation
 * (`?confirm=cancel-interval-change`), and the banners the query asks for.
 */
export async function loadBillingPage(args: LoaderFunctionArgs) {
  // The subscriptions (the shell's call, shared) beside the guard; the plans and the seats' removals after it.
  const { space, answers: listed } = await requireSpaceWith(args, listSubscriptionsOf);
  requireAccess(space, (access) => access.canViewBillingPage, "");
  const url = new URL(args.request.url);
  const result = checkoutResult(vouchedQuery(url.searchParams, space.auth.session));
  // 001 §4: an inconsistent post-checkout query gives a clean billing page.
  if (result === "invalid") throw redirectInSession(space.auth, billingPage(space));
  const timeZone = timeZoneFromCookieHeader(args.request.headers.get("Cookie"));
  const { workspace, access } = space;
  if (result !== null && !url.searchParams.has(RELOADED_PARAM)) await settleReturn(space, url.searchParams);

  const [{ active }, plans] = await Promise.all([
    loadSubscriptions(space, { listed }),
    offersPlans(space) ? listPaymentPlans(space.auth) : [],
  ]);
  // Right after a purchase the webhook may trail the person by a moment, and the space (read alongside)
  // may still be free: once the subscription is there the page loads once more, reading everything anew.
  // A legacy licence replaced by a purchase waits the same way, for the subscription that names it (001 §4):
  // a licence paid through PayPal is the active subscription until then.
  // A purchase whose webhook was lost is applied by this very read (issue 33): the space read before it is
  // still free beside its Stripe subscription, and the page loads once more the same way.
  const appliedByThisRead = active?.paymentSource === "STRIPE" && workspace.workspacePlan === "FREE";
  const waiting =
    appliedByThisRead ||
    (result?.kind === "started" && workspace.workspacePlan === "FREE") ||
    (result?.kind === "legacy-replaced" && workspace.workspacePlan === "LEGACY");
  const arrived = (subscription: Subscription | null) =>
    result?.kind === "legacy-replaced" ? subscription?.legacyUpgrade != null : subscription !== null;
  if (waiting && !url.searchParams.has(RELOADED_PARAM)) {
    const awaited = arrived(active) ? { active } : await awaitSubscription(space, arrived);
    if (arrived(awaited.active)) {
      const again = new URLSearchParams(url.searchParams);
      again.set(RELOADED_PARAM, "1");
      throw redirect(`${url.pathname}?${again}`);
    }
  }
  const seats = await seatSummaryOf(space, active);
  const removal = seats && seatRemovalView(seats, timeZone);
  const canChange = access.canAccessBilling && active !== null && !isManagedOffline(active);

  return {
    spaceName: workspace.workspaceName,
    role: access.role,
    current: currentPlan(space, active, seats, timeZone),
    planCards: planCards(space, plans),
    legacyUpsell: workspace.workspacePlan === "LEGACY" ? legacyUpsell(space, plans, active) : null,
    changes: perUserChanges(space, active),
    canOpenPortal: canManageBillingPortal(access, workspace) && active !== null && !isManagedOffline(active),
    removal,
    intervalChange:
      active?.scheduledChanges && canChange
        ? {
            target: active.scheduledChanges.targetBillingInterval,
            current: active.billingInterval,
            date: formatDate(active.endTimestamp, timeZone),
            confirming: url.searchParams.get(CONFIRM_PARAM) === BILLING_INTENTS.cancelIntervalChange,
          }
        : null,
    success: successBanner(result, { active, removal, space }),
    duplicateRefund: duplicateRefund(active, timeZone),
    flag: billingFlag(url.searchParams),
  };
}

/**
 * Issue 33: back from Checkout, the purchase is applied from Stripe's record
 * of the session (its id in the query), whether its webhook came or not.
 * Best effort: should that fail, the page waits for the webhook as before.
 */
async function settleReturn(space: SpaceContext, query: URLSearchParams) {
  const sessionId = checkoutSessionId(query);
  if (!sessionId || !space.access.canAccessBilling) return;
  await settleCheckoutSession(space.auth, space.workspace.workspaceId, sessionId).catch((error: unknown) => {
    if (error instanceof Response) throw error;
    requestLog().warn({ err: error, checkoutSessionId: sessionId }, "the purchase's return did not settle its session");
  });
}

/**
 * Issue 24: a second purchase of the space paid at the same time was
 * cancelled and its payment refunded: said for a while after the refund.
 */
function duplicateRefund(active: Subscription | null, timeZone: string) {
  const [refund] = active?.additionalStripeInfo?.duplicateRefunds ?? [];
  if (!refund) return null;
  return billingTexts.duplicateRefund.detail(
    formatMoney(refund.amount, refund.currency),
    formatDate(refund.refundedTimestamp, timeZone),
  );
}

/** 001 §2: plan cards for a free space; the legacy upsell needs the Pro price too. */
const offersPlans = (space: SpaceContext) =>
  space.workspace.workspacePlan === "FREE" || space.workspace.workspacePlan === "LEGACY";

const amountOf = (plan: PaymentPlan | undefined) => plan?.paymentPlanTiers[0]?.unitAmount ?? null;

/**
 * 001 §3: for display only ACTIVE plans are read, in USD; a space that pays
 * in another currency is quoted in its own (a euro customer is never shown
 * dollars).
 */
function displayPlan(
  plans: PaymentPlan[],
  workspacePlan: "PRO" | "PREMIUM",
  userPlan: "PRO" | "PRO_PERSONAL",
  currency = "USD",
) {
  return plans.find(
    (plan) =>
      plan.status === "ACTIVE" &&
      plan.currency === currency &&
      plan.billingInterval === "YEARLY" &&
      plan.teamSize === null &&
      plan.workspacePlan === workspacePlan &&
      plan.userPlan === userPlan,
  );
}

/**
 * The plan cards of a free space (001 §2): Pro, and Premium unless the
 * PREMIUM_PLAN restriction applies or the space is per-seat (which sells
 * only Pro, 001 §1). Prices per month, billed annually; a Gmail buyer's Pro
 * is the Pro Personal price. Only someone with billing access may upgrade.
 */
function planCards(space: SpaceContext, plans: PaymentPlan[]) {
  const { workspace, access, me } = space;
  if (workspace.workspacePlan !== "FREE") return [];
  const gmail = isGmailAddress(me.userEmail);
  const offered: Array<"PRO" | "PREMIUM"> =
    workspace.isPerSeat || workspace.restrictions.PREMIUM_PLAN ? ["PRO"] : ["PRO", "PREMIUM"];
  return offered.flatMap((workspacePlan) => {
    const yearly = amountOf(
      displayPlan(plans, workspacePlan, workspacePlan === "PRO" && gmail ? "PRO_PERSONAL" : "PRO"),
    );
    if (yearly === null) return [];
    return [
      {
        plan: workspacePlan,
        summary: billingTexts.plans[workspacePlan].summary(gmail),
        price: formatMoney(perMonth(yearly), "USD", { plain: true }),
        unit: workspace.isPerSeat ? billingTexts.plans.perSeatMonth : billingTexts.plans.perUserMonth,
        upgradeTo: access.canAccessBilling
          ? spacePath(space.urlPrefix, purchaseStart({ isPerSeat: workspace.isPerSeat, gmail, plan: workspacePlan }))
          : null,
      },
    ];
  });
}

/**
 * The legacy upsell (001 §2): the new Pro price in the licence's currency,
 * and for those with billing access the way into the legacy upgrade (001
 * §4) where it can succeed; the Belgian entity's licences have 'Contact
 * support' alone.
 */
function legacyUpsell(space: SpaceContext, plans: PaymentPlan[], active: Subscription | null) {
  const currency = active?.currency ?? "USD";
  const yearly = amountOf(displayPlan(plans, "PRO", "PRO", currency));
  const { access, workspace } = space;
  return {
    price: yearly === null ? null : formatMoney(perMonth(yearly), currency, { plain: true }),
    upgradeTo:
      access.canAccessBilling && !workspace.isPerSeat && legacySwitchOffered(workspace.legacyLicense)
        ? spacePath(space.urlPrefix, spaceSections.checkoutLegacyUsers)
        : null,
  };
}

/**
 * The per-user changes of an active subscription paid through Stripe (the
 * only one the backend's per-user update takes), for those with billing
 * access: paid users, plan, billing cycle (001 §2, §4).
 */
function perUserChanges(space: SpaceContext, active: Subscription | null) {
  const { workspace, access } = space;
  if (workspace.isPerSeat || !access.canAccessBilling || active?.paymentSource !== "STRIPE") return null;
  if (active.workspacePlan !== "PRO" && active.workspacePlan !== "PREMIUM") return null;
  const links = perUserChangeLinks({
    plan: active.workspacePlan,
    interval: active.billingInterval,
    hasSchedule: active.stripeSubscriptionScheduleId !== null || active.scheduledChanges !== null,
    restrictions: workspace.restrictions,
  });
  const at = (section: string) => spacePath(space.urlPrefix, section);
  return {
    paidUsers: at(links.paidUsers),
    plan: links.plan && { to: links.plan.to, href: at(links.plan.href) },
    cycle: links.cycle && { to: links.cycle.to, href: at(links.cycle.href) },
  };
}

type Seats = Awaited<ReturnType<typeof seatSummaryOf>>;

/** The current-plan card (001 §2): the plan, the seats, the price per cycle and the renews/ends line. */
function currentPlan(space: SpaceContext, active: Subscription | null, seats: Seats, timeZone: string) {
  const { workspace } = space;
  const name =
    workspace.workspacePlan === "LEGACY" && workspace.legacyType
      ? billingTexts.currentPlan.legacy(workspace.legacyType)
      : billingTexts.currentPlan.plan(
          planNames[workspace.workspacePlan === "OFFLINE" ? "PRO" : workspace.workspacePlan],
        );
  return {
    name,
    isFree: workspace.workspacePlan === "FREE",
    seats: seats && { total: seats.totalSeats, used: seats.assignedSeats },
    price:
      active && !isManagedOffline(active) && active.amount > 0
        ? {
            amount: billingTexts.currentPlan.price(
              formatMoney(Math.round(active.amount * (1 + active.taxRate / 100)), active.currency),
              active.billingInterval,
            ),
            billed: billingTexts.billed[active.billingInterval],
            taxesIncluded: active.taxRate > 0,
          }
        : null,
    renewal: active
      ? (active.autoRenew ? billingTexts.currentPlan.renews : billingTexts.currentPlan.ends)(
          formatDate(active.endTimestamp, timeZone),
        )
      : null,
    offline: active !== null && isManagedOffline(active),
  };
}

/** 001 §4 Billing success banner, from the checked query and what the backend holds. */
function successBanner(
  result: CheckoutResult | null,
  {
    active,
    removal,
    space,
  }: { active: Subscription | null; removal: ReturnType<typeof seatRemovalView>; space: SpaceContext },
) {
  const texts = billingTexts.success;
  switch (result?.kind) {
    case undefined:
      return null;
    case "started":
      // Shown once the webhook made the subscription: until then, nothing has started.
      return active
        ? {
            title: texts.started,
            detail: (space.workspace.isPerSeat ? texts.startedSeats : texts.startedUsers)(result.seats),
            manageMembers: null,
          }
        : null;
    case "legacy-replaced":
      // Only once the new subscription names the licence it replaced has the previous one been cancelled.
      return active?.legacyUpgrade
        ? { title: texts.legacyReplaced, detail: texts.legacyReplacedDetail, manageMembers: null }
        : null;
    case "seats-added":
      return {
        title: texts.wellDone,
        detail: texts.seatsAdded(result.seats),
        manageMembers: spacePath(space.urlPrefix, spaceSections.users),
      };
    case "seats-removed":
      return {
        title: texts.removalScheduled,
        detail: removal ? texts.removalDetail(result.seats, removal.date) : null,
        manageMembers: null,
      };
    case "updated":
      return { title: texts.updated, detail: null, manageMembers: null };
  }
}

/**
 * The page's forms: Manage billing (a 303 to Stripe's portal, which comes
 * back here), the cancel of a scheduled billing-cycle change, and the cancel
 * of a scheduled seat downgrade. Any other intent is a 400.
 */
export async function billingAction(args: ActionFunctionArgs) {
  const space = await requireSpace(args);
  requireAccess(space, (access) => access.canAccessBilling, "");
  const form = await args.request.formData();
  switch (form.get("intent")) {
    case BILLING_INTENTS.portal:
      return openPortal(space, args.request);
    case BILLING_INTENTS.confirmPayment:
      return confirmPayment(space, args.request, form);
    case BILLING_INTENTS.cancelIntervalChange:
      return cancelScheduledIntervalChange(space);
    case CANCEL_DOWNGRADE_INTENT:
      return cancelSeatDowngrade(space, billingPage(space));
    default:
      throw new Response("Unknown intent", { status: 400 });
  }
}

async function openPortal(space: SpaceContext, request: Request) {
  if (!canManageBillingPortal(space.access, space.workspace)) throw new Response("No portal here", { status: 403 });
  const returnUrl = appUrl(request, billingPage(space));
  const portal = await customerPortalUrl(space.auth, space.workspace.workspaceId, returnUrl);
  return redirect(portal, 303);
}

/**
 * 001 §8 "Confirm your payment": the newest subscription's latest invoice
 * is paid with the saved card; when the card asks for authentication the
 * browser goes to Stripe's page for it (a redirect: no JavaScript needed),
 * which sends it back to checkout/payment-return. Once per form key.
 */
async function confirmPayment(space: SpaceContext, request: Request, form: FormData) {
  const page = billingPage(space);
  const key = idempotencyKeySchema.safeParse(form.get(IDEMPOTENCY_FIELD));
  const { subscriptions } = await loadSubscriptions(space);
  const newest = subscriptions[0];
  if (!key.success || !newest) throw redirectInSession(space.auth, page);
  const outcome = await payLatestInvoice(space, newest.subscriptionId, {
    returnUrl: paymentReturnUrl(request, space),
    idempotencyKey: key.data,
  });
  if ("redirectTo" in outcome) return redirect(outcome.redirectTo, 303);
  const banner = outcome.status === "declined" ? "payment-not-confirmed" : "payment-confirmed";
  throw redirectInSession(
    space.auth,
    outcome.status === "nothing-to-pay" ? page : `${page}?${bannerQuery({ banner })}`,
  );
}

async function cancelScheduledIntervalChange(space: SpaceContext) {
  const { active } = await loadSubscriptions(space);
  const page = billingPage(space);
  if (!active?.scheduledChanges || isManagedOffline(active)) throw redirectInSession(space.auth, page);
  try {
    await cancelIntervalChange(space.auth, space.workspace.workspaceId, active.subscriptionId);
  } catch (error) {
    if (error instanceof Response) throw error;
    return data({ intervalChangeError: billingTexts.intervalChange.failed }, { status: 502 });
  }
  throw redirectInSession(space.auth, `${page}?${bannerQuery({ banner: "interval-change-cancelled" })}`);
}
