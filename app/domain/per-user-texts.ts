/**
 * The per-user and legacy checkout's texts (001 §2, §4, §5, §8), verbatim
 * where the spec gives them. Those it only describes are marked "written for
 * this app".
 */

import { RECIPIENTS_PER_DAY, recipientsPerDay } from "./quotas";

const billedWord = { YEARLY: "billed annually", MONTHLY: "billed monthly" } as const;

/** Written for this app: what cannot-downgrade's notice says the space's users must allow. */
const blockedChangeWords = {
  downgrade: "To downgrade",
  cycle: "To change the billing cycle",
  "paid-users": "To change who is paid",
  upgrade: "To upgrade",
} as const;

/** The per-user and legacy checkout's texts (001 §2, §4, §5, §8); "written for this app" marks those the spec only describes. */
export const perUserTexts = {
  titles: {
    upgrading: (space: string) => `Upgrading ${space}`,
    downgrading: (space: string) => `Downgrading ${space}`,
    cycle: (space: string) => `Changing billing cycle ${space}`,
  },
  steps: { options: "Billing options", review: "Review" },
  options: {
    heading: "Select paid users",
    /** Written for this app from 001 §2 (the Free plan's 20 recipients, 001 §9). */
    explanation: `Free users stay limited to ${recipientsPerDay(RECIPIENTS_PER_DAY.FREE)} and cannot schedule mail merges.`,
    /** Written for this app: the table's column names. */
    columns: { name: "Name", email: "Email", type: "Type" },
    free: "Free",
    paid: "Paid",
    /** 001 §5. */
    limit: (limit: number) => `Your current plan allows a maximum of ${limit} paid users.`,
    paidElsewhere: "User is already a paid user in another space.",
    /** Written for this app: why the owner's radio cannot be changed (001 §6). */
    ownerLocked: "At least one user must be paid: the owner stays paid.",
    nextInformation: "Next: Billing information",
    confirmSwitch: "Confirm the plan switch",
    nextReview: "Next: Review",
    /** Written for this app: refreshes the sidebar without JavaScript. */
    update: "Update the summary",
    /** 001 §8 Billing options page failure. */
    failed: "An error occurred.",
  },
  sidebar: {
    /** Written for this app but for 'Total due', 'Before taxes' and the billed lines. */
    heading: "Summary",
    plan: (plan: string) => `${plan} plan`,
    paidUsers: (count: number) => `${count} paid ${count === 1 ? "user" : "users"}`,
    gmailPaidUsers: (count: number) => `${count} Gmail paid ${count === 1 ? "user" : "users"}`,
    perUser: (amount: string) => `${amount} / user`,
    totalDue: "Total due",
    beforeTaxes: "Before taxes",
    billed: { YEARLY: "Billed annually", MONTHLY: "Billed monthly" },
  },
  summary: {
    review: "You are about to update your subscription. Review the changes below and confirm:",
    plan: (from: string, to: string) => `Plan: From ${from} to ${to}`,
    cycle: (from: "YEARLY" | "MONTHLY", to: "YEARLY" | "MONTHLY") =>
      `Billing cycle: From ${billedWord[from]} to ${billedWord[to]}`,
    users: (direction: "upgrading" | "downgrading", count: number, gmail: boolean) =>
      `You are ${direction} ${count}${gmail ? " gmail" : ""} ${direction === "upgrading" ? "free" : "paid"} ${count === 1 ? "user" : "users"} to ${direction === "upgrading" ? "paid" : "free"}`,
    /** 001 §4 charge wording (the sentences around the quoted part written for this app). */
    endOfCycle: (date: string) => `These changes will apply at the end of your current billing cycle, on ${date}.`,
    renewal: (date: string) => `These changes will apply on your renewal day, ${date}.`,
    /** Written for this app: a plan change that charges nothing (Premium to Pro) applies at once. */
    planNow: (date: string) =>
      `Your plan changes as soon as you confirm. Nothing is charged or refunded today: your next payment, on ${date}, is at the new price.`,
    charged: (amount: string) =>
      `By confirming, you will be charged ${amount} (pro-rated based on your billing cycle).`,
    confirm: "Confirm changes",
    back: "Back",
    /** 001 §8: 'An error occurred. Please try again, if error persist contact our support.', its end the link. */
    failed: {
      before: "An error occurred. Please try again, if error persist ",
      link: "contact our support",
      after: ".",
    },
  },
  /** Written for this app: what paying for the new plan does to a legacy licence paid through PayPal (001 §4). */
  paypalLicence: {
    title: "Your PayPal licence will be cancelled",
    detail: (days: number) =>
      `Paying for the new plan cancels your current licence, paid through PayPal, at once: its ${days} remaining ${days === 1 ? "day is" : "days are"} not credited to the new plan.`,
  },
  cannotDowngrade: {
    /** Written for this app from 001 §2, worded for the change asked (a cycle change is no downgrade). */
    warning: "Users from multiple domains are in this space.",
    detail: (domain: string, change: keyof typeof blockedChangeWords) =>
      `The Pro plan only allows users from the owner's domain (${domain}). ${blockedChangeWords[change]}, every user must be on the owner's domain.`,
    manageUsers: "Manage users",
  },
} as const;
