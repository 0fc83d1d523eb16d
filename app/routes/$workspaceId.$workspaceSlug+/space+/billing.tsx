import type { LoaderFunctionArgs } from "@remix-run/node";
import { PageHeading } from "~/components/ui/page-heading";
import { pageTitle } from "~/domain/page-title";
import { pageTexts } from "~/domain/page-texts";
import { loadSpacePage } from "~/utils/space-page.server";

/** Billing needs billing access, except on a free space (001 §2); others go to the space root. */
export const loader = (args: LoaderFunctionArgs) => loadSpacePage(args, (access) => access.canViewBillingPage, "");

export default function BillingPage() {
  return <PageHeading>{pageTexts.billing.heading}</PageHeading>;
}

export const meta = () => pageTitle(pageTexts.billing.title);

export { GeneralErrorBoundary as ErrorBoundary } from "~/components/ui/general-error-boundary";
