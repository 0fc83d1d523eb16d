import type { AuthContext } from "./caller.server";

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
 */
export async function logEvent(auth: AuthContext, type: EventType, params: Record<string, unknown> = {}) {
  try {
    await auth.call({ base: "v1", path: "/events", method: "POST", body: { type, params } });
  } catch (error) {
    if (error instanceof Response) throw error;
  }
}
