/** Consumer Google domains: their users are "personal" (STANDARD) and buy Pro Gmail plans. */
const CONSUMER_DOMAINS: ReadonlySet<string> = new Set(["gmail.com", "googlemail.com"]);

export function isConsumerDomain(domain: string): boolean {
  return CONSUMER_DOMAINS.has(domain.toLowerCase());
}
