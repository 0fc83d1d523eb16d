/*
 * The Add link (002 §2, §8), on the members page and the legacy users step,
 * and what it says beside it of the room left: loaded with those pages. The
 * add dialog's texts and rules, loaded with the dialog, are in ./add-members.
 */

/** The add and invite dialogs' intent, on the members page and the legacy users step alike. */
export const ADD_INTENT = "add";

/** How newcomers come in (002 §2): added on a seat (per-seat, legacy team) or invited (the older model). */
export type AddMode = "add" | "addUsers" | "invite" | "blocked";

export const addLinkTexts = {
  /** The link's name in each mode. */
  open: { add: "Add members", addUsers: "Add users", invite: "Invite users", blocked: "Add users" } satisfies Record<
    AddMode,
    string
  >,
  /** 002 §2: under the seat counter, for those who cannot buy seats. */
  nonOwnerNotice: "If you want to add more members, please contact the space owner to purchase additional seats.",
  /** Written for this app: the name of the tooltip's button. */
  whyClosed: "Why adding users is not possible",
  /** Written for this app: the ways to more room (002 §2 navigation targets: add seats, upgrade). */
  addSeats: "Add seats",
  upgrade: "Upgrade to add members",
} as const;
