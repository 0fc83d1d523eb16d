import type { LoaderFunctionArgs, MetaArgs } from "@remix-run/node";
import { useLoaderData, useLocation } from "@remix-run/react";
import { Dialog, ErrorReference, GeneralErrorBoundary } from "~/components/ui";
import { TemplatePreviewDialog } from "./__templates/template-preview-dialog";
import { pageTitle } from "~/domain/page-title";
import { pageTexts } from "~/domain/page-texts";
import { templatesTexts } from "~/domain/templates";
import { loadTemplatePreview } from "./templates.server";

/**
 * The preview dialog (templates/{id}, 002 §2), URL state over the gallery:
 * it opens, closes (a link back to the gallery) and submits without JavaScript.
 */
export async function loader(args: LoaderFunctionArgs) {
  return loadTemplatePreview(args);
}

function useGalleryPath() {
  // This route's URL is the gallery's plus "/{id}".
  return useLocation().pathname.replace(/\/[^/]*\/?$/, "");
}

export default function TemplatePreview() {
  const template = useLoaderData<typeof loader>();
  const galleryPath = useGalleryPath();
  return <TemplatePreviewDialog template={template} closeTo={galleryPath} action={galleryPath} />;
}

export const meta = ({ data }: MetaArgs<typeof loader>) =>
  pageTitle(data ? `${data.subject} - ${pageTexts.templates.title}` : pageTexts.templates.title);

/** An unknown template (or a failed load): the dialog says so, and closes back to the gallery. */
export function ErrorBoundary() {
  const galleryPath = useGalleryPath();
  const problem = (text: string) => () => (
    <Dialog title={pageTexts.templates.title} closeTo={galleryPath}>
      <p className="text-sm text-slate-700">{text}</p>
      <ErrorReference className="mt-2 text-sm text-slate-600" />
    </Dialog>
  );
  return (
    <GeneralErrorBoundary
      statusHandlers={{ 404: problem(templatesTexts.notFound) }}
      fallback={problem(templatesTexts.error)}
    />
  );
}
