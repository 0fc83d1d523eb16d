import { isRouteErrorResponse, useLocation, useRouteError, type ErrorResponse } from "@remix-run/react";
import type { ReactNode } from "react";
import { genericErrorTexts, oopsTexts, referenceText } from "~/domain/error-texts";
import { externalLinks } from "~/domain/external-links";
import { Banner } from "./banner";

type StatusHandler = (error: ErrorResponse) => ReactNode;

/**
 * The one error boundary of the app (ARCHITECTURE: Routes): root, the shell
 * and every route with a loader export it. Remix draws a route's boundary in
 * place of that route only, so when a page fails, the shell's sidebar and top
 * bar stay around the error. A route may name what some statuses show; the
 * rest, and any unexpected error, show `fallback` (the generic banner, 000 §8).
 * No detail of the error reaches the page: the server logs it, and so does
 * the browser's console for an error thrown there.
 */
export function GeneralErrorBoundary({
  statusHandlers = {},
  fallback = GenericError,
}: {
  statusHandlers?: Partial<Record<number, StatusHandler>>;
  fallback?: () => ReactNode;
}) {
  const error = useRouteError();
  if (isRouteErrorResponse(error)) return (statusHandlers[error.status] ?? fallback)(error);
  if (typeof document !== "undefined") console.error(error);
  return fallback();
}

/**
 * The request's id that a failure of ours carries (utils/route-answers.server.ts),
 * for the person to quote: support finds the request's log lines with it.
 */
function useReference(): string | null {
  const error = useRouteError();
  if (!isRouteErrorResponse(error)) return null;
  const reference = (error.data as { reference?: unknown } | null)?.reference;
  return typeof reference === "string" ? reference : null;
}

/** "Reference: …" under an error, when the failure carries one; a route's own fallback may show it too. */
export function ErrorReference({ className }: { className?: string }) {
  const reference = useReference();
  return reference ? <p className={className}>{referenceText(reference)}</p> : null;
}

/** 000 §8 generic banner, where the page's own content would be. */
export function GenericError() {
  return (
    <Banner tone="error" title={genericErrorTexts.title} detail={genericErrorTexts.detail}>
      <ErrorReference className="mt-1" />
    </Banner>
  );
}

/** A whole page that failed where no frame can be drawn around it. */
export function FullPageErrorBoundary() {
  return <GeneralErrorBoundary fallback={OopsScreen} />;
}

/** 000 §2 fallback error screen. */
export function OopsScreen() {
  const location = useLocation();
  return (
    <main className="flex min-h-full flex-col items-center justify-center gap-4 p-8 text-center">
      <h1 className="text-4xl font-bold text-slate-900">{oopsTexts.title}</h1>
      <p className="text-lg text-slate-700">{oopsTexts.message}</p>
      {/* A full reload: whatever failed gets a fresh start. */}
      <a
        href={`${location.pathname}${location.search}`}
        className="rounded-md bg-brand-600 px-4 py-2 font-medium text-white hover:bg-brand-700"
      >
        {oopsTexts.tryAgain}
      </a>
      <ErrorReference className="text-sm text-slate-600" />
      <p className="text-sm text-slate-600">
        {oopsTexts.persists}{" "}
        <a className="text-brand-700 underline" href={externalLinks.support}>
          {oopsTexts.contactUs}
        </a>
      </p>
    </main>
  );
}
