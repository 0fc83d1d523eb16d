import type { Role } from "./enums";

/**
 * 000 §4: owners and admins add and invite members; a MEMBER may only when
 * the space allows it (memberInviteUser).
 */
export function mayAddMembers(role: Role, memberInviteUser: boolean): boolean {
  return role === "OWNER" || role === "ADMIN" || memberInviteUser;
}
