import { redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { spacePath } from "~/domain/space-paths";
import { requireSpace } from "./space.server";

/**
 * Loader of a URL that only forwards to another page of the same space,
 * keeping the query string (e.g. /settings/billing → /space/billing).
 */
export function forwardInSpace(section: string) {
  return async ({ request, params }: LoaderFunctionArgs) => {
    const space = await requireSpace(request, params);
    throw redirect(`${spacePath(space.urlPrefix, section)}${new URL(request.url).search}`);
  };
}
