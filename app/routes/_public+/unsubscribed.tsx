import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { RecipientResultPage } from "./__result-page";
import { pageTitle } from "~/domain/page-title";
import { unsubscribedTexts, isSuccessResult, resultPageTitle } from "~/domain/result-pages";

/** Where a recipient lands after unsubscribing from a mail merge; no sign-in needed (002 §2). */
export function loader({ request }: LoaderFunctionArgs) {
  return { success: isSuccessResult(new URL(request.url).searchParams) };
}

export default function Unsubscribed() {
  const { success } = useLoaderData<typeof loader>();
  return <RecipientResultPage success={success} texts={unsubscribedTexts} />;
}

export const meta: MetaFunction<typeof loader> = ({ data }) =>
  pageTitle(resultPageTitle(data?.success ?? true, unsubscribedTexts));

export { FullPageErrorBoundary as ErrorBoundary } from "~/components/ui";
