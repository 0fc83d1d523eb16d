const MAX_SLUG_LENGTH = 60;
const FALLBACK_SLUG = "space";

/**
 * URL segment for a space name (`/{workspaceId}/{slug}`). The id is what routes
 * resolve on, so the slug only needs to be readable and URL-safe: accents are
 * folded to ASCII, apostrophes dropped, and any other run of non-alphanumeric
 * characters becomes a single hyphen.
 */
export function slugify(name: string): string {
  const slug = name
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    // "Sam's space" reads better as sams-space than sam-s-space.
    .replace(/['\u2019]/g, "")
    .replace(/[^a-z0-9]+/g, "-")
    .slice(0, MAX_SLUG_LENGTH)
    .replace(/^-+|-+$/g, "");
  return slug || FALLBACK_SLUG;
}

export function urlPrefix(workspaceId: string, slug: string): string {
  return `/${workspaceId}/${slug}`;
}
