import type { LoaderFunctionArgs } from "@remix-run/node";
import { latestInvoice } from "~/api/billing.server";
import { isBackendError } from "~/api/http.server";
import { bannerQuery } from "~/domain/banners";
import { SEAT_COUNT_PARAM } from "~/domain/checkout-flow";
import { SEAT_MAXIMUM } from "~/domain/seat-pricing";
import { seatCheckoutSections, spacePath } from "~/domain/space-paths";
import { redirectInSession } from "~/utils/auth.server";
import { requireAccess, requireSpace } from "~/utils/space.server";
import { awaitSubscription, billingPage, loadSubscriptions } from "../__billing/space-billing.server";
import { SEAT_TOTAL_PARAM } from "../__billing/payment-confirmation.server";
import { PAYMENT_FAILED_PARAM, welcomeAddedSeats } from "./__steps/seat-change.server";

/** A count of the query written in digits, from 1 to the seat maximum, or null. */
function seatCountOf(query: URLSearchParams, name: string) {
  const raw = query.get(name);
  const value = raw !== null && /^\d{1,3}$/.test(raw) ? Number(raw) : null;
  return value !== null && value >= 1 && value <= SEAT_MAXIMUM ? value : null;
}

/**
 * Back from the card's authentication: what Stripe holds decides, never the
 * query Stripe added (anyone can type it). Paid: added seats are waited for
 * and billing says "Well done" (001 §4 Add seats), or billing says the
 * payment is confirmed, once the space's invoice shows paid. Not paid: the
 * seat step again, saying no seat was added (the count kept), or billing
 * saying the payment could not be confirmed (its alert still there).
 */
export async function returnFromPayment(args: LoaderFunctionArgs) {
  const space = await requireSpace(args);
  requireAccess(space, (access) => access.canAccessBilling, "");
  const query = new URL(args.request.url).searchParams;
  const added = seatCountOf(query, SEAT_COUNT_PARAM);
  const total = seatCountOf(query, SEAT_TOTAL_PARAM);
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
  if (added !== null && total !== null) {
    if (paid) return welcomeAddedSeats(space, { added, total });
    const again = new URLSearchParams({ [SEAT_COUNT_PARAM]: String(added), [PAYMENT_FAILED_PARAM]: "1" });
    throw redirectInSession(space.auth, `${spacePath(space.urlPrefix, seatCheckoutSections.addSeats)}?${again}`);
  }
  if (!paid) throw redirectInSession(space.auth, `${billing}?${bannerQuery({ banner: "payment-not-confirmed" })}`);
  await awaitSubscription(space, (subscription) => subscription?.additionalStripeInfo?.latestInvoice?.paid === true);
  throw redirectInSession(space.auth, `${billing}?${bannerQuery({ banner: "payment-confirmed" })}`);
}
