import type { LoaderFunctionArgs } from "@remix-run/node";
import { PageHeading } from "~/components/ui/page-heading";
import { pageTitle } from "~/domain/page-title";
import { pageTexts } from "~/domain/page-texts";
import { loadCheckoutEntry } from "./__steps/checkout-entry.server";

export const loader = (args: LoaderFunctionArgs) => loadCheckoutEntry(args, "other");

export default function Page() {
  return <PageHeading>{pageTexts.cannotDowngrade.heading}</PageHeading>;
}

export const meta = () => pageTitle(pageTexts.cannotDowngrade.title);

export { GeneralErrorBoundary as ErrorBoundary } from "~/components/ui/general-error-boundary";
