/**
 * Seats and their prices (001 §9): the limits, and the monthly rate per
 * seat the add and remove screens show (the seat discount itself comes with
 * the backend's quote).
 */

/** 001 §9: at most 100 seats; a team has at least 2 (one is the owner's). */
export const SEAT_MAXIMUM = 100;
export const TEAM_MINIMUM = 2;

/**
 * 001 §9: the monthly seat rate is the yearly amount divided by 12, with the
 * coupon's percent off and the tax rate added; in minor units, rounded.
 */
export function monthlySeatRate({
  yearlyUnitAmount,
  couponPercentOff,
  taxRate,
}: {
  yearlyUnitAmount: number;
  couponPercentOff: number | null;
  taxRate: number;
}) {
  const discounted = (yearlyUnitAmount / 12) * (1 - (couponPercentOff ?? 0) / 100);
  return Math.round(discounted * (1 + taxRate / 100));
}

/** 001 §9: the price of a yearly plan per month, as the plan cards show it. */
export function perMonth(yearlyAmount: number) {
  return Math.round(yearlyAmount / 12);
}
