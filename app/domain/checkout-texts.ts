/**
 * The per-seat checkout's texts (001 §2, §5, §8), verbatim where the spec
 * gives them. Those it only describes are marked "written for this app".
 * The header's, on every checkout step, are in ./checkout-header-texts.
 */

import { plural, taxesIncluded } from "./billing-words";

export const checkoutTexts = {
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
