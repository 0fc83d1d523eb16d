import { parseWithZod } from "@conform-to/zod";
import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import type { z } from "zod";
import { spacePath, spaceSections } from "~/domain/space-paths";
import { redirectInSession } from "~/utils/auth.server";
import { safeRedirect } from "~/utils/safe-redirect";
import { requireSpace, type SpaceContext } from "~/utils/space.server";
import { rememberDismissal, type DismissalList } from "./preferences.server";

/** A dismissal route's GET: it never mutates, it only leads back to the space. */
export function backToSpace({ params }: LoaderFunctionArgs) {
  return redirect(`/${params.workspaceId}/${params.workspaceSlug}`);
}

/**
 * A dismissal route's POST: remembers the dismissal in this browser's
 * preferences, then goes back where the form says (through safeRedirect), or
 * to the sent list. A form that does not parse dismisses nothing.
 */
export async function dismissThenGoBack<Form extends { redirectTo?: string }>(
  args: ActionFunctionArgs,
  schema: z.ZodType<Form>,
  dismissal: (space: SpaceContext, form: Form) => { list: DismissalList; key: string },
) {
  const space = await requireSpace(args);
  const submission = parseWithZod(await args.request.formData(), { schema });
  const fallback = spacePath(space.urlPrefix, spaceSections.sent);
  if (submission.status !== "success") return redirectInSession(space.auth, fallback);
  const { list, key } = dismissal(space, submission.value);
  return redirectInSession(space.auth, safeRedirect(submission.value.redirectTo, fallback), {
    "Set-Cookie": await rememberDismissal(args.request, list, key),
  });
}
