import { z } from "zod";
import type { AuthContext } from "./caller.server";
import { backendPath } from "./http.server";

/** The template gallery (002 §7; backend/README.md "Team report and templates"). */

const templateSchema = z.object({
  id: z.union([z.string(), z.number()]).transform(String),
  subject: z.string(),
  thumbnail: z
    .string()
    .nullish()
    .transform((value) => value || null),
  /** HTML of the message body: sanitised before it reaches a page. */
  preview: z
    .string()
    .nullish()
    .transform((value) => value ?? ""),
  order: z.number(),
  /** The caller's draft made from this template, if any (002 §4). */
  draftMessageId: z
    .string()
    .nullish()
    .transform((value) => value || null),
});
export type Template = z.infer<typeof templateSchema>;

const templatesSchema = z.object({ items: z.array(templateSchema) });
const draftSchema = z.object({ messageId: z.string().min(1) });

/** GET /templates (v1). Shared by the gallery and the preview dialog within one request. */
export async function listTemplates(auth: AuthContext) {
  const answer = await auth.call({ base: "v1", path: backendPath`/templates`, schema: templatesSchema });
  return answer.items;
}

/** POST /users/{userId}/drafts (v2): a Gmail draft from a template; its message id. */
export async function createDraftFromTemplate(
  auth: AuthContext,
  userId: string,
  templateId: string,
  idempotencyKey: string,
) {
  const answer = await auth.call({
    base: "v2",
    path: backendPath`/users/${userId}/drafts`,
    method: "POST",
    body: { fromTemplate: templateId, source: "GALLERY" },
    idempotencyKey,
    schema: draftSchema,
  });
  return answer.messageId;
}
