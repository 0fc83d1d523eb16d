import type { RunningBackend } from "./backend";

/** A text made of every character that once broke the filter grammar: seeded rows carry it, searches look for it. */
export const HOSTILE_MARKER = `q3, "news" 100% \\ | : 'x' news,search:zzz %2C`;

/** The user's first own merge of a kind in a space. */
export function firstOwnCampaign(backend: RunningBackend, table: "sent_campaigns" | "scheduled_campaigns", workspaceId: string, userId: string) {
  return backend.db
    .selectFrom(table)
    .select("id")
    .where("user_id", "=", userId)
    .where("workspace_id", "=", workspaceId)
    .orderBy("id")
    .executeTakeFirstOrThrow();
}

/** Gives the user's first own entry of a recipient list the address (the marker unless told). */
export async function markRecipient(
  backend: RunningBackend,
  table: "unsubscriptions" | "bounces",
  workspaceId: string,
  userId: string,
  email = `${HOSTILE_MARKER.toLowerCase()}@example.com`,
) {
  const row = await backend.db
    .selectFrom(table)
    .select("id")
    .where("workspace_id", "=", workspaceId)
    .where("owner_user_id", "=", userId)
    .where("type", "=", "USER")
    .orderBy("id")
    .executeTakeFirstOrThrow();
  await backend.db.updateTable(table).set({ email }).where("id", "=", row.id).execute();
}
