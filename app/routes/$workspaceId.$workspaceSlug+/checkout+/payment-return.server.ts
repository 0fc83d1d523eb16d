import type { LoaderFunctionArgs } from "@remix-run/node";
import { latestInvoice } from "~/api/billing.server";
import { isBackendError } from "~/api/http.server";
import { bannerQuery } from "~/domain/banners";
import { SEAT_COUNT_PARAM } from "~/domain/checkout-flow";
import { seatCheckoutSections, spacePath } from "~/domain/space-paths";
import { redirectInSession } from "~/utils/auth.server";
import { requireAccess, requireSpace } from "~/utils/space.server";
import { awaitSubscription, billingPage, loadSubscriptions } from "../__billing/space-billing.server";
import { startedPaymentOf } from "../__billing/payment-confirmation.server";
import { PAYMENT_FAILED_PARAM, welcomeAddedSeats } from "./__steps/seat-change.server";

/**
 * Back from the card's authentication: what Stripe holds decides, never the
 * query (anyone can type it). The webhook is waited for, a few seconds at
 * most, only for a payment this session started here (its sealed value in
 * the query, see paymentReturnUrl): paid, added seats are waited for and
 * billing says "Well done" (001 §4 Add seats), or billing says the payment
 * is confirmed once the space's invoice shows paid. Not paid: the seat step
 * again, saying no seat was added (the count kept), or billing saying the
 * payment could not be confirmed (its alert still there). Any other return
 * waits for nothing: billing says what Stripe holds now.
 */
export async function returnFromPayment(args: LoaderFunctionArgs) {
  const space = await requireSpace(args);
  requireAccess(space, (access) => access.canAccessBilling, "");
  const started = startedPaymentOf(new URL(args.request.url).searchParams, space);
  const billing = billingPage(space);
  const { active } = await loadSubscriptions(space);
  if (!active) throw redirectInSession(space.auth, billing);
  const invoice = await latestInvoice(space.auth, space.workspace.workspaceId, active.subscriptionId).catch(
    (error: unknown) => {
      if (isBackendError(error, 404)) return null;
      throw error;
    },
  );
  // The payment went through once its intent succeeded, though Stripe may mark the invoice paid a moment later.
  const paid = invoice !== null && (invoice.paid || invoice.paymentIntent?.status === "succeeded");
  const seats = started?.seats;
  if (seats) {
    if (paid) return welcomeAddedSeats(space, seats);
    const again = new URLSearchParams({ [SEAT_COUNT_PARAM]: String(seats.added), [PAYMENT_FAILED_PARAM]: "1" });
    throw redirectInSession(space.auth, `${spacePath(space.urlPrefix, seatCheckoutSections.addSeats)}?${again}`);
  }
  if (!paid) throw redirectInSession(space.auth, `${billing}?${bannerQuery({ banner: "payment-not-confirmed" })}`);
  if (started) {
    await awaitSubscription(space, (subscription) => subscription?.additionalStripeInfo?.latestInvoice?.paid === true);
  }
  throw redirectInSession(space.auth, `${billing}?${bannerQuery({ banner: "payment-confirmed" })}`);
}
