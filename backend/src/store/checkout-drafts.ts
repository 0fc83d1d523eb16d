import type { BackendDb } from "../db/connection";

/** A draft older than this is forgotten: checkout answers are kept for a sitting, not for good. */
const DRAFT_LIFETIME_MS = 24 * 60 * 60 * 1000;

export async function readCheckoutDraft(db: BackendDb, userId: string, workspaceId: string, now = Date.now()) {
  const row = await db
    .selectFrom("checkout_drafts")
    .select(["draft", "updated_at"])
    .where("user_id", "=", userId)
    .where("workspace_id", "=", workspaceId)
    .executeTakeFirst();
  if (!row || row.updated_at < now - DRAFT_LIFETIME_MS) return null;
  return JSON.parse(row.draft) as Record<string, string>;
}

export async function saveCheckoutDraft(
  db: BackendDb,
  {
    userId,
    workspaceId,
    draft,
    now,
  }: { userId: string; workspaceId: string; draft: Record<string, string>; now: number },
) {
  await db
    .insertInto("checkout_drafts")
    .values({ user_id: userId, workspace_id: workspaceId, draft: JSON.stringify(draft), updated_at: now })
    .onConflict((conflict) =>
      conflict.columns(["user_id", "workspace_id"]).doUpdateSet({ draft: JSON.stringify(draft), updated_at: now }),
    )
    .execute();
}
