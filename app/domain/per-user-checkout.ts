import { checkoutTexts } from "./checkout-texts";
import { perUserTexts } from "./per-user-texts";
import type { CheckoutStep, Interval, TargetPlan } from "./checkout-flow";
import type { UserPlan, WorkspacePlan } from "./account-types";
import { isGmailAddress } from "./wrong-plan";

/*
 * The per-user checkout (001 §2, §3, §4, §5): its flow types, steps and
 * buttons, who is paid after a selection, and how the summary tells the
 * change. Pure rules; the route modules load the data and call these.
 */

/** The options step's two buttons: Update the summary, Next. */
export const OPTIONS_INTENTS = { update: "update", next: "next" } as const;
/** Each user's radio on the options step is named `user-<id>`, valued `paid` or `free`. */
export const USER_RADIO_PREFIX = "user-";

export type PerUserFlowType =
  | "PURCHASE"
  | "UPGRADE"
  | "DOWNGRADE"
  | "UPGRADE_LEGACY_US"
  | "UPGRADE_LEGACY_BE"
  | "UPGRADE_LEGACY_US_INDIVIDUAL"
  | "UPGRADE_LEGACY_BE_INDIVIDUAL";

/** A legacy licence as the space describes it (backend `legacyLicense`). */
export interface LegacyLicence {
  legalEntity: "US" | "BE";
  kind: "TEAM" | "INDIVIDUAL";
}

/**
 * 001 §4 Flow type selection: a free space (or none) purchases; a legacy one
 * upgrades by its licence's legal entity, team or individual; Premium moving
 * to Pro or Free downgrades; anything else upgrades.
 */
export function perUserFlowType(
  currentPlan: WorkspacePlan | null,
  targetPlan: TargetPlan | "FREE",
  legacy: LegacyLicence | null,
): PerUserFlowType {
  if (currentPlan === null || currentPlan === "FREE") return "PURCHASE";
  if (currentPlan === "LEGACY") {
    const entity = legacy?.legalEntity ?? "US";
    return legacy?.kind === "INDIVIDUAL" ? `UPGRADE_LEGACY_${entity}_INDIVIDUAL` : `UPGRADE_LEGACY_${entity}`;
  }
  if (currentPlan === "PREMIUM" && targetPlan !== "PREMIUM") return "DOWNGRADE";
  return "UPGRADE";
}

export const isLegacyFlow = (flow: PerUserFlowType) => flow.startsWith("UPGRADE_LEGACY_");
const isLegacyBe = (flow: PerUserFlowType) => flow.startsWith("UPGRADE_LEGACY_BE");

/** Where the options step leads: the purchase (and US legacy) to billing information, the others to review. */
export function afterOptions(flow: PerUserFlowType): "information" | "summary" | "server-error" {
  if (flow === "PURCHASE" || (isLegacyFlow(flow) && !isLegacyBe(flow))) return "information";
  // 001 §4: UPGRADE_LEGACY_BE cannot proceed in this flow and shows the server-error state.
  if (isLegacyBe(flow)) return "server-error";
  return "summary";
}

/**
 * 001 §2 Step lists per flow: the purchase's options step only when more
 * than one user is available; upgrade reviews; downgrade chooses, then
 * reviews; the legacy upgrades have no steps. An upgrade that only changes
 * who is paid is chosen on the options step first (001 §2 Billing options:
 * its Next is 'Next: Review'), so its list starts there too.
 */
export function perUserSteps(flow: PerUserFlowType, optionsShown: boolean): CheckoutStep[] {
  const { information, checkout } = checkoutTexts.steps;
  const { options, review } = perUserTexts.steps;
  switch (flow) {
    case "PURCHASE":
      return [
        ...(optionsShown ? [{ page: "options" as const, title: options }] : []),
        { page: "information", title: information },
        { page: "checkout", title: checkout },
      ];
    case "UPGRADE":
      return [
        ...(optionsShown ? [{ page: "options" as const, title: options }] : []),
        { page: "summary", title: review },
      ];
    case "DOWNGRADE":
      return [
        { page: "options", title: options },
        { page: "summary", title: review },
      ];
    default:
      return [];
  }
}

/**
 * Whether this checkout can move a legacy licence to the new plan: not the
 * Belgian entity's (001 §4: UPGRADE_LEGACY_BE shows the server-error state),
 * which the billing page sends to support instead.
 */
export const legacySwitchOffered = (legacy: LegacyLicence | null) =>
  afterOptions(perUserFlowType("LEGACY", "PRO", legacy)) !== "server-error";

const DAY_MS = 86_400_000;

/** Whole days left before a licence ends (a part of a day counts), never below 0. */
export const daysLeft = (endTimestamp: number, now = Date.now()) =>
  Math.max(0, Math.ceil((endTimestamp - now) / DAY_MS));

/** 001 §2 Billing options: the Next button's text by flow. */
export function optionsNextText(flow: PerUserFlowType) {
  const next = afterOptions(flow);
  if (next === "information") return perUserTexts.options.nextInformation;
  if (isLegacyBe(flow)) return perUserTexts.options.confirmSwitch;
  return perUserTexts.options.nextReview;
}

/** 001 §2: Next is disabled for a purchase with fewer than one paid user. */
export const optionsNextDisabled = (flow: PerUserFlowType, paidCount: number) => flow === "PURCHASE" && paidCount < 1;

/** 001 §3 Checkout user, as far as these rules need it. */
export interface CheckoutUser {
  id: string;
  email: string;
  role: "OWNER" | "ADMIN" | "MEMBER";
  plan: UserPlan;
  status: string;
  toBeRemoved: boolean;
  /** Moves to FREE at the renewal: counts as free (backend contract). */
  scheduledDowngrade: boolean;
}

/** 001 §4: users marked for removal, and those neither ACTIVE nor DISABLED, are not available. */
export const availableUsers = <T extends CheckoutUser>(users: readonly T[]) =>
  users.filter((user) => !user.toBeRemoved && (user.status === "ACTIVE" || user.status === "DISABLED"));

export const isPaidNow = (user: CheckoutUser) => user.plan !== "FREE" && !user.scheduledDowngrade;

/** The members page's and the options form's choice: who to make paid, who to make free. */
export interface PaidChoice {
  paid: ReadonlySet<string>;
  free: ReadonlySet<string>;
}

/**
 * 001 §4 Paid-user selection rules: the available users paid after the
 * choice (the current paid ones, plus those made paid, minus those made
 * free); nobody paid re-marks the owner as paid. (A legacy licence's users
 * hold its PRO plan, so they all start paid.)
 */
export function paidAfter(users: readonly CheckoutUser[], choice: PaidChoice): Set<string> {
  const paid = new Set(
    users
      .filter((user) => choice.paid.has(user.id) || (!choice.free.has(user.id) && isPaidNow(user)))
      .map((user) => user.id),
  );
  const owner = users.find((user) => user.role === "OWNER");
  if (paid.size === 0 && owner) paid.add(owner.id);
  return paid;
}

/** 001 §4: the owner's radio is disabled while they are the only paid user. */
export const ownerLocked = (users: readonly CheckoutUser[], paid: ReadonlySet<string>) => {
  const owner = users.find((user) => user.role === "OWNER");
  return owner !== undefined && paid.size === 1 && paid.has(owner.id);
};

/**
 * 001 §5 Paid-user limit and 002 §5: why a free user's Paid radio is
 * closed, or null: already paid in another space, or the paid count at the
 * plan's limit.
 */
export function paidRadioBlock(
  user: CheckoutUser,
  paid: ReadonlySet<string>,
  facts: { limit: number; paidElsewhere: ReadonlySet<string> },
): string | null {
  if (paid.has(user.id)) return null;
  if (facts.paidElsewhere.has(user.id)) return perUserTexts.options.paidElsewhere;
  if (paid.size >= facts.limit) return perUserTexts.options.limit(facts.limit);
  return null;
}

/** What a change stopped at cannot-downgrade was asked to do (the notice is worded for it). */
export type BlockedChange = "downgrade" | "cycle" | "paid-users" | "upgrade";

/**
 * 001 §4 sends any change to Pro that leaves users of several domains to
 * cannot-downgrade: a move from Premium (a downgrade), a billing-cycle
 * change, a change of who is paid on Pro, or a purchase or legacy upgrade.
 */
export function blockedChange(flow: PerUserFlowType, interval: { from: Interval | null; to: Interval }): BlockedChange {
  if (flow === "DOWNGRADE") return "downgrade";
  if (flow !== "UPGRADE") return "upgrade";
  return interval.from !== null && interval.from !== interval.to ? "cycle" : "paid-users";
}

const domainOf = (email: string) => email.slice(email.lastIndexOf("@") + 1).toLowerCase();

/**
 * 001 §2 Cannot-downgrade, §4: the Pro plan takes only users of the owner's
 * domain, so available users (Gmail ones aside) of more than one domain
 * stop a move to Pro.
 */
export function spansMultipleDomains(users: readonly CheckoutUser[]) {
  const domains = new Set(users.filter((user) => !isGmailAddress(user.email)).map((user) => domainOf(user.email)));
  return domains.size > 1;
}

/** The user plan changes a selection makes: one entry per available user whose paid state moves. */
export function userUpdates(users: readonly CheckoutUser[], paid: ReadonlySet<string>) {
  return users.flatMap((user) => {
    const isPaid = paid.has(user.id);
    if (isPaidNow(user) === isPaid) return [];
    const userPlan: UserPlan = isPaid ? (isGmailAddress(user.email) ? "PRO_PERSONAL" : "PRO") : "FREE";
    return [{ userId: user.id, userPlan }];
  });
}

/** 001 §2 Summary step: how many users a selection moves each way, Gmail users apart. */
export function userChangeCounts(users: readonly CheckoutUser[], paid: ReadonlySet<string>) {
  const counts = { upgraded: 0, gmailUpgraded: 0, downgraded: 0, gmailDowngraded: 0 };
  for (const user of users) {
    if (isPaidNow(user) === paid.has(user.id)) continue;
    const gmail = isGmailAddress(user.email);
    if (paid.has(user.id)) counts[gmail ? "gmailUpgraded" : "upgraded"] += 1;
    else counts[gmail ? "gmailDowngraded" : "downgraded"] += 1;
  }
  return counts;
}

export type SummaryDelta = "CYCLE_CHANGE" | "UPGRADE" | "DOWNGRADE";

/**
 * 001 §4 Summary delta type: a billing-cycle change first; then a plan
 * change (from Premium it is a downgrade); then a base price that falls.
 */
export function summaryDelta(change: {
  fromPlan: WorkspacePlan;
  toPlan: TargetPlan;
  fromInterval: Interval;
  toInterval: Interval;
  currentAmount: number;
  targetAmount: number;
}): SummaryDelta {
  if (change.fromInterval !== change.toInterval) return "CYCLE_CHANGE";
  if (change.fromPlan !== change.toPlan) return change.fromPlan === "PREMIUM" ? "DOWNGRADE" : "UPGRADE";
  return change.targetAmount < change.currentAmount ? "DOWNGRADE" : "UPGRADE";
}

export type ChargeWording =
  { kind: "end-of-cycle" } | { kind: "renewal" } | { kind: "plan-now" } | { kind: "charged"; amount: number };

/**
 * 001 §4 Charge wording: a yearly-to-monthly change applies at the end of
 * the cycle; nothing to charge applies on renewal day; otherwise the
 * prorated charge. What applies on renewal day with nothing charged is the
 * price, and the users made free (the backend keeps their seat until
 * then); a plan change applies as soon as it is confirmed (Premium to Pro:
 * at once, neither charged nor refunded, 001 §4 'On success the space …
 * caches are invalidated'), and says so.
 */
export function chargeWording(change: {
  fromInterval: Interval;
  toInterval: Interval;
  planChanges: boolean;
  chargedToday: number;
}): ChargeWording {
  if (change.fromInterval === "YEARLY" && change.toInterval === "MONTHLY") return { kind: "end-of-cycle" };
  if (change.chargedToday <= 0) return change.planChanges ? { kind: "plan-now" } : { kind: "renewal" };
  return { kind: "charged", amount: change.chargedToday };
}

/**
 * 001 §4 Legacy users page: the selected users are kept, the others marked
 * for removal; the owner is always kept (the backend refuses to mark them).
 */
export function legacyMarks(users: ReadonlyArray<{ id: string; role: string }>, selected: ReadonlySet<string>) {
  return users
    .filter((user) => user.role !== "OWNER")
    .map((user) => ({ userId: user.id, toBeRemoved: !selected.has(user.id) }));
}

/**
 * 001 §2 After success, §4 post-checkout query check: a per-user purchase
 * comes back to billing from FREE with its paid users as seats of one kind,
 * which billing takes as 0 or 1 Gmail seat or up to 100 workspace seats: a
 * Gmail seat only for one Gmail user alone, workspace seats otherwise.
 */
export function purchaseResult(paid: readonly string[], users: readonly CheckoutUser[], plan: TargetPlan) {
  const gmail = new Set(users.filter((user) => isGmailAddress(user.email)).map((user) => user.id));
  const kind = paid.length === 1 && gmail.has(paid[0]!) ? "gmailSeats" : "workspaceSeats";
  return { from: "FREE", to: plan, [kind]: paid.length };
}
