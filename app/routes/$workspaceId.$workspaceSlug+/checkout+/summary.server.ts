import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { updatePerUserSubscription } from "~/api/billing.server";
import { checkoutResultQuery } from "~/domain/billing-query";
import { perUserTexts } from "~/domain/per-user-texts";
import { planNames } from "~/domain/billing-words";
import { IDEMPOTENCY_FIELD, newIdempotencyKey } from "~/domain/idempotency";
import { idempotencyKeySchema } from "~/domain/idempotency-schema";
import { formatMoney } from "~/domain/money";
import {
  chargeWording,
  perUserSteps,
  summaryDelta,
  userChangeCounts,
  type ChargeWording,
  type SummaryDelta,
} from "~/domain/per-user-checkout";
import { spacePath, spaceSections } from "~/domain/space-paths";
import { formatPaymentDate } from "~/domain/zoned-format";
import { redirectInSession } from "~/utils/auth.server";
import { timeZoneFromCookieHeader } from "~/utils/time-zone";
import { awaitSubscription, billingPage } from "../__billing/space-billing.server";
import {
  changeOf,
  changesSomething,
  chosenOnOptions,
  loadPerUserCheckout,
  perUserHref,
  perUserSections,
  reviewQuote,
  requireOneDomain,
  type PerUserCheckout,
} from "./__steps/per-user.server";

const texts = perUserTexts.summary;

/**
 * The review of a change to an active subscription (001 §4 Upgrade and
 * downgrade): a page without plan and cycle, a purchase or a legacy
 * upgrade, or a change that changes nothing goes to /checkout; Pro with
 * users of several domains to cannot-downgrade.
 */
async function loadReview(args: LoaderFunctionArgs | ActionFunctionArgs) {
  const checkout = await loadPerUserCheckout(args);
  const options = perUserHref(checkout, perUserSections.options);
  const { active } = checkout;
  if (!checkout.hasTarget || !active || (checkout.flow !== "UPGRADE" && checkout.flow !== "DOWNGRADE")) {
    throw redirect(options);
  }
  requireOneDomain(checkout);
  if (!changesSomething(checkout)) throw redirect(options);
  return { checkout, active, change: changeOf(checkout) };
}

/**
 * The change cards (001 §2 Summary step): plan, cycle, and users moved,
 * Gmail users apart; told from the selection, so that a change the backend
 * refuses still lists what was asked.
 */
function changeCards(checkout: PerUserCheckout, currentInterval: "YEARLY" | "MONTHLY") {
  const cards: string[] = [];
  const from = checkout.space.workspace.workspacePlan;
  if (from !== checkout.target.plan) {
    cards.push(texts.plan(planNames[from === "OFFLINE" ? "PRO" : from], planNames[checkout.target.plan]));
  }
  if (currentInterval !== checkout.target.interval) cards.push(texts.cycle(currentInterval, checkout.target.interval));
  const moved = userChangeCounts(checkout.users, checkout.paid);
  if (moved.upgraded > 0) cards.push(texts.users("upgrading", moved.upgraded, false));
  if (moved.gmailUpgraded > 0) cards.push(texts.users("upgrading", moved.gmailUpgraded, true));
  if (moved.downgraded > 0) cards.push(texts.users("downgrading", moved.downgraded, false));
  if (moved.gmailDowngraded > 0) cards.push(texts.users("downgrading", moved.gmailDowngraded, true));
  return cards;
}

/** 001 §4 Charge wording, in words. */
function chargeText(charge: ChargeWording, { date, currency }: { date: string; currency: string }) {
  switch (charge.kind) {
    case "end-of-cycle":
      return texts.endOfCycle(date);
    case "renewal":
      return texts.renewal(date);
    case "plan-now":
      return texts.planNow(date);
    case "charged":
      return texts.charged(formatMoney(charge.amount, currency));
  }
}

const titles: Record<SummaryDelta, (space: string) => string> = {
  CYCLE_CHANGE: perUserTexts.titles.cycle,
  UPGRADE: perUserTexts.titles.upgrading,
  DOWNGRADE: perUserTexts.titles.downgrading,
};

/**
 * 001 §2 Summary step: its title by the delta type, the cards, what is
 * charged when (001 §4 Charge wording), and Back: to the members page when
 * the change came from there, to the options where the change was chosen
 * (with the choice), else billing.
 */
export async function loadSummaryStep(args: LoaderFunctionArgs) {
  const { checkout, active } = await loadReview(args);
  const { space, target } = checkout;
  const { quote, refusal } = await reviewQuote(checkout);
  const timeZone = timeZoneFromCookieHeader(args.request.headers.get("Cookie"));
  // 001 §2: the checkout's dates read "March 5th, 2025" (the billing page keeps 000 §9's "Mar. 5, 2025").
  const date = formatPaymentDate(active.endTimestamp, timeZone);
  const delta = summaryDelta({
    fromPlan: space.workspace.workspacePlan,
    toPlan: target.plan,
    fromInterval: active.billingInterval,
    toInterval: target.interval,
    // Both with the subscription's taxes (the quote's current amount includes them): the base prices compared.
    currentAmount: quote?.currentAmount ?? active.amount,
    targetAmount: quote?.totalAmount ?? active.amount,
  });
  const charge =
    quote &&
    chargeText(
      chargeWording({
        fromInterval: active.billingInterval,
        toInterval: target.interval,
        planChanges: space.workspace.workspacePlan !== target.plan,
        chargedToday: quote.chargedToday,
      }),
      { date, currency: quote.currency },
    );
  return {
    title: titles[delta](space.workspace.workspaceName),
    header: {
      steps: perUserSteps(checkout.flow, chosenOnOptions(checkout)),
      current: "summary" as const,
      backTo: checkout.fromUsers
        ? spacePath(space.urlPrefix, spaceSections.users)
        : chosenOnOptions(checkout)
          ? perUserHref(checkout, perUserSections.options)
          : billingPage(space),
    },
    cards: changeCards(checkout, active.billingInterval),
    /** Why the backend refuses the change, in the options' words (001 §5), when it says. */
    refusal,
    charge,
    quoted: quote !== null,
    idempotencyKey: newIdempotencyKey(),
  };
}

/**
 * Confirm changes (001 §7 Update subscription, once only by the form's
 * key), then billing with the change's result (001 §2), once Stripe's event
 * has moved the space's subscription to the plan (the space and the user
 * are read anew there). A refusal or failure keeps the page with 001 §8's
 * message.
 */
export async function summaryAction(args: ActionFunctionArgs) {
  const { checkout, active, change } = await loadReview(args);
  const { space, target } = checkout;
  const key = idempotencyKeySchema.safeParse((await args.request.formData()).get(IDEMPOTENCY_FIELD));
  if (!key.success) throw new Response("Bad request", { status: 400 });
  try {
    await updatePerUserSubscription(space.auth, space.workspace.workspaceId, active.subscriptionId, change, key.data);
  } catch (error) {
    if (error instanceof Response) throw error;
    return data({ failed: true }, { status: 502 });
  }
  await awaitSubscription(space, (subscription) => subscription?.workspacePlan === target.plan);
  const moved = userChangeCounts(checkout.users, checkout.paid);
  const result: Record<string, string | number> = {
    from: space.workspace.workspacePlan,
    to: target.plan,
    fromInterval: active.billingInterval,
    toInterval: target.interval,
  };
  // 001 §2: the paid-user and Gmail paid-user deltas, whenever users moved (one made paid and another free
  // is a delta of 0, and still a change the billing page confirms).
  if (moved.upgraded + moved.downgraded > 0) result.workspaceUsers = moved.upgraded - moved.downgraded;
  if (moved.gmailUpgraded + moved.gmailDowngraded > 0) {
    result.gmailUsers = moved.gmailUpgraded - moved.gmailDowngraded;
  }
  throw redirectInSession(space.auth, `${billingPage(space)}?${checkoutResultQuery(result)}`);
}
