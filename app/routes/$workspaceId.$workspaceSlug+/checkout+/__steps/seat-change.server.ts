import { quoteSeats, type Quote } from "~/api/billing.server";
import type { Subscription } from "~/api/subscriptions.server";
import { formatMoney } from "~/domain/money";
import { monthlySeatRate } from "~/domain/seat-pricing";
import { DEFAULT_COUNTRY } from "~/domain/countries";
import type { SpaceContext } from "~/utils/space.server";

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
