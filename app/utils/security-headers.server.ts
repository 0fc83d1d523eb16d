import { randomBytes } from "node:crypto";
import { googleEndpoints, isProduction, stripePageOrigins } from "~/env.server";

/** Pages and their data are never stored anywhere: after logout, Back must show nothing of them (issue 13). */
const NO_STORE = "private, no-store";

/** A data response (single fetch) that no cache keeps; a response with locked headers is copied. */
export function withNoStore(response: Response) {
  try {
    response.headers.set("Cache-Control", NO_STORE);
    return response;
  } catch {
    const headers = new Headers(response.headers);
    headers.set("Cache-Control", NO_STORE);
    return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
  }
}

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
    // Sign-in forms post to us and are redirected to Google, checkout and billing forms to Stripe's
    // hosted pages: form-action covers those redirects.
    `form-action 'self' ${[googleOrigin, ...stripePageOrigins()].join(" ")}`,
    "frame-ancestors 'none'",
  ].join("; ");
  headers.set("Content-Security-Policy", csp);
  headers.set("X-Content-Type-Options", "nosniff");
  headers.set("Cache-Control", NO_STORE);
  headers.set("Referrer-Policy", "strict-origin-when-cross-origin");
  headers.set("X-Frame-Options", "DENY");
  if (isProduction()) headers.set("Strict-Transport-Security", "max-age=63072000; includeSubDomains");
  // Only /login is indexable (000 §2).
  if (!indexable) headers.set("X-Robots-Tag", "noindex, nofollow");
}

const serverAnswers = new Map<string, Record<string, string>>();

/**
 * The headers of an answer the server writes itself, before Remix (a refusal,
 * a health check), for a Node response. Such an answer runs no script: one
 * set, made once per content type, serves every one.
 */
export function serverAnswerHeaders(contentType: string): Record<string, string> {
  let answer = serverAnswers.get(contentType);
  if (!answer) {
    const headers = new Headers({ "Content-Type": contentType });
    applySecurityHeaders(headers, { nonce: randomBytes(16).toString("base64"), indexable: false });
    answer = Object.fromEntries(headers);
    serverAnswers.set(contentType, answer);
  }
  return answer;
}
