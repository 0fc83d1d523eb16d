import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { lazyHydrated, ErrorReference, GeneralErrorBoundary } from "~/components/ui";
import { sentDetailTexts } from "~/domain/mail-merges";
import { loadSentPoll } from "./sent.$campaignId.poll.server";

/**
 * The Poll results tab of the Sent detail dialog (002 §2): aggregated
 * results, or the counted responses when those fail or are empty. A merge
 * without a poll goes back to its Mail results.
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  return loadSentPoll({ request, params, context });
}

/** Loaded with the dialog's code, after the page's first load. */
const PollAnswersView = lazyHydrated("sent-poll-answers", () =>
  import("./__sent-detail-dialog").then((module) => module.PollAnswersView),
);

export default function SentPollResults() {
  const { answers } = useLoaderData<typeof loader>();
  return <PollAnswersView answers={answers} />;
}

/** A failing poll call is told inside the dialog, under its tabs. */
export function ErrorBoundary() {
  return <GeneralErrorBoundary fallback={PollFailed} />;
}

function PollFailed() {
  return (
    <div role="alert" className="py-4 text-sm text-red-700">
      <p>{sentDetailTexts.poll.failed}</p>
      <ErrorReference />
    </div>
  );
}
