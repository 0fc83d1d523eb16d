import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { spacePath, spaceSections } from "~/domain/space-paths";
import { requireSpace } from "~/utils/space.server";
import { createSpaceFromForm } from "./_layout.server";

/*
 * The /spaces/new page's loader and action. Here rather than in the route
 * module: a server module that two route modules import is one more (empty)
 * script file on every page that loads both, and the shell's loader module is
 * on every space page.
 */

/** Where the dialog's Cancel goes: the space's sent list. */
export async function loadNewSpacePage({ request, params, context }: LoaderFunctionArgs) {
  const space = await requireSpace({ request, params, context });
  return { closeTo: spacePath(space.urlPrefix, spaceSections.sent) };
}

/** The form's zod work is in _layout.server.ts, so that zod stays out of this page's first load. */
export async function newSpaceAction({ request, params, context }: ActionFunctionArgs) {
  const space = await requireSpace({ request, params, context });
  return createSpaceFromForm(space, await request.formData());
}
