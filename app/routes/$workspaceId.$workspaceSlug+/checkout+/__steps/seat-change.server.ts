import { parseWithZod } from "@conform-to/zod";
import type { z } from "zod";
import { quoteSeats, type Quote } from "~/api/billing.server";
import type { Subscription } from "~/api/subscriptions.server";
import { checkoutResultQuery, SUCCESS_KINDS } from "~/domain/billing-query";
import { SEAT_COUNT_PARAM } from "~/domain/checkout-flow";
import { formatMoney } from "~/domain/money";
import { monthlySeatRate } from "~/domain/seat-pricing";
import { DEFAULT_COUNTRY } from "~/domain/countries";
import { redirectInSession } from "~/utils/auth.server";
import type { SpaceContext } from "~/utils/space.server";
import { awaitSubscription, billingPage } from "../../__billing/space-billing.server";

/** On the add-seats step: the payment of the seats asked for did not go through (their count is kept). */
export const PAYMENT_FAILED_PARAM = "payment-failed";

/** The count in the field, as typed, and why it is refused (null: it is not). */
export interface TypedSeatCount {
  value: string;
  error: string | null;
}

/**
 * The seat count a query or a form names, against its bounds (issue 34):
 * the count, or the field as typed with the spec's message. Never clamped.
 */
export function readSeatCount(
  source: URLSearchParams | FormData,
  schema: z.ZodType<{ seats: number }, z.ZodTypeDef, unknown>,
): { seats: number } | { refused: TypedSeatCount } {
  const submission = parseWithZod(source, { schema });
  if (submission.status === "success") return { seats: submission.value.seats };
  const typed = source.get(SEAT_COUNT_PARAM);
  return {
    refused: {
      value: typeof typed === "string" ? typed.slice(0, 20) : "",
      error: submission.reply().error?.[SEAT_COUNT_PARAM]?.[0] ?? null,
    },
  };
}

/** The seats of the active subscription's PRO seat plan. */
const proSeats = (subscription: Subscription | null) =>
  subscription?.subscriptionPaymentPlans.find((plan) => plan.userPlanType === "PRO")?.totalSeats ?? 0;

/**
 * Seats paid for: once Stripe's webhook has added them (waited for a
 * moment, 001 §4), billing says "Well done" with their count.
 */
export async function welcomeAddedSeats(space: SpaceContext, seats: { added: number; total: number }): Promise<never> {
  await awaitSubscription(space, (active) => proSeats(active) >= seats.total);
  throw redirectInSession(
    space.auth,
    `${billingPage(space)}?${checkoutResultQuery({ success: SUCCESS_KINDS.seatsAdded, seats: seats.added })}`,
  );
}

/**
 * The quote of a seat change (001 §4): the subscription at `total` seats,
 * prorated from today when seats are added, or from its next cycle.
 */
export function quoteSeatTotal(
  space: SpaceContext,
  subscription: Subscription,
  total: number,
  { prorated }: { prorated: boolean },
) {
  const info = subscription.additionalStripeInfo;
  return quoteSeats(space.auth, space.workspace.workspaceId, {
    country: info?.country ?? DEFAULT_COUNTRY,
    business: info?.companyName != null,
    billingInterval: subscription.billingInterval,
    previewProratedAmounts: prorated,
    seatPlans: [{ userPlan: "PRO", quantity: total }],
  });
}

/** 001 §9: the monthly rate per seat of a quote, coupon and tax in, shown in its currency. */
export function seatRateOf(quote: Quote, interval: Subscription["billingInterval"]) {
  const unit = quote.stripePlans[0]?.unitAmount ?? 0;
  const rate = monthlySeatRate({
    yearlyUnitAmount: interval === "YEARLY" ? unit : unit * 12,
    couponPercentOff: quote.couponPercentOff,
    taxRate: quote.taxRate,
  });
  return formatMoney(rate, quote.currency);
}
