import type { Role } from "./account-types";

/** 000 §4: roles are ordered MEMBER (1) < ADMIN (2) < OWNER (3). */
export const roleRank: Record<Role, number> = { MEMBER: 1, ADMIN: 2, OWNER: 3 };

export function hasRoleAtLeast(role: Role, minimum: Role) {
  return roleRank[role] >= roleRank[minimum];
}
