import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { checkoutTexts } from "~/domain/checkout-texts";
import { pageTitle } from "~/domain/page-title";
import { CheckoutHeader } from "./__steps/checkout-header";
import { DetailsForm } from "./__steps/details-form";
import { detailsAction, loadDetails } from "./details.server";

export const loader = (args: LoaderFunctionArgs) => loadDetails(args);
export const action = (args: ActionFunctionArgs) => detailsAction(args);

/** Billing details (001 §2): for myself (one seat) or for a team, and how many seats. */
export default function DetailsStep() {
  const page = useLoaderData<typeof loader>();
  const refused = useActionData<typeof action>();
  return (
    <>
      <CheckoutHeader title={checkoutTexts.titles.upgrade(page.spaceName)} {...page.header} />
      <DetailsForm
        key={refused ? "refused" : "kept"}
        purchaseFor={refused?.values.purchaseFor ?? page.purchaseFor}
        seats={refused?.values.seats ?? page.seats}
        error={refused?.error ?? null}
      />
    </>
  );
}

export const meta = ({ data }: { data?: { spaceName: string } }) =>
  pageTitle(checkoutTexts.titles.upgrade(data?.spaceName ?? ""));

export { GeneralErrorBoundary as ErrorBoundary } from "~/components/ui";
