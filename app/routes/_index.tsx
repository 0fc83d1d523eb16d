import { redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { spacePath, spaceSections } from "~/domain/space-paths";
import { requireSession } from "~/utils/auth.server";
import { loadMe } from "~/utils/me.server";
import { readLastWorkspaceId } from "~/utils/session.server";

/**
 * "/" goes to the current space's sent mail merges: the last space visited,
 * else the one the add-on sends from, else the first (000 §2).
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const auth = await requireSession(request);
  const [me, lastWorkspaceId] = await Promise.all([loadMe(auth), readLastWorkspaceId(request)]);
  const spaces = me.userWorkspaces;
  const current =
    spaces.find((space) => space.workspaceId === lastWorkspaceId) ??
    spaces.find((space) => space.workspaceId === me.addonWorkspaceId) ??
    spaces[0];
  if (!current) throw redirect("/get-started");
  const { search } = new URL(request.url);
  throw redirect(`${spacePath(current.urlPrefix, spaceSections.sent)}${search}`);
}
