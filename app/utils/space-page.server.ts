import type { LoaderFunctionArgs } from "@remix-run/node";
import type { SpaceAccess } from "~/domain/permissions";
import { spaceSections } from "~/domain/space-paths";
import { requireAccess, requireSpace } from "./space.server";

/**
 * The loader of a space page whose only server work, for now, is its access
 * rule: the space must load, and `allowed` must hold, else the person goes to
 * `fallback`. Called from a route's own `loader` function (a module-level call
 * would also run in the browser build, where this module is empty).
 */
export async function loadSpacePage(
  args: LoaderFunctionArgs,
  allowed: (access: SpaceAccess) => boolean = () => true,
  fallback: string = spaceSections.sent,
) {
  const space = await requireSpace(args);
  requireAccess(space, allowed, fallback);
  return { spaceName: space.workspace.workspaceName, isPerSeat: space.workspace.isPerSeat };
}
