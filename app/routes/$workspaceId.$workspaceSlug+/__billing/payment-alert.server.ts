import { BILLING_INTENTS } from "~/domain/billing-intents";
import { paymentAlertFor, type PaymentAlertKind } from "~/domain/payment-alerts";
import { canManageBillingPortal } from "~/domain/permissions";
import { purchaseStart } from "~/domain/checkout-flow";
import { isGmailAddress } from "~/domain/wrong-plan";
import { spacePath } from "~/domain/space-paths";
import { formatDate } from "~/domain/zoned-format";
import { newIdempotencyKey } from "~/domain/idempotency";
import type { Subscription } from "~/api/subscriptions.server";
import type { SpaceContext } from "~/utils/space.server";
import { billingPage, loadSubscriptions } from "./space-billing.server";

/**
 * The payment alert of the space's newest subscription (000 §8, 001 §4),
 * ready for the shell's banners: its kind, whether it may be dismissed, the
 * date the subscription will be suspended and where its link goes (the
 * portal, or the payment's confirmation, through the billing page's form;
 * or a new purchase). Members never see one: their subscriptions, asked for
 * beside the shell's guard (`listed`) before their role was known, go unread.
 */
export async function loadPaymentAlert(
  space: SpaceContext,
  listed: Promise<Subscription[]>,
  dismissed: readonly string[],
  timeZone: string,
) {
  if (space.access.role === "MEMBER") return null;
  const { subscriptions } = await loadSubscriptions(space, { listed });
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
 * Where the alert's link leads (001 §8): the portal or the payment's
 * confirmation through a form of the billing page (each a POST that 303s
 * to a page of Stripe's made for the moment), a new purchase, or, for
 * whoever may not pay, the billing page.
 */
function mendOf(kind: PaymentAlertKind, space: SpaceContext, billing: string, gmail: boolean) {
  if (kind === "all-failed") {
    const start = purchaseStart({ isPerSeat: space.workspace.isPerSeat, gmail, plan: "PRO" });
    return { href: spacePath(space.urlPrefix, start), form: null };
  }
  const mayPay =
    kind === "failed" ? canManageBillingPortal(space.access, space.workspace) : space.access.canAccessBilling;
  if (!mayPay) return { href: billing, form: null };
  // Confirming pays the invoice: once per rendering of the alert, by its key.
  return kind === "failed"
    ? { href: null, form: { action: billing, intent: BILLING_INTENTS.portal, idempotencyKey: null } }
    : {
        href: null,
        form: { action: billing, intent: BILLING_INTENTS.confirmPayment, idempotencyKey: newIdempotencyKey() },
      };
}
