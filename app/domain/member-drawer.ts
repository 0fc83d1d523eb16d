import type { Role } from "./account-types";
import type { DisplayStatus } from "./members";

/*
 * The members drawer (002 §2, §4, §6, §8): its texts and the rules of what
 * it refuses. Apart from the members list's catalogue (./members): the
 * drawer's code loads after the page, and these with it.
 */

export const drawerTexts = {
  title: (count: number) => `${count} member${count === 1 ? "" : "s"} selected`,
  clear: "Clear selection",
  remove: "Remove from the space",
  confirmRemoveTitle: "Remove members",
  confirmRemove: (names: string) => `Remove ${names} from the space?`,
  /** Written for this app: the confirmation of Cancel invitation. */
  confirmCancelInvitationTitle: (count: number) => (count === 1 ? "Cancel invitation" : "Cancel invitations"),
  confirmCancelInvitation: (emails: string, count: number) =>
    `Cancel the invitation${count === 1 ? "" : "s"} of ${emails}? The invite link${count === 1 ? "" : "s"} will no longer work.`,
  proceed: "Yes, proceed",
  cancel: "No, cancel",
  role: "Role",
  roleTooltip: "Admins can manage members. Ownership transfer is available from the space settings.",
  /** Written for this app: the name of the tooltip's button. */
  roleHelp: "About roles",
  roleOptions: { ADMIN: "Can manage members", MEMBER: "Member" },
  /** Written for this app: the role select's first line when the selected members' roles differ. */
  chooseRole: "Choose a role",
  /** The admin option on the older model's Manage Users screen, where admins share billing. */
  adminOptionOlderModel: "Can manage users and billing",
  changeRole: "Change role",
  activate: "Activate",
  resend: "Resend invitation",
  cancelInvitation: "Cancel invitation",
  /** 002 §6 removal refusals. */
  removalBlocked: {
    owner: "The owner cannot be removed from the space",
    freeTrial: "You cannot remove the user in Free trial",
    yourself: "You cannot remove yourself from the space",
    adminByAdmin: "An admin cannot be removed by another admin from the space",
    paid: "To remove paid users, you must downgrade them to free and then remove them during the next billing cycle.",
    /** Written for this app: a legacy space's screen offers no downgrade; its users change with the plan switch. */
    paidOnLegacyPlan:
      "Paid users of a legacy plan cannot be removed here: the space owner chooses the users to keep when switching to a new plan.",
  },
  /** 002 §8 activation tooltips. */
  activationBlocked: {
    freeLimit: (count: number) =>
      `Your current plan does not allow more than ${count} free user(s). Remove active users to re-activate disabled users.`,
    otherDomain:
      "Your current plan does not allow users from a different domain. Upgrade your space to re-activate them.",
  },
  /** Written for this app: a selection of invitations and members together, which share no action. */
  mixed: {
    text: "Pending invitations and members have no action in common: invitations can be resent or cancelled, members changed or removed.",
    keepInvitations: (count: number) =>
      count === 1 ? "Select only the pending invitation" : `Select only the ${count} pending invitations`,
    keepMembers: (count: number) => (count === 1 ? "Select only the member" : `Select only the ${count} members`),
  },
  failure: "An error occurred. Please try again.",
  /** Written for this app: the banners after each change, for one member (or invitation) or several. */
  done: {
    removed: (count: number) =>
      count === 1 ? "The member has been removed from the space." : "The members have been removed from the space.",
    role: (count: number) => (count === 1 ? "The role has been changed." : "The roles have been changed."),
    activated: (count: number) => (count === 1 ? "The member has been activated." : "The members have been activated."),
    resent: (count: number) =>
      count === 1 ? "The invitation has been sent again." : "The invitations have been sent again.",
    cancelled: (count: number) =>
      count === 1 ? "The invitation has been cancelled." : "The invitations have been cancelled.",
  },
} as const;

export type MemberChange = keyof typeof drawerTexts.done;

/** Who acts and whom they act on, as the removal rule sees them (002 §6). */
export interface RemovalFacts {
  id: string;
  role: Role;
  paid: boolean;
  status: DisplayStatus;
}

/**
 * Why `actor` may not remove `target` (002 §6, in the spec's order), or
 * null. A paid user of a legacy space is told what that screen allows
 * instead of a downgrade it does not offer.
 */
export function removalBlock(
  actor: { id: string; role: Role },
  target: RemovalFacts,
  space: { legacy: boolean } = { legacy: false },
): string | null {
  const blocked = drawerTexts.removalBlocked;
  if (target.role === "OWNER") return blocked.owner;
  if (target.status === "freeTrial") return blocked.freeTrial;
  if (target.id === actor.id) return blocked.yourself;
  if (actor.role === "ADMIN" && target.role === "ADMIN") return blocked.adminByAdmin;
  if (target.paid) return space.legacy ? blocked.paidOnLegacyPlan : blocked.paid;
  return null;
}

/**
 * Why the selected disabled members cannot be activated (002 §5, §8): one
 * from outside the space's domains, or more free members than the plan
 * allows; null when they can.
 */
export function activationBlock(
  selected: ReadonlyArray<{ inDomain: boolean; paid: boolean }>,
  space: { freeMembers: number; freeLimit: number },
): string | null {
  if (selected.some((member) => !member.inDomain)) return drawerTexts.activationBlocked.otherDomain;
  const free = selected.filter((member) => !member.paid).length;
  if (free > 0 && space.freeMembers + free > space.freeLimit)
    return drawerTexts.activationBlocked.freeLimit(space.freeLimit);
  return null;
}
