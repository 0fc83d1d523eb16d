import { parseWithZod } from "@conform-to/zod";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { logEvent } from "~/api/events.server";
import { isCampaignId } from "~/api/campaigns.server";
import { cancelScheduledCampaign, getScheduledCampaign } from "~/api/scheduled-campaigns.server";
import { genericErrorTexts } from "~/domain/error-texts";
import { IDEMPOTENCY_FIELD, newIdempotencyKey } from "~/domain/idempotency";
import { listAfterCancel, type CancelResult } from "~/domain/scheduled-merges";
import { scheduledDetail } from "~/domain/scheduled-rows";
import { spacePath, spaceSections } from "~/domain/space-paths";
import { redirectInSession } from "~/utils/auth.server";
import { requireSpace, requireSpaceWith, planContext } from "~/utils/space.server";
import { timeZoneFromCookieHeader } from "~/utils/time-zone";
import { cancelFormSchema } from "./__cancel-schema";

/** Parses the cancel form here, server-only, so that zod and conform stay out of the page's first load. */
function parseCancelForm(formData: FormData) {
  return parseWithZod(formData, { schema: cancelFormSchema });
}

/** The scheduled detail dialog's merge (002 §2): 404 when unknown, already sent or cancelled. */
export async function loadScheduledDetail({ request, params, context }: LoaderFunctionArgs) {
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
 * Cancels (002 §4), then goes back to the list with its query and `cancel=success`
 * (or `cancel=error`): a fresh load of the list, scrolled to the top, with the alert.
 */
export async function cancelScheduledMerge({ request, params, context }: ActionFunctionArgs) {
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
