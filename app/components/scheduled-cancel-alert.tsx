import { useLocation } from "@remix-run/react";
import { useEffect } from "react";
import { CANCEL_PARAM, scheduledTexts, type CancelResult } from "~/domain/scheduled-merges";
import { Banner, BannerCloseLink } from "./banner";

/**
 * The Scheduled tab's alert after a cancellation (002 §2, §4), from the
 * `cancel` query parameter the action's redirect set. Dismissing it is a link
 * to the same list without the parameter; with JavaScript the address bar
 * drops it right away too, like the shell's banners, so a reload does not
 * show it again.
 */
export function ScheduledCancelAlert({ result }: { result: CancelResult | null }) {
  const { pathname, search, key } = useLocation();
  const rest = new URLSearchParams(search);
  rest.delete(CANCEL_PARAM);
  const restQuery = rest.toString();
  const withoutAlert = restQuery ? `${pathname}?${restQuery}` : pathname;

  useEffect(() => {
    if (!result) return;
    const url = new URL(window.location.href);
    url.searchParams.delete(CANCEL_PARAM);
    window.history.replaceState(window.history.state, "", `${url.pathname}${url.search}${url.hash}`);
  }, [result, key]);

  if (!result) return null;
  return (
    <Banner
      tone={result === "success" ? "success" : "error"}
      title={result === "success" ? scheduledTexts.cancelled : scheduledTexts.cancelFailed}
      dismiss={<BannerCloseLink to={withoutAlert} />}
    />
  );
}
