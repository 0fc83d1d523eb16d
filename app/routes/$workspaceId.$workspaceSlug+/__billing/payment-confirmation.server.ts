import { confirmLatestPayment } from "~/api/billing.server";
import { isBackendError } from "~/api/http.server";
import { SEAT_COUNT_PARAM } from "~/domain/checkout-flow";
import { seatCheckoutSections, spacePath } from "~/domain/space-paths";
import { appUrl } from "~/utils/app-url.server";
import type { SpaceContext } from "~/utils/space.server";

/** The seat total an authenticated seat increase is waited for at its return (the count added is `seats`). */
export const SEAT_TOTAL_PARAM = "total";

/**
 * Where Stripe sends the browser back once the card is authenticated
 * (checkout/payment-return), saying for a seat increase how many seats it
 * adds and the total it reaches.
 */
export function paymentReturnUrl(request: Request, space: SpaceContext, seats?: { added: number; total: number }) {
  const query = seats
    ? `?${new URLSearchParams({ [SEAT_COUNT_PARAM]: String(seats.added), [SEAT_TOTAL_PARAM]: String(seats.total) })}`
    : "";
  return appUrl(request, `${spacePath(space.urlPrefix, seatCheckoutSections.paymentReturn)}${query}`);
}

export type PaymentOutcome = { redirectTo: string } | { status: "succeeded" | "declined" | "nothing-to-pay" };

/**
 * Pays the subscription's latest invoice whose payment waits for the
 * customer, through Stripe's redirect-based authentication (no JavaScript
 * needed): the page to send the browser to when the card asks for it, or
 * how the payment ended without one.
 */
export async function payLatestInvoice(
  space: SpaceContext,
  subscriptionId: string,
  { returnUrl, idempotencyKey }: { returnUrl: string; idempotencyKey: string },
): Promise<PaymentOutcome> {
  try {
    const confirmation = await confirmLatestPayment(
      space.auth,
      space.workspace.workspaceId,
      subscriptionId,
      returnUrl,
      idempotencyKey,
    );
    if (confirmation.redirectToUrl) return { redirectTo: confirmation.redirectToUrl };
    return { status: confirmation.status === "succeeded" ? "succeeded" : "declined" };
  } catch (error) {
    if (isBackendError(error, 409)) return { status: "nothing-to-pay" };
    throw error;
  }
}
