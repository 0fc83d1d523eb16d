import { isConsumerDomain } from "./account-type";
import type { MemberStatus, UserPlan } from "./enums";

/**
 * Who is paid in a per-user space after a change (001 §4 Paid-user
 * selection rules, §5 Paid-user limit; backend/README.md "Per-user and
 * legacy billing"): the rules Checkout info v1, Checkout session v1 and the
 * per-user Update subscription share.
 */

/** The plans a per-user space buys. */
export type PerUserPlan = "PRO" | "PREMIUM";

/**
 * 001 §9 "Maximum paid users per plan", a value the spec does not give:
 * domain and Gmail paid users together. Pro is for small teams, Premium for
 * the rest; the plans' default features (plan-features.ts) carry the same.
 */
export const MAX_PAID_USERS: Record<PerUserPlan, number> = { PRO: 10, PREMIUM: 500 };

/** A member of the space as the paid-user rules see them. */
export interface CheckoutMember {
  userId: string;
  /** Of their e-mail address. */
  domain: string;
  /** A Gmail (consumer) account: paid on PRO_PERSONAL. */
  isPersonal: boolean;
  userPlan: UserPlan;
  /** Paid until the renewal, FREE after it. */
  scheduledDowngrade: boolean;
  status: MemberStatus;
  toBeRemoved: boolean;
  /** Holds a paid plan in another active space. */
  paidElsewhere: boolean;
}

/** 001 §4: toBeRemoved members, and those neither ACTIVE nor DISABLED (pending, on a trial), are not available. */
export const isAvailable = (member: CheckoutMember) =>
  !member.toBeRemoved && (member.status === "ACTIVE" || member.status === "DISABLED");

/** The paid plan of a member's kind of account. */
export const paidPlanOf = (member: Pick<CheckoutMember, "isPersonal">): PaidUserPlan =>
  member.isPersonal ? "PRO_PERSONAL" : "PRO";

/** What the member is paid for after the current period: FREE when a downgrade is planned. */
export const renewalPlanOf = (member: CheckoutMember): UserPlan =>
  member.scheduledDowngrade ? "FREE" : member.userPlan;

export type PaidUserPlan = "PRO" | "PRO_PERSONAL";
export type PaidCounts = Record<PaidUserPlan, number>;

const countByPlan = (changes: readonly MemberChange[]): PaidCounts => ({
  PRO: changes.filter((change) => change.after === "PRO").length,
  PRO_PERSONAL: changes.filter((change) => change.after === "PRO_PERSONAL").length,
});

export interface UserRestriction {
  userId: string;
  errorCode: "already_paid_user" | "max_users_reached";
}

export interface MemberChange {
  member: CheckoutMember;
  /** Their plan from the renewal on, as things are. */
  before: UserPlan;
  after: UserPlan;
}

export interface PaidUsers {
  /** Every available member, changed or not. */
  changes: MemberChange[];
  /** Paid users after the change, per paid user plan. */
  counts: PaidCounts;
  /** FREE members made paid, per paid user plan: the seats charged now. */
  madePaid: PaidCounts;
  /** 001 §3 Restriction per user: who could not be made paid. */
  restrictions: UserRestriction[];
  userChanges: { upgraded: number; gmailUpgraded: number; downgraded: number; gmailDowngraded: number };
}

export type PaidUsersRefusal =
  | "member_not_found"
  | "user_not_available"
  | "multiple_domains"
  | "no_paid_user"
  | "already_paid_user"
  | "max_users_reached";

export interface PaidUsersRequest {
  plan: PerUserPlan;
  /** Each named member's wanted plan: FREE, or paid (PRO and PRO_PERSONAL alike). */
  updates: ReadonlyMap<string, UserPlan>;
  /** The members not named are FREE (a purchase names every paid user); otherwise they keep their plan. */
  othersFree: boolean;
}

/**
 * The available members' plans after the change, or why it is refused, in
 * the contract's order: a name that is no member, one not available, users
 * of several domains on Pro (001 §2 Cannot-downgrade; Gmail addresses do
 * not count), nobody paid, a FREE member made paid while paid elsewhere,
 * more paid users than the plan's limit.
 */
export function paidUsersAfter(
  members: readonly CheckoutMember[],
  request: PaidUsersRequest,
): PaidUsers | { refusal: PaidUsersRefusal } {
  const byId = new Map(members.map((member) => [member.userId, member]));
  const named = [...request.updates.keys()].map((userId) => byId.get(userId));
  if (named.some((member) => !member)) return { refusal: "member_not_found" };
  if (named.some((member) => !isAvailable(member!))) return { refusal: "user_not_available" };

  const available = members.filter(isAvailable);
  const domains = new Set(available.filter((member) => !isConsumerDomain(member.domain)).map((m) => m.domain));
  if (request.plan === "PRO" && domains.size > 1) return { refusal: "multiple_domains" };

  const changes = available.map((member): MemberChange => {
    const before = renewalPlanOf(member);
    const wanted = request.updates.get(member.userId) ?? (request.othersFree ? "FREE" : before);
    return { member, before, after: wanted === "FREE" ? "FREE" : paidPlanOf(member) };
  });
  const paid = changes.filter((change) => change.after !== "FREE");
  if (paid.length === 0) return { refusal: "no_paid_user" };
  const madePaid = paid.filter((change) => change.member.userPlan === "FREE");
  if (madePaid.some((change) => change.member.paidElsewhere)) return { refusal: "already_paid_user" };
  const limit = MAX_PAID_USERS[request.plan];
  if (paid.length > limit) return { refusal: "max_users_reached" };

  const moved = (from: "FREE" | "paid", personal: boolean) =>
    changes.filter(
      (change) =>
        change.member.isPersonal === personal &&
        change.before !== change.after &&
        (from === "FREE" ? change.before === "FREE" : change.after === "FREE"),
    ).length;
  return {
    changes,
    counts: countByPlan(paid),
    madePaid: countByPlan(madePaid),
    restrictions: changes
      .filter((change) => change.after === "FREE")
      .flatMap(({ member }): UserRestriction[] => {
        if (member.userPlan === "FREE" && member.paidElsewhere) {
          return [{ userId: member.userId, errorCode: "already_paid_user" }];
        }
        return paid.length >= limit ? [{ userId: member.userId, errorCode: "max_users_reached" }] : [];
      }),
    userChanges: {
      upgraded: moved("FREE", false),
      gmailUpgraded: moved("FREE", true),
      downgraded: moved("paid", false),
      gmailDowngraded: moved("paid", true),
    },
  };
}
