import { Hono } from "hono";
import { z } from "zod";
import { findTemplate, listTemplates, newDraftMessageId, saveTemplateDraft } from "../store/templates";
import type { AppEnv, RouteDeps } from "./app-env";
import { callerUser, requireCallerUser } from "./caller";
import { forbidden, HttpError } from "./errors";
import { parseJsonBody } from "./validation";

const draftBody = z.object({
  fromTemplate: z.string({ required_error: "fromTemplate is required" }).trim().min(1, "fromTemplate is required"),
  source: z.literal("GALLERY"),
});

/** v1 API: the template gallery (002 §7), with the caller's draft from each template. */
export function templatesRoutes({ db }: RouteDeps) {
  const routes = new Hono<AppEnv>();

  routes.get("/templates", async (c) => {
    const user = await callerUser(db, c);
    const rows = await listTemplates(db, user?.id ?? null);
    return c.json({
      items: rows.map((row) => ({
        id: row.id,
        subject: row.subject,
        thumbnail: row.thumbnail,
        preview: row.preview,
        order: row.sort_order,
        draftMessageId: row.message_id,
      })),
    });
  });

  return routes;
}

/**
 * v2 API: a Gmail draft from a template (002 §7). There is no Gmail here: the
 * draft is a message id, remembered per user and template.
 */
export function draftsRoutes({ db }: RouteDeps) {
  const routes = new Hono<AppEnv>();

  routes.post("/users/:userId/drafts", async (c) => {
    const body = await parseJsonBody(c, draftBody);
    const user = await requireCallerUser(db, c);
    const requested = c.req.param("userId");
    if (requested !== "me" && requested !== user.id) throw forbidden("userId is not the signed-in user");
    const template = await findTemplate(db, body.fromTemplate);
    if (!template) throw new HttpError(404, "template_not_found");
    const messageId = newDraftMessageId();
    await saveTemplateDraft(db, { userId: user.id, templateId: template.id, messageId, now: Date.now() });
    return c.json({ messageId }, 201);
  });

  return routes;
}
