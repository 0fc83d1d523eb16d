/** Name of the client-hint cookie that carries the browser's time zone. */
export const TIME_ZONE_COOKIE = "tz";

/**
 * Runs inline before anything else: stores the browser's time zone in a
 * cookie so the server can render dates in it from the next request on. A
 * value that does not decode (say `tz=%`) counts as absent, so it is replaced.
 */
export const timeZoneScript = `(function(){try{var z=Intl.DateTimeFormat().resolvedOptions().timeZone;var m=document.cookie.match(/(?:^|; )${TIME_ZONE_COOKIE}=([^;]*)/);var c=null;try{c=m?decodeURIComponent(m[1]):null;}catch(e){}if(z&&c!==z){document.cookie="${TIME_ZONE_COOKIE}="+encodeURIComponent(z)+"; path=/; max-age=31536000; samesite=lax";}}catch(e){}})();`;

export function isValidTimeZone(zone: string) {
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

function decodedOrNull(raw: string) {
  try {
    return decodeURIComponent(raw);
  } catch {
    return null;
  }
}

/** The user's time zone from the client-hint cookie; UTC until it holds a valid one (the page's script replaces a bad one). */
export function timeZoneFromCookieHeader(cookieHeader: string | null) {
  const match = cookieHeader?.match(new RegExp(`(?:^|; )${TIME_ZONE_COOKIE}=([^;]*)`));
  const zone = match ? decodedOrNull(match[1]!) : null;
  return zone && isValidTimeZone(zone) ? zone : "UTC";
}
