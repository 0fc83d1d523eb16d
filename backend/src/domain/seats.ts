/** A seat plan's total or available seats when it has no limit (001 §3 Seat summary). */
export const UNLIMITED_SEATS = -1;

/** What refuses a newcomer when there is no room: a per-seat space's paid seats, or a plan's user limit. */
export type RoomRefusal = "no_seat_available" | "user_limit_reached";

/**
 * The places newcomers of one kind take: the paid seats of a seat plan, or
 * the members a plan allows (`allowed` may be UNLIMITED_SEATS). `taken`
 * counts pending invitees, who hold their place until they join.
 */
export interface Room {
  allowed: number;
  taken: number;
  full: RoomRefusal;
}

/** Why one more newcomer does not fit, or null. */
export function roomRefusal(room: Room): RoomRefusal | null {
  if (room.allowed !== UNLIMITED_SEATS && room.taken >= room.allowed) return room.full;
  return null;
}

export interface SeatSummary {
  totalSeats: number;
  assignedSeats: number;
  /** UNLIMITED_SEATS with unlimited seats; never below 0. */
  availableSeats: number;
}

/** A seat plan's summary from its total (UNLIMITED_SEATS or a count) and the seats its members hold. */
export function seatSummary(totalSeats: number, assignedSeats: number): SeatSummary {
  return {
    totalSeats,
    assignedSeats,
    availableSeats: totalSeats === UNLIMITED_SEATS ? UNLIMITED_SEATS : Math.max(0, totalSeats - assignedSeats),
  };
}

/** A member's free trial without end (002 §3: -1). */
export const NO_TRIAL_END = -1;
