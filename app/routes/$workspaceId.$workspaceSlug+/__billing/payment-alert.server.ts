import { BILLING_INTENTS } from "~/domain/billing-intents";
import { paymentAlertFor, type PaymentAlertKind } from "~/domain/payment-alerts";
import { canManageBillingPortal } from "~/domain/permissions";
import { purchaseStart } from "~/domain/checkout-flow";
import { isGmailAddress } from "~/domain/wrong-plan";
import { spacePath } from "~/domain/space-paths";
import { formatDate } from "~/domain/zoned-format";
import type { SpaceContext } from "~/utils/space.server";
import { billingPage, loadSubscriptions } from "./space-billing.server";

/**
 * The payment alert of the space's newest subscription (000 §8, 001 §4),
 * ready for the shell's banners: its kind, whether it may be dismissed, the
 * date the subscription will be suspended and where its link goes (the
 * portal through the billing page's form, the hosted invoice page, or a new
 * purchase). Members never see one, so nothing is read for them.
 */
export async function loadPaymentAlert(space: SpaceContext, dismissed: readonly string[], timeZone: string) {
  if (space.access.role === "MEMBER") return null;
  const { subscriptions } = await loadSubscriptions(space);
  const newest = subscriptions[0] ?? null;
  const invoice = newest?.additionalStripeInfo?.latestInvoice ?? null;
  const alert = paymentAlertFor(
    newest && {
      subscriptionId: newest.subscriptionId,
      status: newest.status,
      latestInvoice: invoice && { paid: invoice.paid, paymentIntentStatus: invoice.paymentIntent?.status ?? null },
    },
    { role: space.access.role, isPerSeat: space.workspace.isPerSeat, dismissed },
  );
  if (!alert || !newest) return null;
  const billing = billingPage(space);
  const gmail = isGmailAddress(space.me.userEmail);
  return {
    ...alert,
    suspendDate: formatDate(invoice?.suspendTimestamp ?? newest.endTimestamp, timeZone),
    mend: mendOf(alert.kind, space, billing, gmail),
  };
}

/**
 * Where the alert's link leads (001 §8): the portal or the hosted invoice
 * page through a form of the billing page (each opens a page made for the
 * moment: a POST that 303s to Stripe), a new purchase, or, for whoever may
 * not pay, the billing page.
 */
function mendOf(kind: PaymentAlertKind, space: SpaceContext, billing: string, gmail: boolean) {
  if (kind === "all-failed") {
    const start = purchaseStart({ isPerSeat: space.workspace.isPerSeat, gmail, plan: "PRO" });
    return { href: spacePath(space.urlPrefix, start), form: null };
  }
  const mayPay =
    kind === "failed" ? canManageBillingPortal(space.access, space.workspace) : space.access.canAccessBilling;
  const intent = kind === "failed" ? BILLING_INTENTS.portal : BILLING_INTENTS.confirmPayment;
  return mayPay ? { href: null, form: { action: billing, intent } } : { href: billing, form: null };
}
