import { redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { spacePath, spaceSections } from "~/domain/space-paths";
import { requireSession } from "~/utils/auth.server";
import { currentSpace } from "./__current-space.server";
import { loadMe } from "~/utils/me.server";
import { readLastWorkspaceId } from "~/utils/session.server";

/** "/" goes to the current space's sent mail merges, keeping the query (banners). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const auth = await requireSession({ request, context });
  const [me, lastWorkspaceId] = await Promise.all([loadMe(auth), readLastWorkspaceId(request)]);
  const space = currentSpace(me, lastWorkspaceId);
  if (!space) throw redirect("/get-started");
  throw redirect(`${spacePath(space.urlPrefix, spaceSections.sent)}${new URL(request.url).search}`);
}
