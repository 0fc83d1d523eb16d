/**
 * The texts of the billing page (001 §2, §4, §8, 000 §8), verbatim where the
 * spec gives them. Those it only describes are marked "written for this
 * app". The checkout's are in ./checkout-texts and ./per-user-texts.
 */

import { planNames, plural, taxesIncluded } from "./billing-words";
import { RECIPIENTS_PER_DAY, recipientsPerDay } from "./quotas";

export const billingTexts = {
  /** Written for this app: the current-plan card. */
  currentPlan: {
    heading: "Current plan",
    plan: (name: string) => `${name} plan`,
    legacy: (legacyType: string) => `Legacy ${legacyType.charAt(0)}${legacyType.slice(1).toLowerCase()} plan`,
    free: `You are on the Free plan: free users are limited to ${recipientsPerDay(RECIPIENTS_PER_DAY.FREE)} and cannot schedule mail merges.`,
    seats: (total: number, used: number) => `${used} of ${total} ${plural(total, "seat", "seats")} used`,
    unlimitedSeats: "Unlimited seats",
    price: (amount: string, interval: "YEARLY" | "MONTHLY") =>
      `${amount} ${interval === "YEARLY" ? "per year" : "per month"}`,
    /** 001 §2's sentence: the price shown includes the subscription's taxes (EUR with VAT). */
    taxesIncluded,
    /** 001 §2: 'renews on a date' with autoRenew, otherwise 'ends on a date'. */
    renews: (date: string) => `Your subscription renews on ${date}.`,
    ends: (date: string) => `Your subscription ends on ${date}.`,
    offline: "This subscription is managed by our team. Please contact us if you need changes.",
  },
  manageBilling: "Manage billing",
  /** 001 §9: 'Billed annually' for yearly. */
  billed: { YEARLY: "Billed annually", MONTHLY: "Billed monthly" },
  /** Written for this app: the plan cards of a free space (001 §2). */
  plans: {
    heading: "Upgrade your space",
    perSeatMonth: "/ seat / month",
    perUserMonth: "/ user / month",
    PRO: {
      name: "Pro",
      /** By who buys (000 §9 quotas): a Gmail buyer's Pro is Pro Personal. */
      summary: (gmail: boolean) =>
        gmail
          ? `Up to ${recipientsPerDay(RECIPIENTS_PER_DAY.PRO_PERSONAL)} and scheduled mail merges.`
          : `Up to ${recipientsPerDay(RECIPIENTS_PER_DAY.PRO)} for each user of your domain, and scheduled mail merges.`,
    },
    PREMIUM: {
      name: "Premium",
      summary: () => "Everything in Pro, for users of any domain, with team reports and shared lists.",
    },
    upgrade: "Upgrade",
  },
  /** 001 §2: the legacy upsell card (written for this app, but for 'Contact support'). */
  legacyUpsell: {
    heading: "Move to our current Pro plan",
    body: (price: string) => `The new Pro plan is ${price} per user per month, billed annually.`,
    contactSupport: "Contact support",
    /** Written for this app: the way into the legacy upgrade (001 §4 Legacy users page). */
    upgrade: "Upgrade to the new plan",
  },
  /** Written for this app: the ways into a per-user change (001 §2 Billing page, §4 Upgrade and downgrade). */
  changes: {
    heading: "Change your subscription",
    paidUsers: "Manage paid users",
    plan: (plan: "PRO" | "PREMIUM") => `Switch to ${planNames[plan]}`,
    cycle: { MONTHLY: "Switch to monthly billing", YEARLY: "Switch to annual billing" },
  },
  /** Written for this app: a scheduled billing-interval change (001 §2) and its cancel confirmation. */
  intervalChange: {
    message: (target: "YEARLY" | "MONTHLY", date: string) =>
      `Your subscription will be ${target === "YEARLY" ? "billed annually" : "billed monthly"} from ${date}.`,
    cancel: "Cancel this change",
    confirmTitle: "Cancel the scheduled change?",
    confirmBody: (current: "YEARLY" | "MONTHLY") =>
      `Your subscription will stay ${current === "YEARLY" ? "billed annually" : "billed monthly"}.`,
    confirm: "Cancel the change",
    keep: "Keep it",
    /** 001 §8. */
    failed: "Something went wrong. Please try again later.",
    /** Written for this app: a cycle change is no downgrade (001 §4's cancelled-downgrade text is the seats'). */
    cancelled: "You successfully cancelled the scheduled billing cycle change.",
  },
  /** 001 §4 Billing success banner (written for this app but for the quoted ones). */
  success: {
    started: "Your subscription has started.",
    startedSeats: (seats: number) => `Your space now has ${seats} paid ${plural(seats, "seat", "seats")}.`,
    /** A per-user space talks of paid users, not seats (001 §1). */
    startedUsers: (users: number) => `Your space now has ${users} paid ${plural(users, "user", "users")}.`,
    legacyReplaced: "Your new subscription has started.",
    legacyReplacedDetail: "Your previous subscription was cancelled.",
    /** 001 §4. */
    wellDone: "Well done",
    seatsAdded: (seats: number) => `You added ${seats} ${plural(seats, "seat", "seats")} to your space.`,
    manageMembers: "Manage members",
    removalScheduled: "Your seat removal is scheduled.",
    removalDetail: (seats: number, date: string) =>
      `${seats} ${plural(seats, "seat", "seats")} will be removed on ${date}.`,
    /** 001 §4. */
    updated: "Your subscription has been updated",
  },
  /** Written for this app (issue 24): a second purchase paid at the same time, cancelled and refunded. */
  duplicateRefund: {
    title: "Duplicate payment refunded",
    detail: (amount: string, date: string) =>
      `This space was paid for twice at the same time: we cancelled the second subscription and refunded its payment of ${amount} on ${date}.`,
  },
  /** Written for this app (issue 33): buying again while the space's earlier payment is being applied. */
  paymentBeingApplied:
    "This space's earlier payment went through and is being applied to it: you are not charged again. Billing shows your plan in a moment.",
  /** Written for this app (issue 24): after "Confirm your payment" and the card's authentication. */
  paymentConfirmed: "Thank you: your payment is confirmed.",
  paymentNotConfirmed: {
    title: "Your payment could not be confirmed.",
    detail: "Please try again, or update your payment preferences.",
  },
  /** 001 §8 redirect flags (their sentences written for this app). */
  flags: {
    "cannot-update-subscription-plan-and-interval":
      "You can't change the plan and the billing cycle at the same time. Change one, then the other.",
    "cannot-change-billing-cycle-when-scheduled":
      "You can't change the billing cycle while a change is scheduled. Cancel the scheduled change first.",
  },
} as const;

export type BillingFlag = keyof typeof billingTexts.flags;
export const BILLING_FLAGS = Object.keys(billingTexts.flags) as BillingFlag[];
