import { redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { spacePath } from "~/domain/space-paths";
import { requireSpace } from "./space.server";

/**
 * For a URL that only forwards to another page of the same space, keeping the
 * query string (e.g. /settings/billing → /space/billing).
 */
export async function forwardInSpace(args: LoaderFunctionArgs, section: string): Promise<never> {
  const space = await requireSpace(args);
  throw redirect(`${spacePath(space.urlPrefix, section)}${new URL(args.request.url).search}`);
}
