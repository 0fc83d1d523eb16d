/**
 * 001 §9 seat discounts: a coupon by the number of seats bought, a percentage
 * off every cycle (Stripe's `forever` coupons of the same ids).
 */
export interface SeatCoupon {
  id: string;
  minSeats: number;
  percentOff: number;
}

/** From the largest tier down: the first whose minimum the seats reach applies. */
const SEAT_COUPONS: readonly SeatCoupon[] = [
  { id: "100SEATS", minSeats: 100, percentOff: 60 },
  { id: "50SEATS", minSeats: 50, percentOff: 50 },
  { id: "25SEATS", minSeats: 25, percentOff: 40 },
  { id: "10SEATS", minSeats: 10, percentOff: 30 },
  { id: "5SEATS", minSeats: 5, percentOff: 20 },
];

/** Every seeded or sold coupon is one of these, and none expires. */
export const SEAT_COUPON_DURATION = "forever";

/** The coupon for a total of seats (every seat plan of the subscription counted), or null under 5. */
export function couponForSeats(totalSeats: number): SeatCoupon | null {
  return SEAT_COUPONS.find((coupon) => totalSeats >= coupon.minSeats) ?? null;
}

export function findSeatCoupon(couponId: string | null): SeatCoupon | null {
  return SEAT_COUPONS.find((coupon) => coupon.id === couponId) ?? null;
}
