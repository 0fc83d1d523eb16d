import { memberTexts } from "./members";
import { spacePath, spaceSections } from "./space-paths";

/**
 * Changing members between Free and Paid from the members drawer (002 §2,
 * §5, §8). The change itself is a checkout: upgrading goes to checkout with
 * the selection, downgrading to the summary (`from=users`). Quoted texts are
 * the spec's; those marked "written for this app" fill in what it leaves out.
 */
export const memberTypeTexts = {
  /** Written for this app: the drawer's section and its two actions. */
  label: "Type",
  toPaid: "Change to Paid",
  toFree: "Change to Free",
  sameType: "To update users Type, select users with the same Type.",
  lastPaid: "You cannot downgrade. At least one user must be paid as long as a subscription is active.",
  offline: memberTexts.seats.offline,
  /** Written for this app: 002 §5 names the rule, not its text. */
  scheduledDowngrade: "A downgrade is already scheduled for this selection. It takes effect at the next renewal.",
  alreadyPaid: (first: { name: string; email: string }, others: number) =>
    others === 0
      ? `${first.email} is already a paid user in another space.`
      : `${first.name} and ${others} others are already paid users in another space.`,
} as const;

export interface TypeChangeMember {
  id: string;
  name: string;
  email: string;
  paid: boolean;
  scheduledDowngrade: boolean;
}

export interface TypeChangeFacts {
  /** The members the promote-validity check refuses (already paid in another space). */
  paidElsewhere: ReadonlySet<string>;
  /** The space's paid members, all pages together. */
  paidCount: number;
  subscriptionActive: boolean;
  offline: boolean;
}

export type TypeChange = { to: "paid" | "free"; block: string | null };

/**
 * Which way the selection would change and why it may not (002 §5): the
 * same type for all, not while a downgrade is pending or on an offline or
 * support subscription, nobody already paid elsewhere when upgrading, and
 * never the last paid users while a subscription is active.
 */
export function typeChange(selected: readonly TypeChangeMember[], facts: TypeChangeFacts): TypeChange {
  const to = selected[0]?.paid ? "free" : "paid";
  const texts = memberTypeTexts;
  if (selected.some((member) => member.paid !== selected[0]?.paid)) return { to, block: texts.sameType };
  if (facts.offline) return { to, block: texts.offline };
  if (selected.some((member) => member.scheduledDowngrade)) return { to, block: texts.scheduledDowngrade };
  if (to === "paid") {
    const refused = selected.filter((member) => facts.paidElsewhere.has(member.id));
    const [first] = refused;
    return { to, block: first ? texts.alreadyPaid(first, refused.length - 1) : null };
  }
  if (facts.subscriptionActive && selected.length >= facts.paidCount) return { to, block: texts.lastPaid };
  return { to, block: null };
}

/** The checkout's query names for the drawer's selection (read by the per-user checkout, 001 §4). */
export const CHECKOUT_SELECTION = { paid: "paid", free: "free" } as const;

/**
 * Where a type change continues (002 §2): a change of the space's plan to
 * its review with the members to make paid or free (`from=users`: its Back
 * returns to the members page; 001 §4: an upgrade goes straight to its
 * summary); a space without a plan buys at the checkout's options. The
 * current plan and billing interval go along when the space has them (001
 * §4: the checkout's defaults fill in the rest).
 */
export function typeChangeHref(
  urlPrefix: string,
  change: { to: "paid" | "free"; userIds: readonly string[]; plan: string | null; interval: string | null },
) {
  const review = change.to === "free" || change.plan !== null;
  const query = new URLSearchParams(review ? { from: "users" } : {});
  if (change.plan) query.set("plan", change.plan);
  if (change.interval) query.set("interval", change.interval);
  for (const id of change.userIds) query.append(CHECKOUT_SELECTION[change.to], id);
  const section = review ? `${spaceSections.checkout}/summary` : spaceSections.checkout;
  return `${spacePath(urlPrefix, section)}?${query}`;
}
