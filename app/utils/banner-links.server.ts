import { createHmac, timingSafeEqual } from "node:crypto";
import { BANNER_PARAMS, BANNER_SIGNATURE_PARAM, bannerFromQuery, type BannerContent } from "~/domain/banners";
import { sessionSecrets } from "~/env.server";

/** Banner parameters that carry free text: shown only when the redirect that made the link signed it. */
const TEXT_PARAMS = ["name", "switchedTo", "email"] as const;

const carriesText = (searchParams: URLSearchParams) => TEXT_PARAMS.some((key) => searchParams.has(key));

function signatureFor(searchParams: URLSearchParams, secret: string) {
  const signed = BANNER_PARAMS.filter((key) => key !== BANNER_SIGNATURE_PARAM).map((key) => `${key}=${searchParams.get(key) ?? ""}`);
  return createHmac("sha256", `banner-link:${secret}`).update(signed.join("\n")).digest("base64url").slice(0, 32);
}

/**
 * Signs the banner a redirect asks for (issue 13): `?banner=transferred&
 * email=…` made by anyone else would otherwise put their text in our green
 * banner. URLs without a banner, or whose banner has no text, are left as they are.
 */
export function signBannerLink(url: string, secrets = sessionSecrets()) {
  const queryAt = url.indexOf("?");
  if (queryAt < 0) return url;
  const searchParams = new URLSearchParams(url.slice(queryAt + 1));
  if (!searchParams.has("banner") || !carriesText(searchParams)) return url;
  searchParams.delete(BANNER_SIGNATURE_PARAM);
  searchParams.set(BANNER_SIGNATURE_PARAM, signatureFor(searchParams, secrets[0]!));
  return `${url.slice(0, queryAt)}?${searchParams}`;
}

function signedByUs(searchParams: URLSearchParams, secrets: string[]) {
  const given = Buffer.from(searchParams.get(BANNER_SIGNATURE_PARAM) ?? "");
  // Any of the rotation's secrets: a link made just before a rotation still shows its banner.
  return secrets.some((secret) => {
    const expected = Buffer.from(signatureFor(searchParams, secret));
    return given.length === expected.length && timingSafeEqual(given, expected);
  });
}

/** The banner a URL asks for, ready to show; one whose text is not signed by us shows nothing. */
export function verifiedBanner(searchParams: URLSearchParams, secrets = sessionSecrets()): BannerContent | null {
  if (carriesText(searchParams) && !signedByUs(searchParams, secrets)) return null;
  return bannerFromQuery(searchParams);
}
