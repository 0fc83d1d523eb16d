import type { LoaderFunctionArgs } from "@remix-run/node";
import { PageHeading } from "~/components/ui/page-heading";
import { pageTitle } from "~/domain/page-title";
import { pageTexts } from "~/domain/page-texts";
import { loadSpacePage } from "~/utils/space-page.server";

export const loader = (args: LoaderFunctionArgs) => loadSpacePage(args, (access) => access.canAccessBilling, "");

export default function Page() {
  return <PageHeading>{pageTexts.legacyUsers.heading}</PageHeading>;
}

export const meta = () => pageTitle(pageTexts.legacyUsers.title);

export { GeneralErrorBoundary as ErrorBoundary } from "~/components/ui/general-error-boundary";
