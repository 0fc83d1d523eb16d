import { templatesTexts } from "~/domain/templates";
import { Dialog } from "~/components/ui";
import { TemplateAction } from "./template-card";

/**
 * The preview dialog (templates/{id}, 002 §2): the subject, the message body
 * and the same 'Use' / 'Open' action as the card. The body was sanitised on
 * the server (app/utils/sanitize-html.server.ts) to a short allow-list of
 * tags and attributes; it is shown in the page flow, not in a frame.
 */
export function TemplatePreviewDialog({
  template,
  closeTo,
  action,
}: {
  template: { id: string; subject: string; draftUrl: string | null; useKey: string; previewHtml: string };
  closeTo: string;
  action: string;
}) {
  return (
    <Dialog title={template.subject} closeTo={closeTo}>
      <div className="flex flex-col gap-4">
        <div
          className="max-h-[60vh] overflow-auto rounded-md p-3 text-sm text-slate-800 ring-1 ring-slate-200 [&_a]:text-brand-700 [&_a]:underline [&_h1]:text-xl [&_h1]:font-bold [&_h2]:text-lg [&_h2]:font-semibold [&_img]:inline-block [&_img]:h-auto [&_img]:max-w-full [&_li]:ml-5 [&_ol]:list-decimal [&_p]:my-2 [&_table]:max-w-full [&_ul]:list-disc"
          // Sanitised on the server; see above.
          dangerouslySetInnerHTML={{ __html: template.previewHtml }}
        />
        <p className="text-sm text-slate-600 tablet:hidden">{templatesTexts.mobileNotice}</p>
        <div className="flex justify-end">
          <TemplateAction template={template} action={action} />
        </div>
      </div>
    </Dialog>
  );
}
