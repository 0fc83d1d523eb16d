import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData, useLocation, useOutlet, useRevalidator } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { lazyHydrated, GeneralErrorBoundary } from "~/components/ui";
import { SENT_DETAIL_REFRESH_MS, listSearch, sentDetailTexts } from "~/domain/mail-merges";
import { loadSentDetail } from "./sent.$campaignId.server";

/**
 * The Sent detail dialog (002 §2), over the list. Its Mail results are this
 * route; Poll results are the child route /poll, rendered in the same dialog.
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  return loadSentDetail({ request, params, context });
}

/** The dialog's code comes after the page's first load (ARCHITECTURE budgets); the server renders it in full. */
const SentDetailDialog = lazyHydrated("sent-detail-dialog", () =>
  import("./__sent-detail-dialog").then((module) => module.SentDetailDialog),
);
const MailResultsView = lazyHydrated("sent-mail-results", () =>
  import("./__sent-detail-dialog").then((module) => module.MailResultsView),
);
const SentDetailProblem = lazyHydrated("sent-detail-problem", () =>
  import("./__sent-detail-dialog").then((module) => module.SentDetailProblem),
);

export default function SentDetailRoute() {
  const detail = useLoaderData<typeof loader>();
  const poll = useOutlet();
  useRefreshWhileVisible(SENT_DETAIL_REFRESH_MS);
  return (
    <SentDetailDialog detail={detail} view={poll ? "poll" : "mail"}>
      {poll ?? <MailResultsView results={detail.results} lastUpdate={detail.lastUpdate} />}
    </SentDetailDialog>
  );
}

/**
 * 002 §9: the open dialog reloads its data every 30 seconds, while the tab is
 * visible (and at once when it becomes visible again after a longer absence).
 */
function useRefreshWhileVisible(intervalMs: number) {
  const revalidator = useRevalidator();
  const latest = useRef(revalidator);
  latest.current = revalidator;
  useEffect(() => {
    let last = Date.now();
    const refresh = () => {
      if (document.visibilityState !== "visible" || latest.current.state !== "idle") return;
      last = Date.now();
      latest.current.revalidate();
    };
    const timer = window.setInterval(refresh, intervalMs);
    const onVisible = () => {
      if (document.visibilityState === "visible" && Date.now() - last >= intervalMs) refresh();
    };
    document.addEventListener("visibilitychange", onVisible);
    return () => {
      window.clearInterval(timer);
      document.removeEventListener("visibilitychange", onVisible);
    };
  }, [intervalMs]);
}

/** An unknown id (404) or a failure is told inside the dialog; the list stays behind it. */
export function ErrorBoundary() {
  const { pathname, search } = useLocation();
  const closeTo = `${pathname.replace(/\/sent\/.*$/, "/sent")}${listSearch(search)}`;
  const problem = (texts: { title: string; text: string }) => () => (
    <SentDetailProblem title={texts.title} text={texts.text} closeTo={closeTo} />
  );
  return (
    <GeneralErrorBoundary
      statusHandlers={{ 404: problem(sentDetailTexts.notFound) }}
      fallback={problem(sentDetailTexts.failed)}
    />
  );
}
