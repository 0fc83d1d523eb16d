import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { PageHeading } from "~/components/ui/page-heading";
import { pageTitle } from "~/domain/page-title";
import { checkoutTexts } from "~/domain/page-texts";
import { loadCheckoutEntry } from "./__steps/checkout-entry.server";

/** Checkout needs billing access; anyone else goes to the space root (001 §2). */
export const loader = (args: LoaderFunctionArgs) => loadCheckoutEntry(args, "options");

export default function CheckoutStep() {
  const { spaceName, isPerSeat } = useLoaderData<typeof loader>();
  return <PageHeading>{checkoutTexts(isPerSeat).heading(spaceName)}</PageHeading>;
}

export const meta = ({ data }: { data?: { isPerSeat: boolean } }) =>
  pageTitle(checkoutTexts(data?.isPerSeat ?? false).title);

export { GeneralErrorBoundary as ErrorBoundary } from "~/components/ui/general-error-boundary";
