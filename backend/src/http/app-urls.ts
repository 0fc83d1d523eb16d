import type { BackendConfig } from "../config";
import { badRequest } from "./errors";

/**
 * A URL Stripe is to send the customer back to (a Checkout Session's
 * success and cancel URLs, the portal's return, a 3-D Secure return): at
 * one of the app's origins (APP_ORIGINS), else a 400 naming the field. The
 * app always sends its own; anything else would make Stripe's page, under
 * our name, lead a customer wherever a caller chose.
 */
export function requireAppUrl(config: Pick<BackendConfig, "appOrigins">, field: string, url: string): string {
  if (!config.appOrigins.includes(new URL(url).origin)) throw badRequest(`${field}: not at the app's origin`);
  return url;
}
