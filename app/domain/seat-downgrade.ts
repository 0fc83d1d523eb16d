/**
 * The scheduled seat downgrade's banner and its cancel confirmation (002 §4,
 * §6), shown on the members and the billing pages: apart from the members
 * catalogue, so that the billing page loads only these texts.
 */

/** The form intent that cancels the scheduled downgrade, on the members and the billing pages. */
export const CANCEL_DOWNGRADE_INTENT = "cancel-downgrade";

export const seatDowngradeTexts = {
  owner: (seats: number, date: string) =>
    `You have a scheduled downgrade to ${seats} seat(s) that will take effect on ${date}`,
  admin: (from: number, to: number, date: string) =>
    `There is a scheduled downgrade from ${from} to ${to} seats that will take effect on ${date}. Please contact the space owner to cancel it.`,
  cancel: "Cancel downgrade",
  /** Written for this app: the confirmation of the cancel. */
  confirmTitle: "Cancel the scheduled downgrade?",
  /** The confirmation's answers: the members drawer's (002 §6). */
  proceed: "Yes, proceed",
  keep: "No, cancel",
  confirmBody: (toSeats: number, fromSeats: number) =>
    `The space will keep its ${fromSeats} seat${fromSeats === 1 ? "" : "s"} at renewal instead of going down to ${toSeats}.`,
  /** 002 §4: the banner after cancelling it. */
  cancelled: "You successfully cancelled the previously scheduled downgrade.",
  footer: (count: number) => `${count} seat(s) scheduled for removal`,
} as const;
