/** The pages of the company site and of browsers that the app links to. Apart, so that pages linking to them do not carry the login texts. */
export const externalLinks = {
  helpCenter: "https://support.yamm.com",
  termsOfService: "https://yamm.com/terms",
  privacyPolicy: "https://yamm.com/privacy",
  cookiePolicy: "https://yamm.com/cookies",
  dataProcessingAgreement: "https://yamm.com/dpa",
  marketplace: "https://workspace.google.com/marketplace/app/yet_another_mail_merge/52669349336",
  newSpreadsheet: "https://sheets.new",
  support: "https://support.yamm.com/hc/en-us/requests/new",
  pricing: "https://yamm.com/pricing",
  contactUs: "https://yamm.com/contact",
  /** 001 §2: the card payment provider's terms and privacy policy, linked from the billing information step. */
  stripeTerms: "https://stripe.com/legal/ssa",
  stripePrivacy: "https://stripe.com/privacy",
  enableCookiesHelp: {
    chrome: "https://support.google.com/chrome/answer/95647",
    firefox: "https://support.mozilla.org/kb/third-party-cookies-firefox-tracking-protection",
    safari: "https://support.apple.com/guide/safari/manage-cookies-sfri11471",
    edge: "https://support.microsoft.com/microsoft-edge/delete-cookies-in-microsoft-edge",
  },
} as const;

/**
 * The pricing page as the members page links to it (002 §2): a utm source,
 * and for a legacy space its legacy plan type, so the page can offer the
 * move from it.
 */
export function pricingUrl(legacyType: string | null) {
  const query = new URLSearchParams({ utm_source: "webapp-users" });
  if (legacyType) query.set("legacy", legacyType.toLowerCase());
  return `${externalLinks.pricing}?${query}`;
}
