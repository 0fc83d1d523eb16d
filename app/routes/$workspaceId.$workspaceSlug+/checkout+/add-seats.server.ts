import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { addSeats } from "~/api/billing.server";
import { isBackendError } from "~/api/http.server";
import { checkoutTexts } from "~/domain/checkout-texts";
import { seatsToAddSchema } from "~/domain/checkout-form";
import { IDEMPOTENCY_FIELD, newIdempotencyKey } from "~/domain/idempotency";
import { idempotencyKeySchema } from "~/domain/idempotency-schema";
import { formatMoney } from "~/domain/money";
import { SEAT_MAXIMUM } from "~/domain/seat-pricing";
import { formatPaymentDate } from "~/domain/zoned-format";
import { SEAT_COUNT_PARAM } from "~/domain/checkout-flow";
import { timeZoneFromCookieHeader } from "~/utils/time-zone";
import { payLatestInvoice, paymentReturnUrl } from "../__billing/payment-confirmation.server";
import { billingPage } from "../__billing/space-billing.server";
import { requireSeatChange } from "./__steps/checkout.server";
import {
  PAYMENT_FAILED_PARAM,
  quoteSeatTotal,
  readSeatCount,
  seatRateOf,
  welcomeAddedSeats,
  type TypedSeatCount,
} from "./__steps/seat-change.server";

/**
 * Add seats (001 §2, §4): the seats to add (1, or the query's count when it
 * is between 1 and what is left under 100), what they cost today, prorated,
 * and the next payment with its date. A count out of bounds, or not a whole
 * number, is a 400 with the field as typed and the spec's message, and no
 * quote: it is refused, never clamped (issue 34).
 */
export async function loadAddSeats(args: LoaderFunctionArgs) {
  const query = new URL(args.request.url).searchParams;
  const { space, subscription, seatPlan, header, offer } = await requireSeatChange(
    args,
    "add-seats",
    async ({ space, subscription, seatPlan }) => {
      const addable = SEAT_MAXIMUM - seatPlan.totalSeats;
      if (addable <= 0) return null;
      const count = query.has(SEAT_COUNT_PARAM) ? readSeatCount(query, seatsToAddSchema(addable)) : { seats: 1 };
      if ("refused" in count) return count;
      return {
        seats: count.seats,
        quote: await quoteSeatTotal(space, subscription, seatPlan.totalSeats + count.seats, { prorated: true }),
      };
    },
  );
  const current = seatPlan.totalSeats;
  const base = {
    spaceName: space.workspace.workspaceName,
    header,
    current,
    plan: space.workspace.workspacePlan,
    billing: billingPage(space),
    addable: SEAT_MAXIMUM - current,
    // Back from an authentication that failed: the seats asked for were not added.
    refusal: query.has(PAYMENT_FAILED_PARAM)
      ? { error: checkoutTexts.addSeats.notAuthenticated, declined: false }
      : null,
  };
  const quoted = await offer;
  if (!quoted) return data({ ...base, count: null, offer: null });
  if ("refused" in quoted) return data({ ...base, count: quoted.refused, offer: null }, { status: 400 });
  const { seats, quote } = quoted;
  const timeZone = timeZoneFromCookieHeader(args.request.headers.get("Cookie"));
  const money = (amount: number) => formatMoney(amount, quote.currency);
  return data({
    ...base,
    count: { value: String(seats), error: null } satisfies TypedSeatCount,
    offer: {
      seats,
      line: checkoutTexts.addSeats.line(
        seats,
        seatRateOf(quote, subscription.billingInterval),
        quote.proratedDays ?? 0,
      ),
      chargedToday: money(quote.chargedToday),
      nextPayment: money(quote.totalAmount),
      nextPaymentDate: formatPaymentDate(quote.nextPaymentTimestamp, timeZone),
      taxesIncluded: quote.taxRate > 0,
      idempotencyKey: newIdempotencyKey(),
    },
  });
}

/**
 * Asks for the seats (once per form key). They are added only once paid
 * (001 §4 Add seats, issue 24): paid at once, they are waited for and
 * billing says "Well done"; a card that asks for authentication is sent to
 * Stripe's page for it (a redirect, no JavaScript needed), which brings it
 * back to checkout/payment-return; a declined card adds nothing and the page
 * says why and where to update the card.
 */
export async function addSeatsAction(args: ActionFunctionArgs) {
  const { space, subscription, seatPlan } = await requireSeatChange(args, "add-seats");
  const formData = await args.request.formData();
  const current = seatPlan.totalSeats;
  const key = idempotencyKeySchema.safeParse(formData.get(IDEMPOTENCY_FIELD));
  if (!key.success || current >= SEAT_MAXIMUM) return refused(checkoutTexts.errors.submit, 400);
  // A count nobody confirmed is never charged: out of bounds, or not a whole number, it is refused (issue 34).
  const count = readSeatCount(formData, seatsToAddSchema(SEAT_MAXIMUM - current));
  if ("refused" in count) return data({ error: null, declined: false, count: count.refused }, { status: 400 });
  const { seats } = count;
  const asked = { added: seats, total: current + seats };
  let answer;
  try {
    answer = await addSeats(
      space.auth,
      space.workspace.workspaceId,
      subscription.subscriptionId,
      [{ userPlan: "PRO", quantity: seats }],
      key.data,
    );
  } catch (error) {
    if (error instanceof Response) throw error;
    if (isBackendError(error, 402)) return refused(checkoutTexts.addSeats.declined, 402, { declined: true });
    return refused(checkoutTexts.errors.submit, isBackendError(error, 409) ? 409 : 502);
  }
  const waitsForPayment = answer.pending && answer.latestInvoice?.paymentIntent?.status === "requires_action";
  if (!waitsForPayment) return welcomeAddedSeats(space, asked);
  const outcome = await payLatestInvoice(space, subscription.subscriptionId, {
    returnUrl: paymentReturnUrl(args.request, space, asked),
    // The seat call took the form's key; its confirmation is another call, once per form too.
    idempotencyKey: `${key.data}-confirm`,
  });
  if ("redirectTo" in outcome) return redirect(outcome.redirectTo, 303);
  if (outcome.status === "succeeded") return welcomeAddedSeats(space, asked);
  return refused(checkoutTexts.addSeats.declined, 402, { declined: true });
}

/** The step again with why nothing was added; `declined` offers Manage billing to update the card. */
function refused(error: string, status: number, { declined = false } = {}) {
  return data({ error, declined, count: null }, { status });
}
