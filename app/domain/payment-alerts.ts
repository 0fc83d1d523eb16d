import type { Role } from "./account-types";
import { hasRoleAtLeast } from "./roles";

/** 000 §8, 001 §4 payment alerts. */
export type PaymentAlertKind = "failed" | "confirmation" | "all-failed";

export interface PaymentAlert {
  kind: PaymentAlertKind;
  /** 001 §4: the alert kind plus the subscription id: what a dismissal remembers. */
  key: string;
  dismissible: boolean;
}

/** What the alerts read of a space's newest subscription (001 §3 additionalStripeInfo). */
export interface SubscriptionPaymentState {
  subscriptionId: string;
  status: "ACTIVE" | "CANCELED";
  latestInvoice: { paid: boolean; paymentIntentStatus: string | null } | null;
}

/**
 * 000 §6 / 001 §4: requires_payment_method is a failed attempt;
 * requires_action and requires_confirmation need a confirmation; a paid
 * latest invoice suppresses both.
 */
function paymentAlertKind(subscription: SubscriptionPaymentState): PaymentAlertKind | null {
  const invoice = subscription.latestInvoice;
  if (!invoice || invoice.paid) return null;
  if (subscription.status === "CANCELED") return "all-failed";
  if (invoice.paymentIntentStatus === "requires_payment_method") return "failed";
  if (invoice.paymentIntentStatus === "requires_action" || invoice.paymentIntentStatus === "requires_confirmation")
    return "confirmation";
  return null;
}

/**
 * The alert this person sees, if any (001 §4): in the per-seat layout only
 * the OWNER, who cannot dismiss the failed and confirmation alerts;
 * otherwise admins and owners, who may dismiss any. Dismissed keys hide it.
 */
export function paymentAlertFor(
  subscription: SubscriptionPaymentState | null,
  { role, isPerSeat, dismissed }: { role: Role; isPerSeat: boolean; dismissed: readonly string[] },
): PaymentAlert | null {
  if (!subscription) return null;
  const kind = paymentAlertKind(subscription);
  if (!kind) return null;
  if (isPerSeat ? role !== "OWNER" : !hasRoleAtLeast(role, "ADMIN")) return null;
  const alert = {
    kind,
    key: paymentAlertKey(kind, subscription.subscriptionId),
    dismissible: !isPerSeat || kind === "all-failed",
  };
  return alert.dismissible && dismissed.includes(alert.key) ? null : alert;
}

export function paymentAlertKey(kind: PaymentAlertKind, subscriptionId: string) {
  return `${kind}:${subscriptionId}`;
}

/** 000 §8, 001 §8: the payment alerts' texts. */
export const paymentAlertTexts = {
  failed: "Your last payment attempt failed",
  confirmation: "Your last payment attempt requires confirmation",
  /** 000 §8: "the subscription stays active but will be suspended on a date unless payment succeeds". */
  suspended: (date: string) =>
    `Your subscription is still active, but it will be suspended on ${date} unless the payment succeeds.`,
  updatePreferences: "Update your payment preferences",
  confirmPayment: "Confirm your payment",
  allFailed: "All payment attempts failed",
  canceled: "Your subscription was canceled.",
  purchase: "Purchase a new subscription",
  dismiss: "Dismiss",
} as const;
