import { useLocation } from "@remix-run/react";
import { useEffect } from "react";

/**
 * One-time messages (banners, action results) show once: with JavaScript the
 * address bar drops their parameters right after the first render, without a
 * navigation, so a reload or a bookmark does not repeat them. Without
 * JavaScript, the message's close link does the same.
 */
export function useForgetParamsOnceShown(shown: boolean, params: readonly string[]) {
  const { key } = useLocation();
  useEffect(() => {
    if (!shown) return;
    const url = new URL(window.location.href);
    for (const param of params) url.searchParams.delete(param);
    const query = url.searchParams.toString();
    window.history.replaceState(window.history.state, "", `${url.pathname}${query ? `?${query}` : ""}${url.hash}`);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per shown message and location, whatever array is passed
  }, [shown, key]);
}
