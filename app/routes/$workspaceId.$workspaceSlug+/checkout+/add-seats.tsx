import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { PageHeading } from "~/components/ui/page-heading";
import { pageTitle } from "~/domain/page-title";
import { pageTexts } from "~/domain/page-texts";
import { loadSpacePage } from "~/utils/space-page.server";

export const loader = (args: LoaderFunctionArgs) => loadSpacePage(args, (access) => access.canAccessBilling, "");

export default function Page() {
  const { spaceName } = useLoaderData<typeof loader>();
  return <PageHeading>{pageTexts.addSeats.heading(spaceName)}</PageHeading>;
}

export const meta = () => pageTitle(pageTexts.addSeats.title);

export { GeneralErrorBoundary as ErrorBoundary } from "~/components/ui/general-error-boundary";
