/**
 * The template gallery (002 §2, §3, §4, §8): texts, the 'Use' form's
 * intent, the alert parameters and the Gmail link of a created draft.
 */
export const templatesTexts = {
  gallery: "Template gallery",
  use: "Use",
  using: "Creating draft…",
  open: "Open",
  preview: (subject: string) => `Preview ${subject}`,
  thumbnailAlt: (subject: string) => `Preview of the template ${subject}`,
  mobileNotice: "To use one of these templates, please visit the desktop version.",
  draftCreated: (subject: string) => `${subject} Gmail draft created`,
  draftError: "Gmail draft could not be created",
  empty: "There are no templates yet.",
  notFound: "This template could not be found.",
  /** Written for this app: a failed load or a malformed request. */
  error: "An error occurred. Please try again.",
  newTab: "(opens in a new tab)",
} as const;

/** The one intent of the gallery's forms. */
export const USE_TEMPLATE_INTENT = "use";

/** Query parameters of the gallery's alert: `?draft=created&template={id}` or `?draft=error`. */
export const DRAFT_PARAM = "draft";
export const DRAFT_TEMPLATE_PARAM = "template";
export type DraftOutcome = "created" | "error";

export function draftAlertQuery(outcome: DraftOutcome, templateId?: string) {
  const params = new URLSearchParams({ [DRAFT_PARAM]: outcome });
  if (outcome === "created" && templateId) params.set(DRAFT_TEMPLATE_PARAM, templateId);
  return params.toString();
}

/** The same query without the alert's parameters: where closing the alert goes. */
export function withoutDraftAlert(search: string | URLSearchParams) {
  const params = new URLSearchParams(search);
  params.delete(DRAFT_PARAM);
  params.delete(DRAFT_TEMPLATE_PARAM);
  return params;
}

export type DraftAlert = { tone: "success"; title: string } | { tone: "error"; title: string };

/**
 * The alert the URL asks for. The success names the template by id and the
 * subject comes from the gallery itself, so a crafted link cannot put its own
 * words in front of "Gmail draft created".
 */
export function draftAlert(
  params: URLSearchParams,
  templates: readonly { id: string; subject: string }[],
): DraftAlert | null {
  const outcome = params.get(DRAFT_PARAM);
  if (outcome === "error") return { tone: "error", title: templatesTexts.draftError };
  if (outcome !== "created") return null;
  const template = templates.find((candidate) => candidate.id === params.get(DRAFT_TEMPLATE_PARAM));
  return template ? { tone: "success", title: templatesTexts.draftCreated(template.subject) } : null;
}

/** 002 §4: a template already imported opens its Gmail draft. */
export function gmailDraftUrl(messageId: string) {
  return `https://mail.google.com/mail/u/0/#drafts?compose=${encodeURIComponent(messageId)}`;
}

/** 002 §9: cards are ordered by the order field (ties by subject, so the grid is stable). */
export function byTemplateOrder<T extends { order: number; subject: string }>(templates: readonly T[]): T[] {
  return [...templates].sort((a, b) => a.order - b.order || a.subject.localeCompare(b.subject));
}
