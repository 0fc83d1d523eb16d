import { useLocation } from "@remix-run/react";
import { OUTCOME_SEAL_PARAMS } from "~/domain/banner-params";
import { CANCEL_PARAM, scheduledTexts, type CancelResult } from "~/domain/scheduled-merges";
import { Banner, BannerCloseLink, useForgetParamsOnceShown } from "~/components/ui";

/**
 * The Scheduled tab's alert after a cancellation (002 §2, §4), from the
 * `cancel` query parameter the action's redirect set. Dismissing it is a link
 * to the same list without the parameter; with JavaScript the address bar
 * drops it right away too, like the shell's banners, so a reload does not
 * show it again.
 */
const ALERT_PARAMS = [CANCEL_PARAM, ...OUTCOME_SEAL_PARAMS];

export function ScheduledCancelAlert({ result }: { result: CancelResult | null }) {
  const { pathname, search } = useLocation();
  const rest = new URLSearchParams(search);
  for (const key of ALERT_PARAMS) rest.delete(key);
  const restQuery = rest.toString();
  const withoutAlert = restQuery ? `${pathname}?${restQuery}` : pathname;

  useForgetParamsOnceShown(result !== null, ALERT_PARAMS);

  if (!result) return null;
  return (
    <Banner
      tone={result === "success" ? "success" : "error"}
      title={result === "success" ? scheduledTexts.cancelled : scheduledTexts.cancelFailed}
      dismiss={<BannerCloseLink to={withoutAlert} />}
    />
  );
}
