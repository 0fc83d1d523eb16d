/**
 * The texts of the billing page and the per-seat checkout (001 §2, §4, §5,
 * §8, 000 §8), verbatim where the spec gives them. Those it only describes
 * are marked "written for this app".
 */

import { RECIPIENTS_PER_DAY, recipientsPerDay } from "./quotas";

/** 001 §2: said where the prices shown include taxes (a tax rate above 0). */
const taxesIncluded = "All displayed prices include applicable taxes.";

const plural = (count: number, one: string, many: string) => (count === 1 ? one : many);

export const planNames = {
  FREE: "Free",
  PRO: "Pro",
  PREMIUM: "Premium",
  LEGACY: "Legacy",
} as const;

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

/** The checkout's texts (001 §2, §5, §8). */
export const checkoutTexts = {
  back: "Back",
  /** Written for this app: the step list's name for screen readers. */
  stepsLabel: "Checkout steps",
  /** 001 §9: per-seat checkout sells yearly only. */
  billedAnnually: "Billed annually",
  steps: {
    details: "Billing details",
    information: "Billing information",
    checkout: "Checkout",
  },
  /** 001 §2 titles. */
  titles: {
    upgrade: (space: string) => `Upgrade ${space}`,
    upgrading: (space: string) => `Upgrading ${space}`,
    addSeats: (space: string) => `Add seats for ${space}`,
    removeSeats: (space: string) => `Remove unused seats for ${space}`,
  },
  details: {
    /** Written for this app but for the two choices. */
    question: "Who is this subscription for?",
    forMyself: "for myself",
    forMyselfHint: "1 seat, for you",
    forTeam: "for a team",
    forTeamHint: "2 seats or more, one of them yours",
    seats: "Number of seats",
    next: "Next: Billing information",
    /** 001 §5. */
    range: (min: number, max: number) => `The number must be between ${min} and ${max}.`,
    only: (n: number) => `The only allowed number is ${n}.`,
  },
  information: {
    domain: "Domain",
    country: "Country",
    selectCountry: "Select country",
    business: "Is this a business purchase?",
    yes: "Yes",
    no: "No",
    vatId: "VAT ID",
    companyName: "Company Name",
    name: "Name",
    street: "Street address",
    city: "City",
    state: "State / Province (optional)",
    postalCode: "Postal code (optional)",
    next: "Next: Checkout",
    /** Written for this app: refreshes the summary without JavaScript. */
    updateSummary: "Update the summary",
    /** Written for this app: 001 §2 "Domain purchasers must be signed in with an address of the target domain". */
    wrongDomain: (domain: string) => `To buy seats for ${domain}, sign in with an address of ${domain}.`,
    switchAccount: "Switch account",
    /** 001 §2: the note on the card payment provider, with its links (written for this app). */
    processor: "Payments are processed by Stripe. See Stripe's",
    terms: "terms",
    and: "and",
    privacy: "privacy policy",
  },
  summary: {
    /** Written for this app. */
    heading: "Summary",
    seatLine: (plan: string, seats: number) => `${plan} × ${seats} ${plural(seats, "seat", "seats")}`,
    totalBeforeTaxes: "Total without taxes",
    /** 001 §2. */
    taxes: (rate: number) => `Taxes (${rate}%)`,
    totalDue: "Total due",
  },
  addSeats: {
    current: (total: number, plan: string) =>
      `You currently have ${total} ${plural(total, "seat", "seats")} on the ${plan} plan.`,
    quantity: "Seats to add",
    /** 001 §2. */
    line: (seats: number, rate: string, days: number) =>
      `new ${seats} seats @ ${rate} / seat / month, prorated for ${days} days`,
    chargedToday: "Charged today",
    nextPayment: (date: string) => `Next payment on ${date}`,
    taxesIncluded,
    submit: (seats: number) => `Add ${seats} seat(s)`,
    cancel: "Cancel",
    /** Written for this app: without JavaScript, the figures follow the quantity on request. */
    update: "Update the price",
    atMaximum: "You have reached the maximum number of seats.",
    contactUs: "Need more than 100 seats? Please contact us.",
    /** Written for this app (issue 24): a payment that did not go through adds nothing. */
    declined: "Your card was declined, so no seats were added. Update your card in Manage billing, then try again.",
    notAuthenticated: "Your payment was not authenticated, so no seats were added. Please try again.",
  },
  removeSeats: {
    used: (used: number, total: number) => `${used} of ${total} seats used in this space`,
    quantity: "New number of seats",
    newRate: "New monthly rate per seat",
    removing: (seats: number, from: number, to: number) =>
      `Removing ${seats} ${plural(seats, "seat", "seats")}: from ${from} to ${to} seats at your next renewal.`,
    nextPayment: (amount: string, date: string) => `Next payment: ${amount} on ${date}`,
    removeMembers: "Remove members",
    allUsed: "You need to remove members before removing seats",
    submit: (seats: number) => `Remove ${seats} seats`,
    /** Written for this app: the disabled button while every seat is in use (no count to remove). */
    submitNone: "Remove seats",
    cancel: "Cancel",
    update: "Update the price",
  },
  /** 001 §8. */
  errors: {
    vatInvalid: "This VAT ID doesn't seem to be valid.",
    submit: "An error occurred. Please try again.",
    plansMissing: "Workspace ID of stripe plans are not found",
  },
} as const;

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
  legacyUsers: {
    intro: "Confirm the list of users you want in your space:",
    counter: (count: number, max: number) => `${count} users (out of ${max} max.)`,
    next: "Next: Billing options",
    added: (count: number) =>
      count === 1 ? "The user has been added successfully." : `${count} users have been added successfully`,
    /** Written for this app: 001 §2 "a contact-us link is shown for large lists". */
    largeList: "Need more users than your plan allows?",
    contactUs: "Contact us",
    empty: { title: "Nothing to see here...", text: "You don't have any space members." },
    noMatch: { title: "No results found.", text: "Sorry, there is no space member that fits with your search." },
    /** Written for this app: the table's names. */
    caption: "Users of this space",
    columns: { keep: "Keep", email: "Email", status: "Status" },
    keep: (email: string) => `Keep ${email}`,
    search: "Search users",
    /** Written for this app: without JavaScript, the counter follows the boxes on request. */
    update: "Update the count",
    status: { ACTIVE: "Active", PENDING: "Pending", DISABLED: "Disabled" } as Record<string, string>,
    /** Written for this app: the Disabled status's tooltip. */
    disabledTip: "This user is disabled and cannot send mail merges from this space.",
    failed: "An error occurred. Please try again.",
  },
  /** The Add users dialog's own texts (its title, field and Cancel are the members page's, 002 §2). */
  addUsers: {
    /** Written for this app from 001 §2. */
    statement: (domains: readonly string[]) =>
      `Existing users of ${domains.map((domain) => `@${domain}`).join(", ")} can be added to this space.`,
    submit: (count: number) => (count === 1 ? "Add user" : `Add ${count} users`),
  },
} as const;
