import type { BackendDb } from "../db/connection";

/** The Checkout Sessions opened for a space since `since`, newest first (a new one expires these). */
export function listCheckoutSessions(db: BackendDb, workspaceId: string, since: number) {
  return db
    .selectFrom("checkout_sessions")
    .select("id")
    .where("workspace_id", "=", workspaceId)
    .where("created_at", ">=", since)
    .orderBy("created_at", "desc")
    .execute();
}

export async function recordCheckoutSession(
  db: BackendDb,
  session: { id: string; workspaceId: string; now: number },
): Promise<void> {
  await db
    .insertInto("checkout_sessions")
    .values({ id: session.id, workspace_id: session.workspaceId, created_at: session.now })
    .onConflict((oc) => oc.column("id").doNothing())
    .execute();
}

/** A session the backend opened for the space, or undefined (another space's, or none of ours). */
export function findCheckoutSession(db: BackendDb, workspaceId: string, id: string) {
  return db
    .selectFrom("checkout_sessions")
    .selectAll()
    .where("id", "=", id)
    .where("workspace_id", "=", workspaceId)
    .executeTakeFirst();
}

/** The space's newest session opened since `since` whose outcome is not applied yet (the others are expired). */
export function findUnsettledCheckoutSession(db: BackendDb, workspaceId: string, since: number) {
  return db
    .selectFrom("checkout_sessions")
    .select("id")
    .where("workspace_id", "=", workspaceId)
    .where("created_at", ">=", since)
    .where("settled_at", "is", null)
    .orderBy("created_at", "desc")
    .limit(1)
    .executeTakeFirst();
}

/** The session's outcome (paid or expired) is applied: it is not asked about again. */
export async function markCheckoutSessionSettled(db: BackendDb, id: string, now: number): Promise<void> {
  await db
    .updateTable("checkout_sessions")
    .set({ settled_at: now })
    .where("id", "=", id)
    .where("settled_at", "is", null)
    .execute();
}
