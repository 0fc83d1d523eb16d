/**
 * Seats and their prices (001 §9): the seat discounts by seat count, the
 * limits, and the monthly rate per seat the add and remove screens show.
 */

/** 001 §9: at most 100 seats; a team has at least 2 (one is the owner's). */
export const SEAT_MAXIMUM = 100;
export const TEAM_MINIMUM = 2;

/** 001 §9 seat discount codes, by the lowest seat count each starts at. */
const SEAT_COUPONS = [
  { id: "100SEATS", from: 100, percentOff: 60 },
  { id: "50SEATS", from: 50, percentOff: 50 },
  { id: "25SEATS", from: 25, percentOff: 40 },
  { id: "10SEATS", from: 10, percentOff: 30 },
  { id: "5SEATS", from: 5, percentOff: 20 },
] as const;

export type SeatCoupon = (typeof SEAT_COUPONS)[number];

/** The discount a subscription of this many seats gets, if any. */
export function seatCoupon(seats: number): SeatCoupon | null {
  return SEAT_COUPONS.find((coupon) => seats >= coupon.from) ?? null;
}

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
