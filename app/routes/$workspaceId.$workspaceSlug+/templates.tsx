import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { Outlet, useLoaderData, useLocation } from "@remix-run/react";
import {
  Banner,
  BannerCloseLink,
  ErrorReference,
  GeneralErrorBoundary,
  PageHeading,
  useForgetParamsOnceShown,
} from "~/components/ui";
import { EmptyState } from "~/components/ui/list-controls";
import { TemplateCard } from "./__templates/template-card";
import { listTexts } from "~/domain/list-texts";
import { pageTitle } from "~/domain/page-title";
import { pageTexts } from "~/domain/page-texts";
import { DRAFT_PARAM, DRAFT_TEMPLATE_PARAM, templatesTexts, withoutDraftAlert } from "~/domain/templates";
import { loadTemplateGallery, createDraftFromForm } from "./templates.server";

/** The most cards a row holds (four columns on the widest screens): their thumbnails are above the fold. */
const FIRST_ROW_CARDS = 4;

/**
 * The template gallery (002 §2, §4): cards ordered by `order`, each opening
 * its preview dialog (the nested templates/{id} route, over the gallery), and
 * a 'Use' form that makes a Gmail draft and comes back here with an alert
 * (`?draft=created&template={id}` or `?draft=error`).
 *
 * The spec's "10 placeholders while loading" is the client-side app's
 * loading state: here the page arrives rendered, so there is nothing to wait for.
 */
export async function loader(args: LoaderFunctionArgs) {
  return loadTemplateGallery(args);
}

export async function action(args: ActionFunctionArgs) {
  return createDraftFromForm(args);
}

export default function Templates() {
  const { galleryPath, templates, alert } = useLoaderData<typeof loader>();
  const { search } = useLocation();
  const rest = withoutDraftAlert(search).toString();
  useForgetParamsOnceShown(alert !== null, [DRAFT_PARAM, DRAFT_TEMPLATE_PARAM]);

  return (
    <div className="flex flex-col gap-6">
      <PageHeading>{pageTexts.templates.heading}</PageHeading>
      {alert ? (
        <Banner
          tone={alert.tone}
          title={alert.title}
          dismiss={<BannerCloseLink to={rest ? `${galleryPath}?${rest}` : galleryPath} />}
        />
      ) : null}
      <p className="rounded-md bg-amber-50 p-3 text-sm text-amber-900 ring-1 ring-inset ring-amber-200 tablet:hidden">
        {templatesTexts.mobileNotice}
      </p>
      {templates.length > 0 ? (
        <ul
          aria-label={templatesTexts.gallery}
          className="grid grid-cols-1 gap-4 mobile:grid-cols-2 laptop:grid-cols-3 desktop:grid-cols-4"
        >
          {templates.map((template, index) => (
            <li key={template.id}>
              <TemplateCard template={template} action={galleryPath} aboveTheFold={index < FIRST_ROW_CARDS} />
            </li>
          ))}
        </ul>
      ) : (
        <EmptyState title={listTexts.nothingToSee}>{templatesTexts.empty}</EmptyState>
      )}
      {/* The preview dialog renders over the gallery. */}
      <Outlet />
    </div>
  );
}

export const meta = () => pageTitle(pageTexts.templates.title);

export function ErrorBoundary() {
  return <GeneralErrorBoundary fallback={GalleryFailed} />;
}

function GalleryFailed() {
  return (
    <div className="flex flex-col gap-6">
      <PageHeading>{pageTexts.templates.heading}</PageHeading>
      <Banner tone="error" title={templatesTexts.error}>
        <ErrorReference className="mt-1" />
      </Banner>
    </div>
  );
}
