import { redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { spacePath, spaceSections } from "~/domain/space-paths";
import { requireSession } from "~/utils/auth.server";
import { billingSpace } from "./__current-space.server";
import { loadMe } from "~/utils/me.server";
import { readLastWorkspaceId } from "~/utils/session.server";

/** Top-level /settings/billing: picks the space (000 §2) and keeps the query string. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const auth = await requireSession({ request, context });
  const [me, lastWorkspaceId] = await Promise.all([loadMe(auth), readLastWorkspaceId(request)]);
  const space = billingSpace(me, lastWorkspaceId);
  if (!space) throw redirect("/");
  throw redirect(`${spacePath(space.urlPrefix, spaceSections.billing)}${new URL(request.url).search}`);
}
