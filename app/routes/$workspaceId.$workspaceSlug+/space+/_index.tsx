import { redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { spaceRootTarget } from "~/domain/permissions";
import { spacePath } from "~/domain/space-paths";
import { requireSpace } from "~/utils/space.server";

/**
 * 000 §2: /space goes to general for the owner; for others to billing when
 * the users page is restricted, else to users. Unknown /space/… paths too.
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const space = await requireSpace({ request, params, context });
  throw redirect(spacePath(space.urlPrefix, `space/${spaceRootTarget(space.access)}`));
}
