import { randomInt } from "node:crypto";
import type { BackendDb } from "../db/connection";

/** The gallery in its order, with the user's draft from each template (null when none, or no user). */
export function listTemplates(db: BackendDb, userId: string | null) {
  return db
    .selectFrom("templates as t")
    .leftJoin("template_drafts as d", (join) =>
      join.onRef("d.template_id", "=", "t.id").on("d.user_id", "=", userId ?? ""),
    )
    .select(["t.id", "t.subject", "t.thumbnail", "t.preview", "t.sort_order", "d.message_id"])
    .orderBy("t.sort_order")
    .orderBy("t.id")
    .execute();
}

export function findTemplate(db: BackendDb, templateId: string) {
  return db.selectFrom("templates").selectAll().where("id", "=", templateId).executeTakeFirst();
}

/** A Gmail-like draft message id: "r-" and 19 digits. */
export function newDraftMessageId(): string {
  let digits = String(randomInt(1, 10));
  while (digits.length < 19) digits += String(randomInt(10));
  return `r-${digits}`;
}

/** Remembers the user's latest draft from a template (a new draft replaces the previous one). */
export async function saveTemplateDraft(
  db: BackendDb,
  draft: { userId: string; templateId: string; messageId: string; now: number },
): Promise<void> {
  await db
    .insertInto("template_drafts")
    .values({
      user_id: draft.userId,
      template_id: draft.templateId,
      message_id: draft.messageId,
      created_at: draft.now,
    })
    .onConflict((conflict) =>
      conflict.columns(["user_id", "template_id"]).doUpdateSet({ message_id: draft.messageId, created_at: draft.now }),
    )
    .execute();
}
