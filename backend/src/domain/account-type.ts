/** Consumer Google domains: their users are "personal" (STANDARD) and buy Pro Gmail plans. */
export const CONSUMER_DOMAINS: ReadonlySet<string> = new Set(["gmail.com", "googlemail.com"]);

export function isConsumerDomain(domain: string): boolean {
  return CONSUMER_DOMAINS.has(domain.toLowerCase());
}

/**
 * Mail providers anyone can sign up with: sharing one says nothing about
 * working together, so such a domain is never a space's domain, and no one is
 * suggested or admitted for it.
 */
const PUBLIC_MAIL_DOMAINS: ReadonlySet<string> = new Set([
  ...CONSUMER_DOMAINS,
  "outlook.com",
  "hotmail.com",
  "hotmail.co.uk",
  "hotmail.fr",
  "live.com",
  "live.fr",
  "msn.com",
  "yahoo.com",
  "yahoo.co.uk",
  "yahoo.fr",
  "ymail.com",
  "icloud.com",
  "me.com",
  "mac.com",
  "aol.com",
  "proton.me",
  "protonmail.com",
  "gmx.com",
  "gmx.de",
  "gmx.net",
  "web.de",
  "mail.com",
  "zoho.com",
  "yandex.com",
  "yandex.ru",
  "mail.ru",
  "qq.com",
  "163.com",
  "orange.fr",
  "free.fr",
  "laposte.net",
  "t-online.de",
  "libero.it",
  "fastmail.com",
  "hey.com",
  "tutanota.com",
]);

export function isPublicMailDomain(domain: string): boolean {
  return PUBLIC_MAIL_DOMAINS.has(domain.toLowerCase());
}

/** The domains a new space of this user gets: theirs, unless anyone can have an address there. */
export function spaceDomainsFor(domain: string): string[] {
  return isPublicMailDomain(domain) ? [] : [domain.toLowerCase()];
}
