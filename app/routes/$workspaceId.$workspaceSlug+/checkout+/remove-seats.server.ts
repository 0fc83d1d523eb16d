import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { scheduleSeatRemoval } from "~/api/billing.server";
import { isBackendError } from "~/api/http.server";
import { checkoutResultQuery, SUCCESS_KINDS } from "~/domain/billing-query";
import { checkoutTexts } from "~/domain/checkout-texts";
import { removableTotals } from "~/domain/checkout-form";
import { IDEMPOTENCY_FIELD, newIdempotencyKey } from "~/domain/idempotency";
import { idempotencyKeySchema } from "~/domain/idempotency-schema";
import { formatMoney } from "~/domain/money";
import { spacePath, spaceSections } from "~/domain/space-paths";
import { formatPaymentDate } from "~/domain/zoned-format";
import { SEAT_COUNT_PARAM } from "~/domain/checkout-flow";
import { redirectInSession } from "~/utils/auth.server";
import { timeZoneFromCookieHeader } from "~/utils/time-zone";
import { billingPage } from "../__billing/space-billing.server";
import { requireSeatChange } from "./__steps/checkout.server";
import { quoteSeatTotal, seatRateOf } from "./__steps/seat-change.server";

/** The total asked for, if it is one the owner may choose; else the first of them. */
const chosenTotal = (raw: string | null, totals: number[]) =>
  totals.find((total) => String(total) === raw) ?? totals[0];

/**
 * Remove unused seats (001 §2, §4): the totals one may go down to (from one
 * less than now to the seats in use), the new rate per seat, the summary and
 * the next payment at that total. With every seat in use, the warning and
 * no removal.
 */
export async function loadRemoveSeats(args: LoaderFunctionArgs) {
  const asked = new URL(args.request.url).searchParams.get(SEAT_COUNT_PARAM);
  const { space, subscription, seatPlan, header, offer } = await requireSeatChange(
    args,
    "remove-seats",
    async ({ space, subscription, seatPlan }) => {
      const totals = removableTotals(seatPlan.totalSeats, seatPlan.assignedSeats);
      const target = chosenTotal(asked, totals);
      if (target === undefined) return null;
      return { totals, target, quote: await quoteSeatTotal(space, subscription, target, { prorated: false }) };
    },
  );
  const base = {
    spaceName: space.workspace.workspaceName,
    header,
    used: seatPlan.assignedSeats,
    total: seatPlan.totalSeats,
    billing: billingPage(space),
    // 001 §2: the link to remove members, unless only one seat is in use.
    membersPage: seatPlan.assignedSeats !== 1 ? spacePath(space.urlPrefix, spaceSections.users) : null,
  };
  const quoted = await offer;
  if (!quoted) return { ...base, offer: null };
  const { totals, target, quote } = quoted;
  const timeZone = timeZoneFromCookieHeader(args.request.headers.get("Cookie"));
  return {
    ...base,
    offer: {
      totals,
      target,
      removed: seatPlan.totalSeats - target,
      newRate: seatRateOf(quote, subscription.billingInterval),
      nextPayment: checkoutTexts.removeSeats.nextPayment(
        formatMoney(quote.totalAmount, quote.currency),
        formatPaymentDate(subscription.endTimestamp, timeZone),
      ),
      taxesIncluded: quote.taxRate > 0,
      idempotencyKey: newIdempotencyKey(),
    },
  };
}

/** Schedules the removal at the next renewal (001 §4), then billing says so. */
export async function removeSeatsAction(args: ActionFunctionArgs) {
  const { space, subscription, seatPlan } = await requireSeatChange(args, "remove-seats");
  const formData = await args.request.formData();
  const totals = removableTotals(seatPlan.totalSeats, seatPlan.assignedSeats);
  const target = totals.find((total) => String(total) === formData.get(SEAT_COUNT_PARAM));
  const key = idempotencyKeySchema.safeParse(formData.get(IDEMPOTENCY_FIELD));
  if (target === undefined || !key.success) return data({ error: checkoutTexts.errors.submit }, { status: 400 });
  try {
    await scheduleSeatRemoval(
      space.auth,
      space.workspace.workspaceId,
      subscription.subscriptionId,
      [{ paymentPlanId: seatPlan.paymentPlanId, targetSeatsQuantity: target }],
      key.data,
    );
  } catch (error) {
    if (error instanceof Response) throw error;
    return data({ error: checkoutTexts.errors.submit }, { status: isBackendError(error, 409) ? 409 : 502 });
  }
  const query = checkoutResultQuery({ success: SUCCESS_KINDS.seatsRemoved, seats: seatPlan.totalSeats - target });
  throw redirectInSession(space.auth, `${billingPage(space)}?${query}`);
}
