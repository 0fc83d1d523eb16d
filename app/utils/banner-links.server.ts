import { createHmac, timingSafeEqual } from "node:crypto";
import type { SessionData } from "~/api/caller.server";
import { BANNER_SIGNATURE_PARAM, OUTCOME_EXPIRY_PARAM, bannerFromQuery, type BannerContent } from "~/domain/banners";
import { OUTCOME_PARAMS, reportsOutcome, withoutOutcome } from "~/domain/outcome-params";
import { sessionSecrets } from "~/env.server";

/**
 * Outcomes the server vouches for (issues 13, 34). A redirect that reports
 * an outcome ("Mail merge cancelled.", "You added 3 seats…", a banner naming
 * a space) signs it for the signed-in person, with an expiry a few minutes
 * away; a page shows an outcome only when that signature holds for whoever
 * opens it. A typed, forged, shared or old link shows the page without it.
 */

/** Long enough for the redirect, a slow page and a reload; short enough that a bookmark or a shared link shows nothing. */
export const OUTCOME_LIFETIME_MS = 5 * 60_000;

/**
 * Stripe keeps a Checkout Session payable for 24 hours (its default, which the
 * backend keeps), and brings the buyer back to billing whenever they pay: that
 * return is signed for as long. Its banners also need the subscription it made.
 */
const CHECKOUT_RETURN_LIFETIME_MS = 24 * 60 * 60_000;
const HOUR_MS = 60 * 60_000;

/** Who an outcome is for: the signed-in Google account. */
const personOf = (session: Pick<SessionData, "email">) => session.email.toLowerCase();

interface Keys {
  secrets?: string[];
  now?: number;
}

function signatureFor(searchParams: URLSearchParams, person: string, secret: string) {
  const signed = [
    `person=${person}`,
    `${OUTCOME_EXPIRY_PARAM}=${searchParams.get(OUTCOME_EXPIRY_PARAM) ?? ""}`,
    ...OUTCOME_PARAMS.map((key) => `${key}=${searchParams.get(key) ?? ""}`),
  ];
  return createHmac("sha256", `outcome-link:${secret}`).update(signed.join("\n")).digest("base64url").slice(0, 32);
}

/**
 * The URL with its outcome signed for `session`'s person, expiring after
 * `lifetimeMs`. URLs that report no outcome are left as they are.
 */
export function signOutcomeLink(
  url: string,
  session: Pick<SessionData, "email">,
  { secrets = sessionSecrets(), now = Date.now(), lifetimeMs = OUTCOME_LIFETIME_MS }: Keys & { lifetimeMs?: number } = {},
) {
  const queryAt = url.indexOf("?");
  if (queryAt < 0) return url;
  const searchParams = new URLSearchParams(url.slice(queryAt + 1));
  if (!reportsOutcome(searchParams)) return url;
  searchParams.delete(BANNER_SIGNATURE_PARAM);
  searchParams.set(OUTCOME_EXPIRY_PARAM, String(Math.ceil((now + lifetimeMs) / 1000)));
  searchParams.set(BANNER_SIGNATURE_PARAM, signatureFor(searchParams, personOf(session), secrets[0]!));
  return `${url.slice(0, queryAt)}?${searchParams}`;
}

function vouched(searchParams: URLSearchParams, person: string, { secrets = sessionSecrets(), now = Date.now() }: Keys) {
  const until = Number(searchParams.get(OUTCOME_EXPIRY_PARAM));
  if (!Number.isSafeInteger(until) || until * 1000 <= now) return false;
  const given = Buffer.from(searchParams.get(BANNER_SIGNATURE_PARAM) ?? "");
  // Any of the rotation's secrets: a link made just before a rotation still shows its outcome.
  return secrets.some((secret) => {
    const expected = Buffer.from(signatureFor(searchParams, person, secret));
    return given.length === expected.length && timingSafeEqual(given, expected);
  });
}

/**
 * The query with its outcome when the server vouches for it to this person,
 * else the query without any outcome: every page reads its outcome from here.
 */
export function vouchedQuery(searchParams: URLSearchParams, session: Pick<SessionData, "email">, keys: Keys = {}) {
  if (!reportsOutcome(searchParams) || vouched(searchParams, personOf(session), keys)) return searchParams;
  return withoutOutcome(searchParams);
}

/** The shell's banner the URL asks for, ready to show, when vouched for; else null. */
export function verifiedBanner(
  searchParams: URLSearchParams,
  session: Pick<SessionData, "email">,
  keys: Keys = {},
): BannerContent | null {
  return bannerFromQuery(vouchedQuery(searchParams, session, keys));
}

/**
 * The return URL a Checkout Session is opened with, its outcome signed for
 * the buyer. Signed from the start of the hour: the same form sent again (one
 * idempotency key) asks the backend for the same session with the same body.
 */
export function checkoutReturnLink(url: string, session: Pick<SessionData, "email">, now = Date.now()) {
  return signOutcomeLink(url, session, { now: now - (now % HOUR_MS), lifetimeMs: CHECKOUT_RETURN_LIFETIME_MS });
}
