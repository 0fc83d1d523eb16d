import { parseWithZod } from "@conform-to/zod";
import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { spacePath, spaceSections } from "~/domain/space-paths";
import { dismissLegacyBanner } from "./__shell/preferences.server";
import { dismissLegacyBannerSchema } from "./__legacy-banner-schema";
import { safeRedirect } from "~/utils/safe-redirect";
import { redirectInSession } from "~/utils/auth.server";
import { requireSpace } from "~/utils/space.server";

/** Dismisses the legacy-plan banner of this space for good (000 §4), then goes back. */

/** GET never mutates: it only leads back to the space. */
export function loader({ params }: LoaderFunctionArgs) {
  return redirect(`/${params.workspaceId}/${params.workspaceSlug}`);
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const space = await requireSpace({ request, params, context });
  const submission = parseWithZod(await request.formData(), { schema: dismissLegacyBannerSchema });
  const fallback = spacePath(space.urlPrefix, spaceSections.sent);
  const target = submission.status === "success" ? safeRedirect(submission.value.redirectTo, fallback) : fallback;
  return redirectInSession(space.auth, target, {
    "Set-Cookie": await dismissLegacyBanner(request, space.workspace.workspaceId),
  });
}
