import type { BackendDb } from "../../../backend/src/db/connection";

/** Runs `check` while the space does not let its members invite (memberInviteUser off), then turns it back on. */
export async function whileMembersMayNotInvite<T>(
  db: BackendDb,
  workspaceId: string,
  check: () => Promise<T>,
): Promise<T> {
  const set = (value: 0 | 1) =>
    db.updateTable("workspaces").set({ member_invite_user: value }).where("id", "=", workspaceId).execute();
  await set(0);
  try {
    return await check();
  } finally {
    await set(1);
  }
}
