import { redirect } from "@remix-run/node";
import { canonicalSearch, type ListParam } from "~/domain/list-query";

/**
 * One state, one URL (issue 9): a list's loader calls this first, and a query
 * written any other way (an empty `q=`, a default written out, a parameter
 * twice, another order) is redirected to the canonical one, so the forms
 * without JavaScript, hand-made links and old bookmarks all land on it.
 * A page with state of its own beyond the list's (the legacy users' choice)
 * passes its other parameters as they should read (`others`; by default as they are).
 */
export function requireCanonicalListUrl(
  url: URL,
  values: Partial<Record<ListParam, string | null>>,
  others: URLSearchParams = url.searchParams,
) {
  const search = canonicalSearch(others, values);
  if (search !== url.search) throw redirect(`${url.pathname}${search}`);
}
