import { redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { spacePath } from "~/domain/space-paths";
import { requireSpace } from "./space.server";

/**
 * For a URL that only forwards to another page of the same space, keeping the
 * query string (e.g. /settings/billing → /space/billing).
 */
export async function forwardInSpace({ request, params }: LoaderFunctionArgs, section: string): Promise<never> {
  const space = await requireSpace(request, params);
  throw redirect(`${spacePath(space.urlPrefix, section)}${new URL(request.url).search}`);
}
