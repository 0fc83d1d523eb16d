import { redirect } from "@remix-run/node";
import { quotePerUser, type PerUserQuote } from "~/api/billing.server";
import { isBackendError } from "~/api/http.server";
import { listAllMembers, type Member } from "~/api/members.server";
import { BILLING_QUERY } from "~/domain/billing-query";
import { perUserTexts } from "~/domain/per-user-texts";
import { planNames } from "~/domain/billing-words";
import { checkoutQueryFlag, checkoutTarget, targetOffered } from "~/domain/checkout-flow";
import { DEFAULT_COUNTRY, isEuropeanCountry } from "~/domain/countries";
import { CHECKOUT_SELECTION, memberTypeTexts } from "~/domain/member-type";
import {
  availableUsers,
  isLegacyFlow,
  isPaidNow,
  paidAfter,
  perUserFlowType,
  spansMultipleDomains,
  userUpdates,
  type CheckoutUser,
} from "~/domain/per-user-checkout";
import { spacePath, spaceSections } from "~/domain/space-paths";
import { isGmailAddress } from "~/domain/wrong-plan";
import { mayGoUnread, requireAccess, requireSpaceWith, type SpaceArgs } from "~/utils/space.server";
import { billingPage, listSubscriptionsOf, loadSubscriptions } from "../../__billing/space-billing.server";
import { userLimit } from "../../__members/add-members.server";

/*
 * What the per-user checkout pages share (001 §2, §4): billing access, the
 * §4 query rules, the plan, cycle and paid users the query asks for, and
 * the backend's quote of that change. The selection travels in the query
 * (`paid=<id>`, `free=<id>`: the members page's own parameters), so every
 * step works, reloads and goes Back without JavaScript.
 */

/** The per-user checkout's pages under /checkout. */
export const perUserSections = {
  options: spaceSections.checkout,
  information: spaceSections.checkoutInformation,
  summary: `${spaceSections.checkout}/summary`,
  cannotDowngrade: `${spaceSections.checkout}/cannot-downgrade`,
  legacyUsers: spaceSections.checkoutLegacyUsers,
} as const;

/** A choice that names nobody. */
const NOBODY: ReadonlySet<string> = new Set();
/** The members page's summary link goes Back there (002 §2). */
export const FROM_USERS = "users";

function checkoutUserOf(member: Member): CheckoutUser & { name: string } {
  return {
    id: member.userId,
    email: member.userEmail,
    name: member.userName || member.userEmail,
    role: member.userRole,
    plan: member.userPlan,
    status: member.status,
    toBeRemoved: member.toBeRemoved,
    scheduledDowngrade: member.isScheduledToBeDowngraded,
  };
}

export type PerUserCheckout = Awaited<ReturnType<typeof loadPerUserCheckout>>;

/**
 * A per-user checkout page: billing access (001 §2), a per-user space, a
 * plan or cycle that is neither missing nor valid (a broken link) back to
 * billing, the §4 refusals with billing's flags, a plan or cycle the space is not
 * offered (001 §6) back to billing, then the plan and cycle asked (001 §3
 * defaults PRO and YEARLY), the flow type and who would be paid. The
 * per-seat layout has no such steps: its options page leads a domain user
 * to the details step and a Gmail user to billing, as every other does.
 */
export async function loadPerUserCheckout(args: SpaceArgs, page: "options" | "other" = "other") {
  // The subscriptions (the shell's call, shared) and the members beside the guard.
  const { space, answers } = await requireSpaceWith(args, async (caller) => ({
    subscriptions: mayGoUnread(listSubscriptionsOf(caller)),
    members: await listAllMembers(caller.auth, caller.workspaceId, { search: "", sortBy: "userName" }),
  }));
  requireAccess(space, (access) => access.canAccessBilling, "");
  if (space.workspace.isPerSeat) {
    const domainStart = page === "options" && !isGmailAddress(space.me.userEmail);
    throw redirect(domainStart ? spacePath(space.urlPrefix, spaceSections.checkoutDetails) : billingPage(space));
  }
  const query = new URL(args.request.url).searchParams;
  const asked = checkoutTarget(query);
  if (!asked) throw redirect(billingPage(space));
  const { given, ...target } = asked;
  const { subscriptions, members } = await answers;
  const { active } = await loadSubscriptions(space, { listed: subscriptions });
  const flag = checkoutQueryFlag(
    query,
    target,
    active && {
      workspacePlan: active.workspacePlan,
      billingInterval: active.billingInterval,
      hasSchedule: active.stripeSubscriptionScheduleId !== null,
    },
  );
  if (flag) throw redirect(`${billingPage(space)}?${flag}=true`);
  const current = active && { plan: active.workspacePlan, interval: active.billingInterval };
  if (!targetOffered(target, space.workspace.restrictions, current)) throw redirect(billingPage(space));

  const users = availableUsers(members.map(checkoutUserOf));
  const choice = {
    paid: new Set(query.getAll(CHECKOUT_SELECTION.paid)),
    free: new Set(query.getAll(CHECKOUT_SELECTION.free)),
  };
  const flow = perUserFlowType(space.workspace.workspacePlan, target.plan, space.workspace.legacyLicense);
  return {
    space,
    active,
    target,
    /** 001 §2: a page reached without plan and interval goes to /checkout. */
    hasTarget: given,
    users,
    flow,
    paid: paidAfter(users, choice),
    fromUsers: query.get(BILLING_QUERY.from) === FROM_USERS,
  };
}

/** The canonical query of a selection: plan, cycle, the users whose paid state moves, and `from`. */
export function selectionQuery(
  checkout: Pick<PerUserCheckout, "target" | "users" | "fromUsers">,
  paid: ReadonlySet<string>,
) {
  const query = new URLSearchParams({
    [BILLING_QUERY.plan]: checkout.target.plan,
    [BILLING_QUERY.interval]: checkout.target.interval,
  });
  for (const user of checkout.users) {
    if (paid.has(user.id) && !isPaidNow(user)) query.append(CHECKOUT_SELECTION.paid, user.id);
    if (!paid.has(user.id) && isPaidNow(user)) query.append(CHECKOUT_SELECTION.free, user.id);
  }
  if (checkout.fromUsers) query.set(BILLING_QUERY.from, FROM_USERS);
  return query;
}

/** A per-user page of this space, for this selection. */
export const perUserHref = (checkout: PerUserCheckout, section: string, paid: ReadonlySet<string> = checkout.paid) =>
  `${spacePath(checkout.space.urlPrefix, section)}?${selectionQuery(checkout, paid)}`;

/**
 * 001 §2 Back button, one step back from the options (or from billing
 * information when they are skipped): a legacy upgrade's users list (001 §4
 * Legacy users page, whose Next leads here), else billing.
 */
export const beforeOptions = (checkout: PerUserCheckout) =>
  isLegacyFlow(checkout.flow)
    ? spacePath(checkout.space.urlPrefix, perUserSections.legacyUsers)
    : billingPage(checkout.space);

/** 001 §2 Cannot-downgrade, §4: the Pro plan takes only users of the owner's domain. */
export const blockedByDomains = (checkout: PerUserCheckout) =>
  checkout.target.plan === "PRO" && spansMultipleDomains(checkout.users);

/** 001 §4: a move to Pro with users of several domains stops at cannot-downgrade. */
export function requireOneDomain(checkout: PerUserCheckout) {
  if (blockedByDomains(checkout)) throw redirect(perUserHref(checkout, perUserSections.cannotDowngrade));
}

/** The change the backend prices and applies: the target plan and cycle and the users whose plan moves. */
export function changeOf(checkout: PerUserCheckout, paid: ReadonlySet<string> = checkout.paid) {
  return {
    workspacePlan: checkout.target.plan,
    billingInterval: checkout.target.interval,
    userUpdates: userUpdates(checkout.users, paid),
    upgradeLegacySubscription: isLegacyFlow(checkout.flow),
  };
}

/** Whether the selection moves the plan or the billing cycle (not only who is paid). */
export function changesPlanOrCycle({ active, target, space }: PerUserCheckout) {
  return (
    target.plan !== space.workspace.workspacePlan || (active !== null && target.interval !== active.billingInterval)
  );
}

/** Whether the selection changes the plan, the cycle or a user's plan (001 §4: else the summary has nothing to show). */
export const changesSomething = (checkout: PerUserCheckout) =>
  changesPlanOrCycle(checkout) || changeOf(checkout).userUpdates.length > 0;

/**
 * Whether the change is chosen on the options step before its review: a
 * downgrade (001 §2 step lists), and a change of who is paid on the same
 * plan and cycle, where several users are chosen at once and the sidebar
 * prices them. An upgrade of plan or cycle goes straight to its review (001
 * §4 Upgrade and downgrade).
 */
export const chosenOnOptions = (checkout: PerUserCheckout) =>
  checkout.flow === "DOWNGRADE" || (checkout.flow === "UPGRADE" && !changesPlanOrCycle(checkout));

interface QuoteOptions {
  country?: string;
  business?: boolean;
  preview: boolean;
  paid?: ReadonlySet<string>;
}

/**
 * The backend's quote of the selection (001 §7 Checkout info v1), for the
 * country typed so far, or why there is none: more paid users than the
 * target plan allows (001 §5, backend 409 `max_users_reached`), a user
 * made paid who is paid in another space (409 `already_paid_user`), or any
 * other failure.
 */
async function quoteOrRefusal(
  checkout: PerUserCheckout,
  options: QuoteOptions,
): Promise<PerUserQuote | "past-limit" | "paid-elsewhere" | "failed"> {
  const country = options.country && /^[A-Z]{2}$/.test(options.country) ? options.country : DEFAULT_COUNTRY;
  try {
    return await quotePerUser(checkout.space.auth, checkout.space.workspace.workspaceId, {
      ...changeOf(checkout, options.paid),
      country,
      business: isEuropeanCountry(country) && options.business === true,
      previewProratedChanges: options.preview,
    });
  } catch (error) {
    if (error instanceof Response) throw error;
    if (isBackendError(error, 409) && error.reason === "max_users_reached") return "past-limit";
    return isBackendError(error, 409) && error.reason === "already_paid_user" ? "paid-elsewhere" : "failed";
  }
}

/** The quote of the selection; null when the backend cannot price it (the page says so). */
export async function quoteSelection(checkout: PerUserCheckout, options: QuoteOptions): Promise<PerUserQuote | null> {
  const answer = await quoteOrRefusal(checkout, options);
  return typeof answer === "string" ? null : answer;
}

/** The quote of the starting choice, where no user's plan moves: its limit and who is paid elsewhere hold for any. */
const startingQuote = (checkout: PerUserCheckout) =>
  quoteSelection(checkout, { preview: false, paid: paidAfter(checkout.users, { paid: NOBODY, free: NOBODY }) });

/** The space's own paid-user limit (the PRO row of its features), for a target of its plan. */
function ownLimit({ space, target }: PerUserCheckout) {
  return target.plan === space.workspace.workspacePlan ? userLimit(space, "PRO") : null;
}

/**
 * The options step's quote of the selection and the target plan's paid-user
 * limit (001 §5): the quote's `maxPaidUsers`. A selection the backend
 * refuses as past the limit has no quote (`pastLimit`), and the limit is
 * the quote's of the step's starting choice, where no user's plan moves.
 * Without a quote telling it, the space's own limit when the plan stays,
 * else null: not known.
 */
export async function quoteWithLimit(checkout: PerUserCheckout) {
  const answer = await quoteOrRefusal(checkout, { preview: false });
  if (typeof answer !== "string") return { quote: answer, limit: answer.maxPaidUsers, pastLimit: false };
  const pastLimit = answer === "past-limit";
  const start = pastLimit ? await startingQuote(checkout) : null;
  return { quote: null, limit: start?.maxPaidUsers ?? ownLimit(checkout), pastLimit };
}

export type QuoteWithLimit = Awaited<ReturnType<typeof quoteWithLimit>>;

/**
 * The review's quote of the change (prorated), or why the backend refuses
 * it in the options' words (001 §5): the plan's paid-user limit, or who of
 * those made paid is paid in another space (002 §5's text); `refusal` null
 * for any other failure, which has 001 §8's text.
 */
export async function reviewQuote(
  checkout: PerUserCheckout,
): Promise<{ quote: PerUserQuote; refusal: null } | { quote: null; refusal: string | null }> {
  const answer = await quoteOrRefusal(checkout, { preview: true });
  if (typeof answer !== "string") return { quote: answer, refusal: null };
  if (answer === "failed") return { quote: null, refusal: null };
  const start = await startingQuote(checkout);
  if (answer === "past-limit") {
    return { quote: null, refusal: start ? perUserTexts.options.limit(start.maxPaidUsers) : null };
  }
  const elsewhere = new Set(
    (start?.userRestrictions ?? []).filter((entry) => entry.errorCode === "already_paid_user").map((e) => e.userId),
  );
  const refused = checkout.users.filter((user) => checkout.paid.has(user.id) && elsewhere.has(user.id));
  return { quote: null, refusal: refused[0] ? memberTypeTexts.alreadyPaid(refused[0], refused.length - 1) : null };
}

/**
 * 001 §4: the options step is skipped when only one user is available, and
 * Gmail users go straight past it.
 */
export const optionsStepShown = (checkout: PerUserCheckout) =>
  checkout.users.length > 1 && !isGmailAddress(checkout.space.me.userEmail);

/** The per-user sidebar's lines (001 §2 Billing options): the paid users and, apart, the Gmail paid users. */
export function userSummary(quote: PerUserQuote): {
  plan: string;
  lines: Array<{ label: string; amount: number }>;
  billed: string;
} {
  const texts = perUserTexts.sidebar;
  const lines = [{ label: texts.paidUsers(quote.paidUsers.count), amount: quote.paidUsers.totalAmount }];
  if (quote.gmailPaidUsers.count > 0) {
    lines.push({ label: texts.gmailPaidUsers(quote.gmailPaidUsers.count), amount: quote.gmailPaidUsers.totalAmount });
  }
  return {
    plan: texts.plan(planNames[quote.targetWorkspacePlan]),
    lines,
    billed: texts.billed[quote.targetBillingInterval],
  };
}
