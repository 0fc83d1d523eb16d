import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { createDraftFromTemplate, listTemplates, type Template } from "~/api/templates.server";
import { IDEMPOTENCY_FIELD, newIdempotencyKey } from "~/domain/idempotency";
import { spacePath, spaceSections } from "~/domain/space-paths";
import { byTemplateOrder, draftAlert, draftAlertQuery, gmailDraftUrl } from "~/domain/templates";
import { redirectInSession } from "~/utils/auth.server";
import { sanitizeHtml } from "./__templates/sanitize-html.server";
import { templateUseSchema } from "./__templates/template-use-schema";
import { thumbnailUrl } from "./__templates/thumbnails.server";
import { requireSpace, requireSpaceWith } from "~/utils/space.server";

/**
 * The server side of the template gallery (002 §2, §4, §7): the cards, the
 * preview dialog and the 'Use' form. Kept out of the route modules so that
 * zod and the sanitiser never reach the browser.
 */

function card(template: Template) {
  return {
    id: template.id,
    subject: template.subject,
    thumbnail: thumbnailUrl(template.thumbnail),
    /** Set once the user has a draft from it: the card shows 'Open' instead of 'Use' (002 §4). */
    draftUrl: template.draftMessageId ? gmailDraftUrl(template.draftMessageId) : null,
    /** The 'Use' form's once-only key, new for each rendering. */
    useKey: newIdempotencyKey(),
  };
}
export type TemplateCardData = ReturnType<typeof card>;

/** The gallery: cards in the order field's order, and the alert of the last 'Use'. */
export async function loadTemplateGallery(args: LoaderFunctionArgs) {
  const { space, answers } = await requireSpaceWith(args, ({ auth }) => listTemplates(auth));
  const templates = byTemplateOrder(await answers);
  return {
    galleryPath: spacePath(space.urlPrefix, spaceSections.templates),
    templates: templates.map(card),
    alert: draftAlert(new URL(args.request.url).searchParams, templates),
  };
}

/** The preview dialog: the template's subject and its body, sanitised (the list call is shared with the gallery's). */
export async function loadTemplatePreview(args: LoaderFunctionArgs) {
  const { answers } = await requireSpaceWith(args, ({ auth }) => listTemplates(auth));
  const template = (await answers).find((candidate) => candidate.id === args.params.templateId);
  if (!template) throw new Response("Template not found", { status: 404 });
  return { ...card(template), previewHtml: sanitizeHtml(template.preview) };
}

/**
 * 'Use' (002 §4, §7): POST /users/{userId}/drafts with the template, then
 * back to the gallery with the success alert (naming the template) or the
 * error alert. An unknown intent or a malformed id is a 400.
 */
export async function createDraftFromForm(args: ActionFunctionArgs) {
  const space = await requireSpace(args);
  const parsed = templateUseSchema.safeParse(Object.fromEntries(await args.request.formData()));
  if (!parsed.success) throw new Response("Bad request", { status: 400 });

  const gallery = spacePath(space.urlPrefix, spaceSections.templates);
  const { templateId } = parsed.data;
  try {
    await createDraftFromTemplate(space.auth, space.me.userId, templateId, parsed.data[IDEMPOTENCY_FIELD]);
  } catch (error) {
    if (error instanceof Response) throw error;
    // A missing permission, an unknown template or a backend failure: the spec's one error alert (002 §8).
    return redirectInSession(space.auth, `${gallery}?${draftAlertQuery("error")}`);
  }
  return redirectInSession(space.auth, `${gallery}?${draftAlertQuery("created", templateId)}`);
}
