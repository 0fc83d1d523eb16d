import type { ListQueryOptions, SortDir } from "./list-query";
import type { Role, UserPlan } from "./account-types";
import { ADD_INTENT } from "./add-members-link";

/**
 * The members page (002 §2, §3, §5, §6, §8): texts, list options and the
 * rules about a member's row. Quoted texts are the spec's, verbatim; the
 * ones marked "written for this app" fill in what it does not show.
 */
export const memberTexts = {
  table: {
    caption: "Space members",
    select: "Select",
    selectMember: (name: string) => `Select ${name}`,
    name: "Name",
    email: "Email",
    role: "Role",
    type: "Type",
    status: "Status",
  },
  search: { label: "Search members", placeholder: "Search by name or email" },
  empty: { title: "Nothing to see here...", text: "You don't have any space members." },
  noMatch: { title: "No results found", text: "Sorry, there is no space member that fits with your search." },
  roles: { OWNER: "Owner", ADMIN: "Admin", MEMBER: "Member" } satisfies Record<Role, string>,
  types: { free: "Free", paid: "Paid" },
  statuses: { active: "Active", pending: "Pending", disabled: "Disabled", freeTrial: "Free trial" },
  /** Written for this app: a trial's end, or none (-1). */
  trialEnds: (date: string) => `Free trial until ${date}`,
  trialNoEnd: "Free trial without end date",
  scheduledDowngrade: "Free from the next renewal",
  disabledOtherDomain: (domain: string) => `Your current plan only allows user from domain ${domain}.`,
  disabledFreeLimit: (count: number) => `Your current plan does not allow more than ${count} free users.`,
  hints: { changeRole: "Change their role", remove: "Remove them from the space" },
  /** Written for this app: the introduction of the hints above. */
  hintsIntro: "Select members to:",
  /** The selection form's button, without JavaScript (002 §2). */
  applySelection: "Apply selection",
  seats: {
    /** Written for this app: the counter (used / total, unlimited, single seat). */
    counter: (assigned: number, total: number) => `${assigned} / ${total} seats used`,
    unlimited: (assigned: number) => `${assigned} seats used (unlimited)`,
    single: "Single seat",
    manage: "Manage seats",
    dialogTitle: "Manage seats",
    total: "Total seats",
    assigned: "Assigned seats",
    available: "Available seats",
    usage: "Usage",
    unlimitedValue: "Unlimited",
    addSeats: "Add seats",
    removeSeats: "Remove seats",
    /** 002 §8 Seat notices. */
    cancelDowngradeFirst: "You have a scheduled downgrade. Cancel it first to add or remove seats.",
    offline: "You are on an offline managed subscription. Please contact us if you need changes.",
    /** Written for this app: the link to the contact-us page. */
    contactUs: "Contact us",
    /** Written for this app: seats the seat checkout does not change (no domain seat plan, a Gmail owner). */
    onBilling: "The seats of this space are changed from its billing page.",
    billingLink: "Go to billing",
  },
} as const;

/**
 * What the hints above the table offer (002 §6): owners and admins remove
 * members; only the owner changes roles, and only where the plan allows it
 * (manageUserRoles, never on Free). Others get no hints.
 */
export function memberHints(role: Role, manageUserRoles: boolean): string[] | null {
  if (role === "MEMBER") return null;
  const { changeRole, remove } = memberTexts.hints;
  return role === "OWNER" && manageUserRoles ? [changeRole, remove] : [remove];
}

/** The sorts of the URL (`sort=name|email|role`): the sortable columns. */
export const memberSorts = ["name", "email", "role"] as const;
export type MemberSort = (typeof memberSorts)[number];

/** Role starts with the owner first. */
const memberDefaultDirs: Record<MemberSort, SortDir> = { name: "asc", email: "asc", role: "desc" };

/** By name, A to Z: the backend's default order. */
export const memberQueryOptions: ListQueryOptions<MemberSort> = {
  sorts: memberSorts,
  defaultSort: "name",
  defaultDirs: memberDefaultDirs,
};

const sortFields: Record<MemberSort, string> = {
  name: "userName",
  email: "userEmail",
  role: "userRole",
};

export function memberSortBy(sort: MemberSort, dir: SortDir) {
  return `${sortFields[sort]}:${dir}`;
}

/** 002 §3: -1 (or a huge sentinel) is a trial without end. */
const TRIAL_SENTINEL = 253_402_300_799_000;

export type TrialEnd = number | "none" | null;

/** A member's trial end: a timestamp, "none" for -1 or the huge sentinel, null without a trial. */
export function trialEnd(freeTrialEndTimestamp: number | null): TrialEnd {
  if (freeTrialEndTimestamp === null) return null;
  return freeTrialEndTimestamp < 0 || freeTrialEndTimestamp >= TRIAL_SENTINEL ? "none" : freeTrialEndTimestamp;
}

export type DisplayStatus = keyof typeof memberTexts.statuses;

/**
 * 002 §3 derived status: FREE_TRIAL when a trial end exists, PENDING when the
 * seat is PENDING_YAMM_USER, DISABLED as stored, otherwise active.
 */
export function displayStatus(member: {
  status: string;
  seatType: string | null;
  freeTrialEndTimestamp: number | null;
}): DisplayStatus {
  if (member.status === "DISABLED") return "disabled";
  if (member.freeTrialEndTimestamp !== null) return "freeTrial";
  if (member.seatType === "PENDING_YAMM_USER" || member.status === "PENDING") return "pending";
  return "active";
}

/** Free or Paid (002 §2 type column): a paid user plan, not on a trial. */
export function isPaidMember(member: { userPlan: UserPlan; freeTrialEndTimestamp: number | null }) {
  return member.userPlan !== "FREE" && member.freeTrialEndTimestamp === null;
}

/** A member counted among the free ones (002 §3 Member counts): on the FREE plan, not disabled, not on a trial. */
export function isFreeMember(member: { userPlan: UserPlan; status: string; freeTrialEndTimestamp: number | null }) {
  return member.userPlan === "FREE" && member.status !== "DISABLED" && member.freeTrialEndTimestamp === null;
}

/**
 * Why a disabled member is disabled (002 §8 badge tooltips): from outside
 * the space's domains, or free while the space already holds the free
 * members its plan allows. Null when nothing keeps them out: then the badge
 * says no more than "Disabled" (activation is open to them).
 */
export function disabledReason(
  member: { isUserInDomain: boolean; userPlan: UserPlan },
  space: { domains: readonly string[]; freeUserLimit: number; freeMembers: number },
): string | null {
  if (!member.isUserInDomain && space.domains.length > 0)
    return memberTexts.disabledOtherDomain(space.domains.join(", "));
  if (member.userPlan === "FREE" && space.freeMembers >= space.freeUserLimit)
    return memberTexts.disabledFreeLimit(space.freeUserLimit);
  return null;
}

/** The seat counter (002 §2): used / total, unlimited (-1), or a single seat. */
export function seatCounter(seats: { totalSeats: number; assignedSeats: number }) {
  if (seats.totalSeats === -1) return memberTexts.seats.unlimited(seats.assignedSeats);
  if (seats.totalSeats === 1) return memberTexts.seats.single;
  return memberTexts.seats.counter(seats.assignedSeats, seats.totalSeats);
}

/** 001 §3: usage = used / total, as a whole percentage (0 for unlimited or no seat). */
export function seatUsagePercent(seats: { totalSeats: number; assignedSeats: number }) {
  if (seats.totalSeats <= 0) return 0;
  return Math.min(100, Math.round((seats.assignedSeats / seats.totalSeats) * 100));
}

/** The members page's form intents. */
export const MEMBER_INTENTS = {
  add: ADD_INTENT,
  remove: "remove",
  changeRole: "change-role",
  activate: "activate",
  resend: "resend",
  cancelInvitation: "cancel-invitation",
} as const;

/** The selection's query parameter: one `selected=<userId>` per checked member. */
export const SELECTED_PARAM = "selected";

/** 002 §9: the selection is sent 300 ms after the last change. */
export const SELECTION_DEBOUNCE_MS = 300;

/** 002 §9: member suggestions open at 2 typed characters, 500 ms after the last keystroke. */
export const SUGGEST_MIN_CHARS = 2;

/** The suggestions route's answer: the keyword it answers, so that a late answer is not shown for a newer one. */
export interface SuggestAnswer {
  q: string;
  items: Array<{ email: string; name: string }>;
}
export const SUGGEST_DELAY_MS = 500;

/** The address being typed: what follows the last space or comma (002 §5 separators). */
export function tokenBeingTyped(text: string) {
  return text.split(/[\s,]+/).at(-1) ?? "";
}

/** The text with the address being typed replaced by a chosen one, ready for the next. */
export function withChosenAddress(text: string, email: string) {
  const typed = tokenBeingTyped(text);
  return `${text.slice(0, text.length - typed.length)}${email}, `;
}
