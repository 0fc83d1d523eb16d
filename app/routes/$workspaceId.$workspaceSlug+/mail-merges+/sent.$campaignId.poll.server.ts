import { data, redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { getPollAnswers } from "~/api/campaigns.server";
import { formatCount } from "~/domain/format";
import { listSearch } from "~/domain/mail-merges";
import { mayGoUnread, requireSpaceWith } from "~/utils/space.server";
import { sentCampaignOf } from "./sent.$campaignId.server";
import { sentPaths } from "./sent.server";

/** The poll view; a merge without a poll shows its mail results instead. */
export async function loadSentPoll(args: LoaderFunctionArgs) {
  // The campaign is the same GET as the dialog's loader in this request: made once. Its poll's answers are asked
  // for beside it, and go unread when it has no poll.
  const { space, answers } = await requireSpaceWith(args, async (caller) => {
    const poll = mayGoUnread(getPollAnswers(caller.auth, caller.workspaceId, args.params.campaignId ?? ""));
    return { campaign: await sentCampaignOf(caller, args.params), poll };
  });
  const { campaign, poll } = await answers;
  if (!campaign) throw data(null, { status: 404 });
  if (!campaign.hasPoll) {
    const url = new URL(args.request.url);
    throw redirect(`${sentPaths(space.urlPrefix).detail(campaign.campaignId)}${listSearch(url.search)}`);
  }
  return {
    answers: (await poll).map(({ answer, count, percent }) => ({ answer, percent, count: formatCount(count) })),
  };
}
