/**
 * The pages that call no backend: the sign-in page, the public pages that
 * need no account, and the start of a Google sign-in (the form the sign-in
 * page posts). They have places of their own at the app's gate and at the
 * load balancer (README, Operations), so they never wait behind requests
 * stuck on a stalled backend. A page added here must call no backend, nor
 * Google: its data request (`.data`) counts as the page.
 */
export const BACKEND_FREE_PATHS = [
  "/login",
  "/cookies-disabled",
  "/formresponse",
  "/unsubscribed",
  "/get-started/marketplace",
  "/auth/google",
] as const;

/** Remix's data request for a page: the page's path with this added. */
const DATA_SUFFIX = ".data";

/** The paths, data requests included, that call no backend. */
export const BACKEND_FREE_REQUEST_PATHS: readonly string[] = BACKEND_FREE_PATHS.flatMap((path) => [
  path,
  `${path}${DATA_SUFFIX}`,
]);

/** Whether a request for this path (without its query) calls no backend. */
export function needsNoBackend(path: string) {
  return BACKEND_FREE_REQUEST_PATHS.includes(path);
}
