import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { RecipientResultPage } from "./__result-page";
import { pageTitle } from "~/domain/page-title";
import { formResponseTexts, isSuccessResult, resultPageTitle } from "~/domain/result-pages";

/** Where a recipient lands after answering a mail merge's form or poll; no sign-in needed (002 §2). */
export function loader({ request }: LoaderFunctionArgs) {
  return { success: isSuccessResult(new URL(request.url).searchParams) };
}

export default function FormResponse() {
  const { success } = useLoaderData<typeof loader>();
  return <RecipientResultPage success={success} texts={formResponseTexts} />;
}

export const meta: MetaFunction<typeof loader> = ({ data }) =>
  pageTitle(resultPageTitle(data?.success ?? true, formResponseTexts));

export { FullPageErrorBoundary as ErrorBoundary } from "~/components/ui";
