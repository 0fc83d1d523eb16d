import { describe, expect, it } from "vitest";
import { couponForSeats, findSeatCoupon } from "./seat-coupons";

describe("couponForSeats (001 §9)", () => {
  it.each([
    [1, null],
    [4, null],
    [5, "5SEATS"],
    [9, "5SEATS"],
    [10, "10SEATS"],
    [24, "10SEATS"],
    [25, "25SEATS"],
    [49, "25SEATS"],
    [50, "50SEATS"],
    [99, "50SEATS"],
    [100, "100SEATS"],
  ])("%i seats: %s", (seats, couponId) => {
    expect(couponForSeats(seats)?.id ?? null).toBe(couponId);
  });

  it("gives each coupon its percentage off", () => {
    expect(["5SEATS", "10SEATS", "25SEATS", "50SEATS", "100SEATS"].map((id) => findSeatCoupon(id)?.percentOff)).toEqual(
      [20, 30, 40, 50, 60],
    );
    expect(findSeatCoupon("3SEATS")).toBeNull();
    expect(findSeatCoupon(null)).toBeNull();
  });
});
