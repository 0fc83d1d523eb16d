import { googleEndpoints, isProduction } from "~/env.server";

/**
 * Headers every document carries (ARCHITECTURE: sessions and security). The
 * nonce lets our own inline scripts run and nothing else.
 */
export function applySecurityHeaders(headers: Headers, { nonce, indexable }: { nonce: string; indexable: boolean }) {
  const googleOrigin = new URL(googleEndpoints().authorizationURL).origin;
  const development = !isProduction();
  const csp = [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}'`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: https: http:",
    `connect-src 'self'${development ? " ws://localhost:* ws://127.0.0.1:*" : ""}`,
    "font-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    // Sign-in forms post to us and are redirected to Google: form-action covers that redirect.
    `form-action 'self' ${googleOrigin}`,
    "frame-ancestors 'none'",
  ].join("; ");
  headers.set("Content-Security-Policy", csp);
  headers.set("X-Content-Type-Options", "nosniff");
  headers.set("Referrer-Policy", "strict-origin-when-cross-origin");
  headers.set("X-Frame-Options", "DENY");
  if (isProduction()) headers.set("Strict-Transport-Security", "max-age=63072000; includeSubDomains");
  // Only /login is indexable (000 §2).
  if (!indexable) headers.set("X-Robots-Tag", "noindex, nofollow");
}
