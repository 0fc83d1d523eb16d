/**
 * URLs inside a space. Every space URL is `{urlPrefix}/{section}` where the
 * backend's urlPrefix is "/{workspaceId}/{slug}" (000 §2).
 */
export function spacePath(urlPrefix: string, section = "") {
  const trimmed = section.replace(/^\/+/, "");
  return trimmed ? `${urlPrefix}/${trimmed}` : urlPrefix;
}

export const spaceSections = {
  sent: "mail-merges/sent",
  scheduled: "mail-merges/scheduled",
  unsubscriptions: "unsubscriptions",
  bounces: "bounces",
  teamReport: "team-report",
  templates: "templates",
  general: "space/general",
  users: "space/users",
  billing: "space/billing",
  checkout: "checkout",
  checkoutDetails: "checkout/details",
  checkoutInformation: "checkout/information",
  checkoutLegacyUsers: "checkout/legacy/users",
  disabled: "disabled",
  newSpace: "spaces/new",
} as const;

/** The per-seat checkout's single-step pages (001 §2). */
export const seatCheckoutSections = {
  addSeats: "checkout/add-seats",
  removeSeats: "checkout/remove-seats",
  /** Where Stripe sends the browser back after a card's authentication (of ours, not the spec's). */
  paymentReturn: "checkout/payment-return",
} as const;

/** A link is active on its own path and any path below it, never on a sibling that merely starts alike. */
export function isActivePath(pathname: string, activePrefix: string) {
  const path = pathname.replace(/\/+$/, "");
  return path === activePrefix || path.startsWith(`${activePrefix}/`);
}

/** The slug part of a urlPrefix, to compare with the URL's. */
export function slugOf(urlPrefix: string) {
  return urlPrefix.split("/").filter(Boolean)[1] ?? "";
}

/**
 * The canonical URL for a request whose slug is wrong: same section, same
 * query, the right prefix.
 */
export function canonicalSpaceUrl(url: URL, workspaceId: string, urlPrefix: string) {
  const segments = url.pathname.split("/").filter(Boolean);
  const rest = segments[0] === workspaceId ? segments.slice(2).join("/") : "";
  return `${spacePath(urlPrefix, rest)}${url.search}`;
}

type RouteParams = Record<string, string | undefined>;

/** Whether a navigation stays in the same space (the frame's and the list's data depend on it). */
export function isSameSpace(current: RouteParams, next: RouteParams) {
  return current.workspaceId === next.workspaceId && current.workspaceSlug === next.workspaceSlug;
}
