import type { RunningBackend } from "./backend";

/** A text made of every character that once broke the filter grammar: seeded rows carry it, searches look for it. */
export const HOSTILE_MARKER = `q3, "news" 100% \\ | : 'x' news,search:zzz %2C`;

/** Gives the user's first own entry of a recipient list the marker as its address. */
export async function markRecipient(
  backend: RunningBackend,
  table: "unsubscriptions" | "bounces",
  workspaceId: string,
  userId: string,
) {
  const row = await backend.db
    .selectFrom(table)
    .select("id")
    .where("workspace_id", "=", workspaceId)
    .where("owner_user_id", "=", userId)
    .where("type", "=", "USER")
    .orderBy("id")
    .executeTakeFirstOrThrow();
  await backend.db.updateTable(table).set({ email: `${HOSTILE_MARKER.toLowerCase()}@example.com` }).where("id", "=", row.id).execute();
}
