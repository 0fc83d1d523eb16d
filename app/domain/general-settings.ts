import type { Role } from "./account-types";

/**
 * General settings (002 §2, §5, §8): rename the space and transfer its
 * ownership. Texts the spec gives are marked; the others (labels, buttons,
 * the confirmation's wording) are ours, as the spec names none.
 */
export const generalSettingsTexts = {
  nameLabel: "Space name",
  save: "Save",
  cancel: "Cancel",
  /** 002 §2. */
  saved: "Your general settings have been saved.",
  transferHeading: "Transfer ownership",
  transferHint: "The new owner manages the space and its billing. You stay in the space as a regular member.",
  newOwnerLabel: "New owner",
  chooseNewOwner: "Choose a member",
  transfer: "Transfer",
  noCandidates: "No member can become the owner yet: the new owner must be an active member with a seat.",
  confirmTitle: "Transfer ownership?",
  confirmBody: (email: string, spaceName: string) =>
    `${email} will become the owner of ${spaceName}. You will stay in ${spaceName} as a regular member.`,
  /** 002 §5. */
  required: "Please fill in this field.",
  /** 002 §8. */
  tooManySpaces: "This user already owns too many spaces.",
} as const;

export const GENERAL_INTENTS = { rename: "rename", transfer: "transfer" } as const;

/** 002 §5: the new owner is an active member (not in a free trial) holding a YAMM seat, and not the owner. */
export function isTransferCandidate(member: { userRole: Role; status: string; seatType: string | null }) {
  return member.userRole !== "OWNER" && member.status === "ACTIVE" && member.seatType === "ADDED_YAMM_USER";
}
