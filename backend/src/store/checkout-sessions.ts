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
