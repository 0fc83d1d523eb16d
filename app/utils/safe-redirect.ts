const FALLBACK = "/";
const PLACEHOLDER_ORIGIN = "http://app.invalid";

/**
 * Turns a user-supplied redirect target (`continue`, `goBackUrl`…) into a path
 * on our own origin. Anything that could leave the site, or that a browser
 * might read differently than we do, lands on the fallback.
 */
export function safeRedirect(target: FormDataEntryValue | string | null | undefined, fallback = FALLBACK): string {
  if (typeof target !== "string" || target.length === 0) return fallback;
  // Browsers drop tabs and newlines inside URLs ("/\t/evil" becomes "//evil"), and
  // treat "\" like "/": refuse both before resolving rather than guess.
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f\\]/.test(target)) return fallback;
  if (!target.startsWith("/") || target.startsWith("//")) return fallback;

  let url: URL;
  try {
    url = new URL(target, PLACEHOLDER_ORIGIN);
  } catch {
    return fallback;
  }
  if (url.origin !== PLACEHOLDER_ORIGIN) return fallback;
  return `${url.pathname}${url.search}${url.hash}`;
}
