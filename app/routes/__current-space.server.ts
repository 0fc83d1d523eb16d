import type { User, UserWorkspace } from "~/api/users.server";

/**
 * The user's current space: the last space visited, else the one the add-on
 * sends from, else the first (000 §2).
 */
export function currentSpace(me: User, lastWorkspaceId: string | null): UserWorkspace | undefined {
  const spaces = me.userWorkspaces;
  return (
    spaces.find((space) => space.workspaceId === lastWorkspaceId) ??
    spaces.find((space) => space.workspaceId === me.addonWorkspaceId) ??
    spaces[0]
  );
}

/** 000 §2 top-level /settings/billing: the owned space first, else one where the user is admin, else the current one. */
export function billingSpace(me: User, lastWorkspaceId: string | null): UserWorkspace | undefined {
  return (
    me.userWorkspaces.find((space) => space.userRole === "OWNER") ??
    me.userWorkspaces.find((space) => space.userRole === "ADMIN") ??
    currentSpace(me, lastWorkspaceId)
  );
}
