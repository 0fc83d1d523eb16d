import type { ActionFunctionArgs, LoaderFunctionArgs, MetaArgs } from "@remix-run/node";
import { useActionData, useLoaderData, useLocation, useParams } from "@remix-run/react";
import { Dialog, lazyHydrated, ErrorReference, GeneralErrorBoundary } from "~/components/ui";
import { pageTitle } from "~/domain/page-title";
import { pageTexts } from "~/domain/page-texts";
import { CONFIRM_CANCEL, CONFIRM_PARAM, listSearch, scheduledTexts } from "~/domain/scheduled-merges";
import { spacePath, spaceSections } from "~/domain/space-paths";
import { cancelScheduledMerge, loadScheduledDetail } from "./scheduled.$campaignId.server";

/**
 * The scheduled detail dialog (002 §2), over the list, and its one action:
 * cancelling the merge (002 §4). The list's query rides along in every link,
 * so closing or cancelling goes back to the same list.
 */

export async function loader(args: LoaderFunctionArgs) {
  return loadScheduledDetail(args);
}

/** Cancels the merge (002 §4) and goes back to the list. */
export async function action(args: ActionFunctionArgs) {
  return cancelScheduledMerge(args);
}

export default function ScheduledDetailRoute() {
  const { detail, listPath, cancelKey } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const { search } = useLocation();
  const listQuery = listSearch(search);
  const dialogPath = `${listPath}/${encodeURIComponent(detail.campaignId)}`;
  const confirmParams = new URLSearchParams(listQuery);
  confirmParams.set(CONFIRM_PARAM, CONFIRM_CANCEL);

  return (
    <ScheduledDetailDialog
      detail={detail}
      closeTo={`${listPath}${listQuery}`}
      dialogHref={`${dialogPath}${listQuery}`}
      confirmHref={`${dialogPath}?${confirmParams.toString()}`}
      confirming={new URLSearchParams(search).get(CONFIRM_PARAM) === CONFIRM_CANCEL || lastResult != null}
      lastResult={lastResult}
      cancelKey={cancelKey}
    />
  );
}

export const meta = ({ data }: MetaArgs<typeof loader>) => pageTitle(data?.detail.title || pageTexts.scheduled.title);

/** The dialog's code (its cancel form) comes after the page's first load (ARCHITECTURE budgets). */
const ScheduledDetailDialog = lazyHydrated("scheduled-detail-dialog", () =>
  import("./__scheduled-detail-dialog").then((module) => module.ScheduledDetailDialog),
);

/** An unknown (or already sent or cancelled) merge, or a failure: a dialog saying so, over the list. */
export function ErrorBoundary() {
  const { workspaceId = "", workspaceSlug = "" } = useParams();
  const { search } = useLocation();
  const closeTo = `${spacePath(`/${workspaceId}/${workspaceSlug}`, spaceSections.scheduled)}${listSearch(search)}`;
  const texts = scheduledTexts.dialog;
  const problem = (title: string, text: string) => () => (
    <Dialog title={title} closeTo={closeTo}>
      <p className="text-sm text-slate-700">{text}</p>
      <ErrorReference className="mt-2 text-sm text-slate-600" />
    </Dialog>
  );
  return (
    <GeneralErrorBoundary
      statusHandlers={{ 404: problem(texts.notFoundTitle, texts.notFound) }}
      fallback={problem(texts.failedTitle, texts.failed)}
    />
  );
}
