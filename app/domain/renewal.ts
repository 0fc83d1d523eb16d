import { errorResult } from "./result-pages";

/** Stopping the automatic renewal of a PayPal licence (000 §2, §4, §5, §6, §8). */

export const STOP_RENEWAL_PATH = "/stop-automatic-renewal";

export const renewalTexts = {
  pageTitle: "Stop automatic renewal",
  heading: "Are you sure you want to stop the automatic renewal?",
  permanentBefore:
    "This action is permanent. To turn automatic renewal back on, you will need to buy a new plan from our",
  pricingPage: "pricing page",
  signInPrompt: "Sign in with your Google account to stop the automatic renewal.",
  signIn: "Sign in with Google",
  confirm: "Confirm cancellation",
  confirming: "Stopping the automatic renewal…",
  success: {
    title: "Autorenewal stopped successfully",
    messageBefore: "You can check your payments at any time in your",
    provider: "PayPal account",
  },
  failure: errorResult,
  /** 000 §5: written to the logs, never shown. */
  subscriptionIdMissing: "Subscription Id is missing",
} as const;

/** Where the payment provider lists a PayPal customer's automatic payments. */
export const paypalPaymentsUrl = "https://www.paypal.com/myaccount/autopay/";

export type RenewalResult = "success" | "failure";

/** The page's `success` query parameter: 1 and 0 are the two result views, anything else the question. */
export function parseRenewalResult(value: string | null): RenewalResult | null {
  if (value === "1") return "success";
  if (value === "0") return "failure";
  return null;
}

export type RenewalView = "sign-in" | "confirm" | RenewalResult;

/**
 * What the page shows (000 §2, §4): a signed-out visitor the sign-in prompt,
 * whatever the query says (the result is the licence holder's); a licence
 * whose renewal is already stopped its success view, never Confirm again;
 * otherwise a failure the query reports, or the question. `success=1` on a
 * licence that still renews is no success.
 */
export function renewalView(result: RenewalResult | null, licence: { autoRenew: boolean } | "signed-out"): RenewalView {
  if (licence === "signed-out") return "sign-in";
  if (!licence.autoRenew) return "success";
  return result === "failure" ? "failure" : "confirm";
}

export function renewalResultPath(result: RenewalResult) {
  return `${STOP_RENEWAL_PATH}?success=${result === "success" ? 1 : 0}`;
}

/** 000 §6: only users whose licence is paid through PayPal can stop its renewal here. */
export function canStopRenewal(license: { paymentSource: string } | null) {
  return license?.paymentSource === "PAYPAL";
}

/** The intent of the Confirm cancellation form. */
export const STOP_RENEWAL_INTENT = "stop-renewal";
