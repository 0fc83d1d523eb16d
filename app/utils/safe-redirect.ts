const FALLBACK = "/";
const PLACEHOLDER_ORIGIN = "http://app.invalid";
/** "//host" or "/\host": a browser reads either as another host. */
const PROTOCOL_RELATIVE = /^\/[/\\]/;

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
  // Dot segments (plain or percent-encoded) can resolve "/..//evil" into "//evil", which a browser reads
  // as another host: the resolved path is checked, not only the given one, and so is its decoded form
  // ("/%2F%2Fevil"), for whatever decodes it on the way.
  if (leavesTheSite(url.pathname)) return fallback;
  return `${url.pathname}${url.search}${url.hash}`;
}

/** True when the path, or the path decoded once and resolved again, would be read as another host. */
function leavesTheSite(pathname: string) {
  let decoded: string;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    return true;
  }
  return [pathname, decoded].some((path) => {
    const resolved = new URL(path, PLACEHOLDER_ORIGIN);
    return (
      resolved.origin !== PLACEHOLDER_ORIGIN ||
      PROTOCOL_RELATIVE.test(path) ||
      PROTOCOL_RELATIVE.test(resolved.pathname)
    );
  });
}
