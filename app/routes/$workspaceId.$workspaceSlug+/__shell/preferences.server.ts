import { createCookie } from "@remix-run/node";
import { z } from "zod";
import { sessionSecrets, secureCookiesEnabled } from "~/env.server";

/** Small per-browser choices that outlive a session: which legacy banners and payment alerts were dismissed. */
const preferencesSchema = z.object({
  dismissedLegacyBanners: z.array(z.string()).max(50).default([]),
  /** 001 §4: dismissals remembered per alert key (kind and subscription id). */
  dismissedPaymentAlerts: z.array(z.string().max(200)).max(50).default([]),
});
export type Preferences = z.infer<typeof preferencesSchema>;

const ONE_YEAR_SECONDS = 365 * 24 * 60 * 60;

let cookie: ReturnType<typeof createCookie> | undefined;
function preferencesCookie() {
  cookie ??= createCookie("yamm_prefs", {
    httpOnly: true,
    sameSite: "lax",
    secure: secureCookiesEnabled(),
    path: "/",
    maxAge: ONE_YEAR_SECONDS,
    secrets: sessionSecrets(),
  });
  return cookie;
}

export async function readPreferences(request: Request): Promise<Preferences> {
  const parsed = preferencesSchema.safeParse((await preferencesCookie().parse(request.headers.get("Cookie"))) ?? {});
  return parsed.success ? parsed.data : { dismissedLegacyBanners: [], dismissedPaymentAlerts: [] };
}

/** The latest 50 of a dismissal list, this one first. */
const remembered = (key: string, list: string[]) => [key, ...list.filter((entry) => entry !== key)].slice(0, 50);

/** Which dismissal list of the preferences a dismissal goes to: legacy banners by space id, payment alerts by alert key. */
export type DismissalList = "dismissedLegacyBanners" | "dismissedPaymentAlerts";

/** The preferences cookie with `key` remembered in `list`. */
export async function rememberDismissal(request: Request, list: DismissalList, key: string) {
  const preferences = await readPreferences(request);
  return preferencesCookie().serialize({ ...preferences, [list]: remembered(key, preferences[list]) });
}
