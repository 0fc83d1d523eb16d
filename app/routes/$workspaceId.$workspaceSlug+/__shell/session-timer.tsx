import { useRevalidator } from "@remix-run/react";
import { useEffect } from "react";

/** 000 §4: timers fire 2 seconds before the token expires. */
const MARGIN_MS = 2_000;
/** setTimeout cannot wait longer than about 24.8 days. */
const MAX_DELAY_MS = 2 ** 31 - 1;

/** How long an idle tab waits before asking the server again. */
export function sessionTimerDelay(expiresAt: number, now: number) {
  return Math.min(Math.max(expiresAt - now - MARGIN_MS, 0), MAX_DELAY_MS);
}

/**
 * An idle tab asks the server again just before the token expires: the
 * server renews it, or, when the session is over, sends the tab to
 * /login?error=session-expired. Without JavaScript the next request does the same.
 */
export function SessionTimer({ expiresAt }: { expiresAt: number }) {
  const revalidator = useRevalidator();
  useEffect(() => {
    const timer = window.setTimeout(() => revalidator.revalidate(), sessionTimerDelay(expiresAt, Date.now()));
    return () => window.clearTimeout(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- one timer per expiry, not per revalidator state
  }, [expiresAt]);
  return null;
}
