import { getEnv } from "~/env.server";

/**
 * An absolute URL of this app, for the services that send people back here
 * (Google's callback, Stripe's success, cancel and return URLs): APP_URL
 * when set (behind a proxy the request's own origin may be an inner one),
 * else the request's origin.
 */
export function appUrl(request: Request, path: string) {
  return new URL(path, getEnv().APP_URL ?? new URL(request.url).origin).toString();
}
