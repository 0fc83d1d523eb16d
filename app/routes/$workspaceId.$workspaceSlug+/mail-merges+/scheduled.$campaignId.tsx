import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaArgs } from "@remix-run/node";
import { useActionData, useLoaderData, useLocation, useParams } from "@remix-run/react";
import { logEvent } from "~/api/events.server";
import { isCampaignId } from "~/api/campaigns.server";
import { cancelScheduledCampaign, getScheduledCampaign } from "~/api/scheduled-campaigns.server";
import { Dialog, lazyHydrated, ErrorReference, GeneralErrorBoundary } from "~/components/ui";
import { pageTitle } from "~/domain/page-title";
import { pageTexts } from "~/domain/page-texts";
import {
  CONFIRM_CANCEL,
  CONFIRM_PARAM,
  listAfterCancel,
  listSearch,
  scheduledTexts,
  type CancelResult,
} from "~/domain/scheduled-merges";
import { scheduledDetail } from "~/domain/scheduled-rows";
import { spacePath, spaceSections } from "~/domain/space-paths";
import { redirectInSession } from "~/utils/auth.server";
import { requireSpace, requireSpaceWith, planContext } from "~/utils/space.server";
import { timeZoneFromCookieHeader } from "~/utils/time-zone";
import { genericErrorTexts } from "~/domain/error-texts";
import { parseCancelForm } from "./scheduled.$campaignId.server";
import { IDEMPOTENCY_FIELD, newIdempotencyKey } from "~/domain/idempotency";

/**
 * The scheduled detail dialog (002 §2), over the list, and its one action:
 * cancelling the merge (002 §4). The list's query rides along in every link,
 * so closing or cancelling goes back to the same list.
 */

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { space, answers } = await requireSpaceWith({ request, params, context }, ({ auth, workspaceId }) =>
    getScheduledCampaign(auth, workspaceId, params.campaignId ?? ""),
  );
  const campaign = await answers;
  if (!campaign) throw new Response(null, { status: 404 });
  const timeZone = timeZoneFromCookieHeader(request.headers.get("Cookie"));
  return {
    detail: scheduledDetail(campaign, timeZone, Date.now()),
    listPath: spacePath(space.urlPrefix, spaceSections.scheduled),
    cancelKey: newIdempotencyKey(),
  };
}

/**
 * Cancels, then goes back to the list with its query and `cancel=success`
 * (or `cancel=error`): a fresh load of the list, scrolled to the top, with the alert.
 */
export async function action({ request, params, context }: ActionFunctionArgs) {
  // Refuses a cross-site POST (403) before anything else.
  const space = await requireSpace({ request, params, context });
  const submission = parseCancelForm(await request.formData());
  if (submission.status !== "success") {
    return data(submission.reply({ formErrors: [genericErrorTexts.title] }), { status: 400 });
  }

  const campaignId = params.campaignId ?? "";
  let result: CancelResult = "success";
  try {
    if (!isCampaignId(campaignId)) throw new Error("Not a campaign id");
    await cancelScheduledCampaign(
      space.auth,
      space.workspace.workspaceId,
      campaignId,
      submission.value[IDEMPOTENCY_FIELD],
    );
  } catch (error) {
    // A thrown Response is the session ending (sign-out redirect): let it through.
    if (error instanceof Response) throw error;
    result = "error";
  }
  if (result === "success") {
    await logEvent(
      space.auth,
      "scheduled_merge_canceled_by_user",
      {
        campaign_id: campaignId,
        workspace_id: space.workspace.workspaceId,
        ...planContext(space),
      },
      { onceFor: submission.value[IDEMPOTENCY_FIELD] },
    );
  }
  const listPath = spacePath(space.urlPrefix, spaceSections.scheduled);
  return redirectInSession(space.auth, listAfterCancel(listPath, new URL(request.url).search, result));
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
