import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { scheduleSeatRemoval } from "~/api/billing.server";
import { isBackendError } from "~/api/http.server";
import { checkoutResultQuery, SUCCESS_KINDS } from "~/domain/billing-query";
import { checkoutTexts } from "~/domain/checkout-texts";
import { removableTotals, seatTotalSchema } from "~/domain/checkout-form";
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
import { quoteSeatTotal, readSeatCount, seatRateOf, type TypedSeatCount } from "./__steps/seat-change.server";

/**
 * Remove unused seats (001 §2, §4): the totals one may go down to (from one
 * less than now to the seats in use), the new rate per seat, the summary and
 * the next payment at that total. With every seat in use, the warning and
 * no removal. A total the query names outside them is a 400 with the spec's
 * message and no quote (issue 34).
 */
export async function loadRemoveSeats(args: LoaderFunctionArgs) {
  const query = new URL(args.request.url).searchParams;
  const { space, subscription, seatPlan, header, offer } = await requireSeatChange(
    args,
    "remove-seats",
    async ({ space, subscription, seatPlan }) => {
      const totals = removableTotals(seatPlan.totalSeats, seatPlan.assignedSeats);
      if (totals.length === 0) return null;
      const count = query.has(SEAT_COUNT_PARAM)
        ? readSeatCount(query, seatTotalSchema(seatPlan.totalSeats, seatPlan.assignedSeats))
        : { seats: totals[0]! };
      if ("refused" in count) return { totals, refused: count.refused };
      const target = count.seats;
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
  if (!quoted) return data({ ...base, totals: [], count: null, offer: null });
  if ("refused" in quoted) return data({ ...base, totals: quoted.totals, count: quoted.refused, offer: null }, { status: 400 });
  const { totals, target, quote } = quoted;
  const timeZone = timeZoneFromCookieHeader(args.request.headers.get("Cookie"));
  return data({
    ...base,
    totals,
    count: { value: String(target), error: null } satisfies TypedSeatCount,
    offer: {
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
  });
}

/** Schedules the removal at the next renewal (001 §4), then billing says so. */
export async function removeSeatsAction(args: ActionFunctionArgs) {
  const { space, subscription, seatPlan } = await requireSeatChange(args, "remove-seats");
  const formData = await args.request.formData();
  const key = idempotencyKeySchema.safeParse(formData.get(IDEMPOTENCY_FIELD));
  if (!key.success) return data({ error: checkoutTexts.errors.submit, count: null }, { status: 400 });
  const count = readSeatCount(formData, seatTotalSchema(seatPlan.totalSeats, seatPlan.assignedSeats));
  if ("refused" in count) return data({ error: null, count: count.refused }, { status: 400 });
  const target = count.seats;
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
    return data({ error: checkoutTexts.errors.submit, count: null }, { status: isBackendError(error, 409) ? 409 : 502 });
  }
  const query = checkoutResultQuery({ success: SUCCESS_KINDS.seatsRemoved, seats: seatPlan.totalSeats - target });
  throw redirectInSession(space.auth, `${billingPage(space)}?${query}`);
}
