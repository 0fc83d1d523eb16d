import type { MemberStatus, Role, UserPlan } from "./enums";
import { roomRefusal, type Room } from "./seats";

/**
 * 000 §4: owners and admins add and invite members; a MEMBER may only when
 * the space allows it (memberInviteUser).
 */
export function mayAddMembers(role: Role, memberInviteUser: boolean): boolean {
  return role === "OWNER" || role === "ADMIN" || memberInviteUser;
}

/** 002 §6: owners and admins manage members (see, remove, activate). */
export function mayManageMembers(role: Role): boolean {
  return role === "OWNER" || role === "ADMIN";
}

/**
 * 000 §6: who may resend or cancel invitations. Owners and admins, any of
 * the space's; a member who may invite, only the ones they sent: someone
 * else's invitation is an owner's or admin's to handle (the app offers it
 * to owners and admins only).
 */
export function mayHandleInvitations(
  actor: { userId: string; role: Role },
  inviters: ReadonlyArray<string | null>,
): boolean {
  return mayManageMembers(actor.role) || inviters.every((inviter) => inviter === actor.userId);
}

/** The member a rule looks at: the acting one or the one acted upon. */
export interface MemberFacts {
  userId: string;
  role: Role;
  userPlan: UserPlan;
  status: MemberStatus;
  freeTrialEndTimestamp: number | null;
}

/**
 * Why `actor` may not remove `target` (002 §6), as the `reason` of the 409;
 * null when they may. The order is the spec's: owner, free trial, oneself,
 * another admin, paid.
 */
export function removalRefusal(actor: MemberFacts, target: MemberFacts): string | null {
  if (target.role === "OWNER") return "owner_cannot_be_removed";
  if (target.freeTrialEndTimestamp !== null) return "free_trial_user";
  if (target.userId === actor.userId) return "cannot_remove_yourself";
  if (actor.role === "ADMIN" && target.role === "ADMIN") return "admin_cannot_remove_admin";
  if (target.userPlan !== "FREE") return "paid_user";
  return null;
}

/**
 * Why the role of `target` may not become `role` (002 §4, §6): only the
 * owner changes roles, with the manageUserRoles feature; the owner's own role
 * never changes here. Null when it may, including "already that role" (a no-op).
 */
export function roleChangeRefusal(
  actor: { role: Role; manageUserRoles: boolean },
  target: { role: Role },
  role: Role,
): string | null {
  if (actor.role !== "OWNER" || !actor.manageUserRoles) return "may_not_change_roles";
  if (target.role === "OWNER" || role === "OWNER") return "owner_role_cannot_change";
  return null;
}

/**
 * Why a member may not be activated again (002 §5): only a DISABLED member
 * is, from one of the space's domains (a space without domains takes anyone),
 * and a free one only while the space holds fewer free members than its plan
 * allows. `freeMembersCounted` includes the ones activated before in the same
 * request. Null when they may.
 */
export function activationRefusal(
  target: { status: MemberStatus; userPlan: UserPlan; domainName: string },
  space: { domains: readonly string[]; freeMembersAllowed: number; freeMembersCounted: number },
): string | null {
  if (target.status !== "DISABLED") return "member_not_disabled";
  if (space.domains.length > 0 && !space.domains.includes(target.domainName)) return "not_in_space_domain";
  if (target.userPlan === "FREE" && space.freeMembersCounted >= space.freeMembersAllowed)
    return "free_user_limit_reached";
  return null;
}

/** What adding or inviting an address to a space depends on; `alreadyIn` and `invited` are lower-cased addresses. */
export interface InvitationFacts {
  domains: readonly string[];
  alreadyIn: ReadonlySet<string>;
  invited: ReadonlySet<string>;
  /** Addresses that have had as many invitation mails as they may for now (invitation-mail-limits.ts). */
  overMailLimit: ReadonlySet<string>;
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * Why an address cannot be invited or added (its `errorMsg` or
 * `errorDetails`, 001 Invite users, 002 §5), or null: a valid address, not
 * yet in the space nor invited, of one of its domains (a space without
 * domains takes anyone), not sent too many invitations lately, with room for
 * it (seats/user limit, domain/seats.ts).
 */
export function invitationRefusal(email: string, facts: InvitationFacts, room: Room): string | null {
  if (!EMAIL.test(email)) return "invalid_email";
  if (facts.alreadyIn.has(email)) return "already_member";
  if (facts.invited.has(email)) return "already_invited";
  const domain = email.slice(email.lastIndexOf("@") + 1);
  if (facts.domains.length > 0 && !facts.domains.includes(domain)) return "not_in_space_domain";
  if (facts.overMailLimit.has(email)) return "too_many_invitations";
  return roomRefusal(room);
}
