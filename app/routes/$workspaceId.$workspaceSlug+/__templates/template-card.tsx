import { Link, useNavigation } from "@remix-run/react";
import { templatesTexts, USE_TEMPLATE_INTENT } from "~/domain/templates";
import { buttonClass, IdempotencyKeyField, lazyConformForm } from "~/components/ui";

const UseTemplateForm = lazyConformForm("template-use-form", () =>
  import("./template-use-schema").then((module) => module.templateUseSchema),
);

export interface TemplateCardProps {
  id: string;
  subject: string;
  thumbnail: string | null;
  /** The Gmail draft already made from this template, if any. */
  draftUrl: string | null;
  /** The 'Use' form's once-only key. */
  useKey: string;
}

/**
 * 'Use' (a POST form, so it works without JavaScript) or, once the user has a
 * draft from the template, 'Open' (the draft in Gmail, in a new tab). 'Use'
 * is a desktop action (002 §2): below the tablet breakpoint the page shows a
 * notice instead. The subject rides along for screen readers only.
 */
export function TemplateAction({
  template: { id, subject, draftUrl, useKey },
  action,
  className = "",
}: {
  template: Pick<TemplateCardProps, "id" | "subject" | "draftUrl" | "useKey">;
  action: string;
  className?: string;
}) {
  const navigation = useNavigation();
  const submitting =
    navigation.state !== "idle" && navigation.formData?.get("templateId") === id && navigation.formAction === action;

  if (draftUrl) {
    return (
      <a href={draftUrl} target="_blank" rel="noopener noreferrer" className={buttonClass("secondary", className)}>
        {templatesTexts.open}
        <span className="sr-only">
          {" "}
          {subject} {templatesTexts.newTab}
        </span>
      </a>
    );
  }
  return (
    <UseTemplateForm
      id={`use-template-${id}`}
      method="post"
      action={action}
      preventScrollReset
      className={`hidden tablet:block ${className}`}
    >
      <input type="hidden" name="intent" value={USE_TEMPLATE_INTENT} />
      <input type="hidden" name="templateId" value={id} />
      <IdempotencyKeyField value={useKey} />
      <button type="submit" className={buttonClass("primary")} disabled={submitting}>
        {submitting ? templatesTexts.using : templatesTexts.use}
        <span className="sr-only"> {subject}</span>
      </button>
    </UseTemplateForm>
  );
}

/**
 * One card of the gallery. The subject is the link to the preview dialog
 * (templates/{id}); it stretches over the whole card, so a click anywhere on
 * the card opens the preview, while the action stays above it.
 */
export function TemplateCard({
  template,
  action,
  aboveTheFold,
}: {
  template: TemplateCardProps;
  action: string;
  /** The first row's thumbnails load at once (the page's largest paint); the others when scrolled near. */
  aboveTheFold: boolean;
}) {
  return (
    <article className="relative flex h-full flex-col overflow-hidden rounded-lg bg-white shadow-sm ring-1 ring-slate-200 transition-shadow focus-within:ring-2 focus-within:ring-brand-500 hover:shadow-md">
      <div className="bg-slate-100">
        {template.thumbnail ? (
          <img
            src={template.thumbnail}
            alt={templatesTexts.thumbnailAlt(template.subject)}
            loading={aboveTheFold ? "eager" : "lazy"}
            className="aspect-[4/3] w-full object-cover object-top"
          />
        ) : (
          <span className="block aspect-[4/3] w-full" />
        )}
      </div>
      <div className="flex flex-1 flex-col justify-between gap-3 p-4">
        <h2 className="text-sm font-semibold text-slate-900">
          <Link
            to={template.id}
            preventScrollReset
            className="after:absolute after:inset-0 after:content-[''] hover:text-brand-700 hover:underline focus:outline-none"
          >
            {template.subject}
          </Link>
        </h2>
        <TemplateAction template={template} action={action} className="relative z-10 self-start" />
      </div>
    </article>
  );
}
