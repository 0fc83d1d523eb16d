import { parseWithZod } from "@conform-to/zod";
import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { spacePath, spaceSections } from "~/domain/space-paths";
import { redirectInSession } from "~/utils/auth.server";
import { safeRedirect } from "~/utils/safe-redirect";
import { requireSpace } from "~/utils/space.server";
import { dismissPaymentAlertSchema } from "./__payment-alert-schema";
import { dismissPaymentAlert } from "./__shell/preferences.server";

/** GET never mutates: it only leads back to the space. */
export function loader({ params }: LoaderFunctionArgs) {
  return redirect(`/${params.workspaceId}/${params.workspaceSlug}`);
}

/**
 * Dismisses a payment alert in this browser (001 §4: remembered per alert
 * key), then goes back. The shell shows the undismissible ones whatever
 * this remembers.
 */
export async function action({ request, params, context }: ActionFunctionArgs) {
  const space = await requireSpace({ request, params, context });
  const submission = parseWithZod(await request.formData(), { schema: dismissPaymentAlertSchema });
  const fallback = spacePath(space.urlPrefix, spaceSections.sent);
  if (submission.status !== "success") return redirectInSession(space.auth, fallback);
  return redirectInSession(space.auth, safeRedirect(submission.value.redirectTo, fallback), {
    "Set-Cookie": await dismissPaymentAlert(request, submission.value.key),
  });
}
