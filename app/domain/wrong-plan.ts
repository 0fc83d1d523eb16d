import { formatMoney } from "./money";
import { QUOTA_CONDITIONS, RECIPIENTS_PER_DAY, recipientsPerDay } from "./quotas";
import { perMonth } from "./seat-pricing";
/**
 * The wrong-plan page (000 §2, §4, §6, §9): someone chose, on the pricing
 * site, a plan their kind of Google account cannot buy.
 */

export const requestedPlans = ["TEAM", "PERSONAL", "PROFESSIONAL", "pro-gmail", "pro-google-workspace"] as const;
export type RequestedPlan = (typeof requestedPlans)[number];

export type AccountType = "gmail" | "workspace";

export const QUOTA_CONDITIONS_PARAM = "quota-conditions";

const planNames: Record<RequestedPlan, string> = {
  TEAM: "Team",
  PERSONAL: "Personal",
  PROFESSIONAL: "Professional",
  "pro-gmail": "Pro Gmail",
  "pro-google-workspace": "Pro Google Workspace",
};

export function parseRequestedPlan(value: string | null): RequestedPlan | null {
  return requestedPlans.find((plan) => plan === value) ?? null;
}

export function planName(plan: RequestedPlan) {
  return planNames[plan];
}

/** Consumer Google domains (000 §4: Gmail detection is by e-mail domain). */
const GMAIL_DOMAINS: ReadonlySet<string> = new Set(["gmail.com", "googlemail.com"]);

export function isGmailAddress(email: string) {
  const at = email.lastIndexOf("@");
  return (
    at > 0 &&
    GMAIL_DOMAINS.has(
      email
        .slice(at + 1)
        .trim()
        .toLowerCase(),
    )
  );
}

export function accountTypeOf(email: string): AccountType {
  return isGmailAddress(email) ? "gmail" : "workspace";
}

/** The plans each account type may buy: today's Pro plan for it, or its legacy equivalent. */
const plansFor: Record<AccountType, readonly RequestedPlan[]> = {
  gmail: ["pro-gmail", "PERSONAL"],
  workspace: ["pro-google-workspace", "PROFESSIONAL"],
};

export function planMatchesAccount(plan: RequestedPlan, accountType: AccountType) {
  return plansFor[accountType].includes(plan);
}

export interface OfferedPlan {
  plan: RequestedPlan;
  name: string;
  /** 000 §9 yearly price in USD: Pro Gmail is priced as PERSONAL, Pro Google Workspace as PROFESSIONAL. */
  yearlyPriceUsd: number;
  /** 000 §9 daily recipient quota: Pro Personal 400, Pro 1,500. */
  recipientsPerDay: number;
}

/** 000 §6: a Gmail account is offered only Pro Gmail, a Workspace account only Pro Google Workspace. */
export const offeredPlans: Record<AccountType, OfferedPlan> = {
  gmail: {
    plan: "pro-gmail",
    name: planNames["pro-gmail"],
    yearlyPriceUsd: 36,
    recipientsPerDay: RECIPIENTS_PER_DAY.PRO_PERSONAL,
  },
  workspace: {
    plan: "pro-google-workspace",
    name: planNames["pro-google-workspace"],
    yearlyPriceUsd: 60,
    recipientsPerDay: RECIPIENTS_PER_DAY.PRO,
  },
};

export function otherAccountType(accountType: AccountType): AccountType {
  return accountType === "gmail" ? "workspace" : "gmail";
}

/** A plan card's price (000 §9, 001 §9): the yearly dollar price per month, in the money format of plan cards. */
export function planCardPrice(yearlyPriceUsd: number) {
  return formatMoney(perMonth(yearlyPriceUsd * 100), "USD", { plain: true });
}

/** The same query with the quota-conditions dialog open or closed. */
export function withQuotaConditions(search: URLSearchParams, open: boolean) {
  const params = new URLSearchParams(search);
  if (open) params.set(QUOTA_CONDITIONS_PARAM, "1");
  else params.delete(QUOTA_CONDITIONS_PARAM);
  const query = params.toString();
  return query ? `?${query}` : "";
}

export function isQuotaConditionsOpen(search: URLSearchParams) {
  return search.get(QUOTA_CONDITIONS_PARAM) === "1";
}

export const BILLING_PATH = "/settings/billing";

/** The billing page with the rest of the query, buying the given plan. */
export function billingPathFor(search: URLSearchParams, plan: RequestedPlan) {
  const params = new URLSearchParams(search);
  params.delete(QUOTA_CONDITIONS_PARAM);
  params.set("plan", plan);
  return `${BILLING_PATH}?${params}`;
}

export const wrongPlanTexts = {
  pageTitle: "Wrong plan",
  heading: (plan: RequestedPlan, email: string) => `You are trying to purchase a ${planName(plan)} plan with ${email}`,
  eligibility: {
    gmail: "Gmail accounts can only purchase the Pro Gmail plan.",
    workspace: "Google Workspace accounts can only purchase the Pro Google Workspace plan.",
  } satisfies Record<AccountType, string>,
  card: {
    perMonth: "/ month",
    billedAnnually: "Billed annually",
    features: ["1 user", "Priority support", "No branded footer", "All features"],
    recipientsPerDay,
    quotaConditions: "See quota conditions",
    buy: (name: string) => `Purchase ${name}`,
  },
  /** The question offering the other plan type, asked of the account type that cannot buy it. */
  otherPlanQuestion: {
    gmail: "Did you want to purchase a Pro Google Workspace plan? Sign in with your Google Workspace account.",
    workspace: "Did you want to purchase a Pro Gmail plan? Sign in with your Gmail account.",
  } satisfies Record<AccountType, string>,
  switchAccount: "Sign-in with another account",
  backToPricing: "Back to pricing plans",
  quotaDialog: {
    title: "Quota conditions",
    intro: `Google Workspace accounts can send to ${recipientsPerDay(RECIPIENTS_PER_DAY.PRO)}, as long as:`,
    conditions: [
      "the account is not in a trial period;",
      "the Google Workspace edition is not a free legacy edition;",
      `no more than ${QUOTA_CONDITIONS.maxSentLast24Hours} e-mails were sent from the account in the last 24 hours;`,
      "Google is not rate-limiting the account.",
    ],
    gmailNote: `With the Gmail personal plan, e-mails with personalised attachments are limited to ${recipientsPerDay(QUOTA_CONDITIONS.gmailAttachmentRecipientsPerDay)}.`,
  },
} as const;
