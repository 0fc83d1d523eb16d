import type { LoaderFunctionArgs } from "@remix-run/node";
import type { SpaceAccess } from "~/domain/permissions";
import { spaceSections } from "~/domain/space-paths";
import { requireAccess, requireSpace } from "./space.server";

/**
 * Loader of a space page whose only server work, for now, is its access rule:
 * the space must load, and `allowed` must hold, else the person goes to `fallback`.
 */
export function spacePageLoader(
  allowed: (access: SpaceAccess) => boolean = () => true,
  fallback: string = spaceSections.sent,
) {
  return async ({ request, params }: LoaderFunctionArgs) => {
    const space = await requireSpace(request, params);
    requireAccess(space, allowed, fallback);
    return { spaceName: space.workspace.workspaceName, isPerSeat: space.workspace.isPerSeat };
  };
}
