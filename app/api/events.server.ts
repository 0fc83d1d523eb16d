import type { AuthContext } from "./caller.server";
import { backendPath } from "./http.server";

export type EventType =
  | "login"
  | "error"
  | "modal_display"
  | "ad_display"
  | "ad_click"
  | "checkout_session"
  | "csv_export"
  | "scheduled_merge_canceled_by_user"
  | "manual_unsubscribe"
  | "webapp_page_view";

/**
 * POST /events (v1), the spec's logging endpoint. Logging never breaks the
 * page that logs, so failures are swallowed here and only here.
 *
 * An event that follows a once-only write names that write's key (`onceFor`):
 * it is sent under a key of its own derived from it, so a repeated form logs
 * its event once, as the backend applies its write once.
 */
export async function logEvent(
  auth: AuthContext,
  type: EventType,
  params: Record<string, unknown> = {},
  { onceFor }: { onceFor?: string } = {},
) {
  try {
    await auth.call({
      base: "v1",
      path: backendPath`/events`,
      method: "POST",
      body: { type, params },
      idempotencyKey: onceFor === undefined ? undefined : `${onceFor}-event`,
    });
  } catch (error) {
    if (error instanceof Response) throw error;
  }
}
