import Stripe from "stripe";
import { asApiError, stripeIdempotencyKey } from "./stripe-client";

/** Where a confirmation left the payment, and the page the browser goes to when it must authenticate. */
export interface PaymentConfirmation {
  status: string;
  redirectToUrl: string | null;
}

/**
 * Confirms an invoice's payment intent with its saved card and a
 * `return_url` (Stripe's redirect-based authentication: no JavaScript
 * needed). A declined card is Stripe's 402 card error: the payment then
 * waits for another payment method.
 */
export async function confirmInvoicePayment(
  stripe: Stripe,
  confirmation: { paymentIntentId: string; returnUrl: string; requestKey?: string },
): Promise<PaymentConfirmation> {
  const params: Stripe.PaymentIntentConfirmParams = { return_url: confirmation.returnUrl };
  try {
    const intent = await stripe.paymentIntents.confirm(confirmation.paymentIntentId, params, {
      idempotencyKey: stripeIdempotencyKey(confirmation.requestKey, "confirm-payment", [
        confirmation.paymentIntentId,
        params,
      ]),
    });
    const redirect = intent.next_action?.type === "redirect_to_url" ? intent.next_action.redirect_to_url : null;
    return { status: intent.status, redirectToUrl: redirect?.url ?? null };
  } catch (error) {
    if (error instanceof Stripe.errors.StripeCardError)
      return { status: "requires_payment_method", redirectToUrl: null };
    throw asApiError(error);
  }
}
