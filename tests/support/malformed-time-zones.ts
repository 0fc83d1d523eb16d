/** `tz` cookie values a browser extension, a proxy or an attacker could leave behind (issue 13). */
export const MALFORMED_TIME_ZONES = ["%", "%E0%A4%A", "%ZZ", "Not%2FAZone", "", "Europe%2FParis%00", "x".repeat(5000)];
