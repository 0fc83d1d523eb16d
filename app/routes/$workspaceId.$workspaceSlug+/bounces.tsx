import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { RecipientsPage } from "./__recipient-lists/recipients-page";
import { pageTitle } from "~/domain/page-title";
import { pageTexts } from "~/domain/page-texts";
import { loadRecipientsPage, recipientsAction } from "./__recipient-lists/recipients.server";

/** /bounces (002 §2): the shared recipients page for bounced addresses; hidden (redirect) unless canAccessBounces. */

export async function loader(args: LoaderFunctionArgs) {
  return loadRecipientsPage(args, "bounce");
}

/** Intents `add` and `delete`; anything else is a 400. */
export async function action(args: ActionFunctionArgs) {
  return recipientsAction(args, "bounce");
}

export default function BouncesPage() {
  const data = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  return <RecipientsPage heading={pageTexts.bounces.heading} data={data} answer={answer} />;
}

export const meta = () => pageTitle(pageTexts.bounces.title);

export { GeneralErrorBoundary as ErrorBoundary } from "~/components/ui";
