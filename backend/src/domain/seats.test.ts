import { describe, expect, it } from "vitest";
import { roomRefusal, seatSummary, UNLIMITED_SEATS } from "./seats";

describe("seatSummary", () => {
  it("counts the seats left, never below zero", () => {
    expect(seatSummary(10, 8)).toEqual({ totalSeats: 10, assignedSeats: 8, availableSeats: 2 });
    expect(seatSummary(3, 5)).toEqual({ totalSeats: 3, assignedSeats: 5, availableSeats: 0 });
  });

  it("answers unlimited available seats for unlimited totals", () => {
    expect(seatSummary(UNLIMITED_SEATS, 40).availableSeats).toBe(UNLIMITED_SEATS);
  });
});

describe("roomRefusal", () => {
  it("refuses with the room's own reason once every place is taken", () => {
    expect(roomRefusal({ allowed: 2, taken: 1, full: "no_seat_available" })).toBeNull();
    expect(roomRefusal({ allowed: 2, taken: 2, full: "no_seat_available" })).toBe("no_seat_available");
    expect(roomRefusal({ allowed: 0, taken: 0, full: "user_limit_reached" })).toBe("user_limit_reached");
  });

  it("always has room when unlimited", () => {
    expect(roomRefusal({ allowed: UNLIMITED_SEATS, taken: 10_000, full: "no_seat_available" })).toBeNull();
  });
});
