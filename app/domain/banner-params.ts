/**
 * The browser's half of the banner catalogue (banners.ts): the parameter
 * names, the shape of a banner ready to show, and fixed texts. No zod here,
 * so that the shell's first load stays small; parsing happens on the server.
 */
/** The signature a redirect puts on the outcome it reports (app/utils/banner-links.server.ts). */
export const BANNER_SIGNATURE_PARAM = "sig";
/** When that signature stops vouching for the outcome (seconds since 1970). */
export const OUTCOME_EXPIRY_PARAM = "until";
/** What seals an outcome: a page that forgets the outcome forgets these too. */
export const OUTCOME_SEAL_PARAMS = [BANNER_SIGNATURE_PARAM, OUTCOME_EXPIRY_PARAM] as const;
export const BANNER_PARAMS = [
  "banner",
  "name",
  "switchedTo",
  "email",
  "switched",
  "reason",
  "what",
  "added",
  "mode",
  "change",
  "members",
  BANNER_SIGNATURE_PARAM,
  OUTCOME_EXPIRY_PARAM,
] as const;

export interface BannerContent {
  tone: "success" | "error" | "info";
  title: string;
  detail?: string;
}

/** The same URL without any banner parameter: what the next navigation shows. */
export function withoutBannerParams(searchParams: URLSearchParams) {
  const rest = new URLSearchParams(searchParams);
  for (const key of BANNER_PARAMS) rest.delete(key);
  return rest;
}

/** 000 §8: shown to the OWNER of a LEGACY space until dismissed: "{Learn more} or {contact support} to switch plans." */
export const legacyBannerTexts = {
  title: "Your space is currently on a legacy plan.",
  learnMore: "Learn more",
  or: "or",
  contactSupport: "contact support",
  toSwitchPlans: "to switch to one of our current plans.",
  dismiss: "Dismiss",
} as const;

export const bannerTexts = {
  close: "Close",
} as const;
