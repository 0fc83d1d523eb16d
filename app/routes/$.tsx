import type { LoaderFunctionArgs } from "@remix-run/node";
import { Link } from "@remix-run/react";
import { pageTitle } from "~/domain/page-title";
import { pageTexts } from "~/domain/page-texts";
import { requireSession } from "~/utils/auth.server";
import { GeneralErrorBoundary } from "~/components/ui";

/** Any other path: signed-out visitors go to /login?continue=…; signed-in ones get a 404. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireSession({ request, context });
  throw new Response(null, { status: 404 });
}

export default function CatchAll() {
  return null;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary fallback={NotFoundPage} />;
}

function NotFoundPage() {
  return (
    <main className="flex min-h-full flex-col items-center justify-center gap-4 p-8 text-center">
      <h1 className="text-3xl font-bold">{pageTexts.notFound.heading}</h1>
      <Link className="text-brand-700 underline" to="/">
        {pageTexts.notFound.back}
      </Link>
    </main>
  );
}

export const meta = () => pageTitle(pageTexts.notFound.title);
