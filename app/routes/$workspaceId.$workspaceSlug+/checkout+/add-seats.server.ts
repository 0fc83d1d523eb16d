import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { addSeats } from "~/api/billing.server";
import { isBackendError } from "~/api/http.server";
import { checkoutResultQuery, SUCCESS_KINDS } from "~/domain/billing-query";
import { checkoutTexts } from "~/domain/billing-texts";
import { clampSeatsToAdd } from "~/domain/checkout-form";
import { IDEMPOTENCY_FIELD, newIdempotencyKey } from "~/domain/idempotency";
import { idempotencyKeySchema } from "~/domain/idempotency-schema";
import { formatMoney } from "~/domain/money";
import { SEAT_MAXIMUM } from "~/domain/seat-pricing";
import { formatPaymentDate } from "~/domain/zoned-format";
import { SEAT_COUNT_PARAM } from "~/domain/checkout-flow";
import { redirectInSession } from "~/utils/auth.server";
import { timeZoneFromCookieHeader } from "~/utils/time-zone";
import { awaitSubscription, billingPage } from "../__billing/space-billing.server";
import { requireSeatChange } from "./__steps/checkout.server";
import { quoteSeatTotal, seatRateOf } from "./__steps/seat-change.server";

/**
 * Add seats (001 §2, §4): the seats to add (from the query, clamped between
 * 1 and what is left under 100), what they cost today, prorated, and the
 * next payment with its date.
 */
export async function loadAddSeats(args: LoaderFunctionArgs) {
  const { space, subscription, seatPlan, header } = await requireSeatChange(args, "add-seats");
  const current = seatPlan.totalSeats;
  const addable = SEAT_MAXIMUM - current;
  const base = {
    spaceName: space.workspace.workspaceName,
    header,
    current,
    plan: space.workspace.workspacePlan,
    billing: billingPage(space),
    addable,
  };
  if (addable <= 0) return { ...base, offer: null };
  const seats = clampSeatsToAdd(new URL(args.request.url).searchParams.get(SEAT_COUNT_PARAM), addable);
  const quote = await quoteSeatTotal(space, subscription, current + seats, { prorated: true });
  const timeZone = timeZoneFromCookieHeader(args.request.headers.get("Cookie"));
  const money = (amount: number) => formatMoney(amount, quote.currency);
  return {
    ...base,
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
  };
}

/**
 * Asks for the seats (once per form key). A payment that needs
 * authentication goes to Stripe's hosted invoice page; otherwise the seats
 * are waited for (their webhook) and billing says how many were added.
 */
export async function addSeatsAction(args: ActionFunctionArgs) {
  const { space, subscription, seatPlan } = await requireSeatChange(args, "add-seats");
  const formData = await args.request.formData();
  const current = seatPlan.totalSeats;
  const seats = clampSeatsToAdd(String(formData.get(SEAT_COUNT_PARAM) ?? ""), SEAT_MAXIMUM - current);
  const key = idempotencyKeySchema.safeParse(formData.get(IDEMPOTENCY_FIELD));
  if (!key.success || current >= SEAT_MAXIMUM) return data({ error: checkoutTexts.errors.submit }, { status: 400 });
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
    const status = isBackendError(error, 409) ? 409 : 502;
    return data({ error: checkoutTexts.errors.submit }, { status });
  }
  const invoice = answer.latestInvoice;
  if (invoice && !invoice.paid && invoice.paymentIntent?.status === "requires_action" && invoice.hostedInvoiceUrl) {
    return redirect(invoice.hostedInvoiceUrl, 303);
  }
  const target = current + seats;
  await awaitSubscription(
    space,
    (active) =>
      (active?.subscriptionPaymentPlans.find((plan) => plan.userPlanType === "PRO")?.totalSeats ?? 0) >= target,
  );
  throw redirectInSession(
    space.auth,
    `${billingPage(space)}?${checkoutResultQuery({ success: SUCCESS_KINDS.seatsAdded, seats })}`,
  );
}
