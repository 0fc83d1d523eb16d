import type { AddMode } from "./add-members-link";

/*
 * Adding members (002 §2, §5, §8, §9): the add dialog's texts, how many
 * addresses it takes, and what it says of the room left. Loaded with the
 * dialog, after the page: the Add link and the ways to more room beside it
 * are in ./add-members-link.
 */

/** The add and invite dialogs' field (the addresses, separated by spaces or commas). */
export const ADD_FIELD = "emails";

/** 002 §9: the add dialog's input shows at most 5 rows on seat plans. */
export const ADD_INPUT_MAX_ROWS = 5;

export const addTexts = {
  add: { title: "Add members", submit: "Add members" },
  addUsers: { title: "Add users", submit: "Add users" },
  invite: { title: "Invite users", submit: "Invite users" },
  blocked: {
    title: "Add members blocked",
    text: "Your space is currently on a legacy plan. You should contact support to switch to a new plan.",
    close: "Close",
    /** Written for this app: the links to the support request and pricing pages. */
    contactSupport: "Contact support",
    pricing: "See the plans",
  },
  label: "Email addresses",
  /** Written for this app: the suggestions (002 §9 member autocomplete) and each one's button. */
  suggestions: "Suggestions",
  suggestion: (name: string, email: string) => (name === email ? `Add ${email}` : `Add ${name} (${email})`),
  /** Written for this app: the names of the lists of addresses as typed, and of those refused. */
  typed: "Addresses to add",
  refused: "Refused addresses",
  placeholder: "Separate emails with a space or a comma",
  domains: (domains: readonly string[]) =>
    `You can only add ${domains.map((domain) => `@${domain}`).join(", ")} members`,
  availableSeats: (seats: number) =>
    `There ${seats === 1 ? "is" : "are"} ${seats} available seat${seats === 1 ? "" : "s"} in this space so you can add ${seats} member${seats === 1 ? "" : "s"}. To add more members you need to add more seats to the space first.`,
  userLimit: (limit: number) => `You cannot go over your current plan user limit (${limit}).`,
  /** 002 §8 Add-users tooltips: the legacy team plan has no place left. */
  noOtherUsers: "Your current plan does not allow you to add other users.",
  maxUsers: (limit: number) => `Your current plan does not allow more than ${limit} users.`,
  hint: {
    add: "We can't add some email addresses. Hover over them to know why.",
    invite: "We can't invite some email addresses. Hover over them to know why.",
  },
  required: "Please fill in this field.",
  /** Written for this app: more addresses than one submission takes. */
  tooMany: (max: number) => `Enter at most ${max} email addresses at a time.`,
  cancel: "Cancel",
  /** Written for this app: what each refused address shows (002 §8 leaves the tooltips' text out). */
  reasons: {
    invalid_email: "Email is invalid",
    already_member: "Already a member of this space",
    already_invited: "Already invited to this space",
    not_in_space_domain: "Not from this space's domain",
    no_seat_available: "No seat available",
    user_limit_reached: "Over your current plan's user limit",
    too_many_invitations: "Too many invitations were sent to this address recently. Try again later.",
  } as Record<string, string>,
  otherReason: "This address cannot be added",
  /** Written for this app: the success banner, in the words of the dialog's own title (users or members). */
  done: (count: number, mode: AddMode) => {
    const people = mode === "add" ? (count === 1 ? "member" : "members") : count === 1 ? "user" : "users";
    return `${count} ${people} ${mode === "invite" ? "invited" : "added"}. They will receive an invite link by email.`;
  },
} as const;

/**
 * The legacy team plan's user limit (002 §5, §8): why Add users is closed
 * (nothing entered yet), or why the entered addresses cannot all be added
 * (the paid users plus the entries over the limit); null when they fit.
 */
export function userLimitBlock(limit: number, paidCount: number, entered: number): string | null {
  if (entered === 0) {
    if (limit <= 1) return addTexts.noOtherUsers;
    return paidCount >= limit ? addTexts.maxUsers(limit) : null;
  }
  return paidCount + entered > limit ? addTexts.userLimit(limit) : null;
}

/** 002 §5 available-seats message: only when fewer seats are left than addresses entered. */
export function availableSeatsMessage(availableSeats: number | null, entered: number) {
  if (availableSeats === null || availableSeats === -1 || availableSeats >= entered) return null;
  return addTexts.availableSeats(availableSeats);
}

/** At most this many addresses per submission (the backend's limit). */
export const ADD_MAX_ADDRESSES = 100;

/**
 * The room newcomers take a place in, as the backend places them: a seat of
 * a paying per-seat space (`left`, -1 for unlimited), or a place within a
 * user limit (the legacy team's paid users, or the free members a free or
 * per-user space allows). Null where it is not known to the caller.
 */
export type AddRoom = { kind: "seats"; left: number } | { kind: "users"; limit: number; taken: number } | null;

/**
 * What the add dialog says of `entered` valid addresses before they are sent
 * (002 §5): too many for one submission; fewer seats left than addresses
 * (said, still sent); or past the user limit (refused before sending).
 */
export function roomForEntries(room: AddRoom, entered: number): { message: string | null; refuses: boolean } {
  if (entered > ADD_MAX_ADDRESSES) return { message: addTexts.tooMany(ADD_MAX_ADDRESSES), refuses: true };
  if (entered === 0 || room === null) return { message: null, refuses: false };
  if (room.kind === "seats") return { message: availableSeatsMessage(room.left, entered), refuses: false };
  const block = userLimitBlock(room.limit, room.taken, entered);
  return { message: block, refuses: block !== null };
}

/** What the add dialog says of the room once `refused` addresses were refused for want of it, with `room` as it now is. */
export function roomAfterRefusals(room: AddRoom, refused: number): string | null {
  if (refused === 0 || room === null) return null;
  return room.kind === "seats" ? availableSeatsMessage(room.left, refused) : addTexts.userLimit(room.limit);
}
