import type { InvitationErrorReason } from "./banners";

/** Written for this app (issue 26: the page names the space that invites, as the invitation says). */
export const invitationTexts = {
  title: "Invitation",
  heading: (spaceName: string) => `Join ${spaceName}`,
  explanation: (spaceName: string, invitedBy: string | null) =>
    `${invitedBy ? `${invitedBy} invited you` : "You have been invited"} to join ${spaceName}. Accept the invitation to start sending from it.`,
  accept: "Accept invitation",
  accepting: "Joining…",
  noLongerValid: "Sorry, this invitation link is no longer valid.",
} as const;

/**
 * 000 §8: which invitation-error banner an answer of the accept call shows;
 * null means the generic error banner (a 500 after the retries, or anything else).
 */
export function invitationErrorReason(status: number, reason: string | undefined): InvitationErrorReason | null {
  if (status === 404) return "invalid";
  if (status === 403) return "different-account";
  if (status === 409 && reason === "invitation_is_not_active") return "expired";
  if (status === 409 && reason === "user_already_exists") return "already-member";
  return null;
}
