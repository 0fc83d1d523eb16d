import { redirect } from "@remix-run/node";
import type { Params } from "@remix-run/react";
import { isBackendError } from "~/api/http.server";
import type { User, UserWorkspace } from "~/api/users.server";
import { getWorkspace, type ActiveWorkspace } from "~/api/workspaces.server";
import { spaceAccess, type SpaceAccess } from "~/domain/permissions";
import { canonicalSpaceUrl, slugOf, spacePath, spaceSections } from "~/domain/space-paths";
import type { AuthContext } from "~/api/caller.server";
import { requireSession, type RequestArgs } from "./auth.server";
import { loadMe } from "./me.server";

export interface SpaceContext {
  auth: AuthContext;
  me: User;
  membership: UserWorkspace;
  workspace: ActiveWorkspace;
  access: SpaceAccess;
  /** "/{workspaceId}/{slug}", the canonical prefix of every URL of this space. */
  urlPrefix: string;
}

export interface DisabledSpaceContext {
  disabled: true;
  me: User;
  membership: UserWorkspace;
  urlPrefix: string;
}

/**
 * The space of a workspace URL, for the shell and every page under it. The
 * calls are shared per request with the shell's loader, so a page loader that
 * needs the space costs nothing more.
 *
 * Redirects: an unknown or inaccessible space to "/", a wrong slug to the
 * canonical URL (same path and query). A disabled membership comes back as a
 * DisabledSpaceContext: only the disabled screen may be shown then.
 */
export type SpaceArgs = RequestArgs & { params: Params };

export async function loadSpace({ request, params, context }: SpaceArgs): Promise<SpaceContext | DisabledSpaceContext> {
  const auth = await requireSession({ request, context });
  const workspaceId = params.workspaceId ?? "";
  const [me, workspace] = await Promise.all([loadMe(auth), getWorkspaceOrNull(auth, workspaceId)]);

  const membership = me.userWorkspaces.find((entry) => entry.workspaceId === workspaceId);
  if (!membership || !workspace) {
    const host = params.invitationToken ? await invitationHost(auth, me) : null;
    if (!host) throw redirect("/");
    return host;
  }

  if (params.workspaceSlug !== slugOf(membership.urlPrefix)) {
    throw redirect(canonicalSpaceUrl(new URL(request.url), workspaceId, membership.urlPrefix));
  }

  const urlPrefix = membership.urlPrefix;
  const isDisabled =
    workspace.status === "DISABLED" ||
    membership.status === "DISABLED" ||
    !membership.workspaceUserFeature.canAccessWorkspace;
  if (isDisabled) return { disabled: true, me, membership, urlPrefix };

  return { auth, me, membership, workspace, access: spaceAccess(membership, workspace), urlPrefix };
}

/**
 * An invite link is sent under the inviting space's URL (002 §2), which its
 * invitee is not in yet: the link keeps its address, and its page is drawn
 * in the invitee's own space (their home space, else the first active one),
 * which names the space that invites from the invitation itself. Null when
 * the invitee has no space to draw it in.
 */
async function invitationHost(auth: AuthContext, me: User): Promise<SpaceContext | null> {
  const active = me.userWorkspaces.filter((entry) => entry.status !== "DISABLED");
  const membership = active.find((entry) => entry.workspaceId === me.addonWorkspaceId) ?? active[0];
  const workspace = membership && (await getWorkspaceOrNull(auth, membership.workspaceId));
  if (!membership || !workspace || workspace.status === "DISABLED") return null;
  const access = spaceAccess(membership, workspace);
  return { auth, me, membership, workspace, access, urlPrefix: membership.urlPrefix };
}

/** loadSpace for every page but the disabled screen: a disabled user is sent there. */
export async function requireSpace(args: SpaceArgs): Promise<SpaceContext> {
  const space = await loadSpace(args);
  if ("disabled" in space) throw redirect(spacePath(space.urlPrefix, spaceSections.disabled));
  return space;
}

async function getWorkspaceOrNull(auth: AuthContext, workspaceId: string) {
  if (!/^[\w-]{1,64}$/.test(workspaceId)) return null;
  try {
    return await getWorkspace(auth, workspaceId);
  } catch (error) {
    if (isBackendError(error, 403) || isBackendError(error, 404) || isBackendError(error, 400)) return null;
    throw error;
  }
}

/** For pages behind a permission: anyone else goes to the space's default page. */
export function requireAccess(
  space: SpaceContext,
  allowed: (access: SpaceAccess) => boolean,
  fallback: string = spaceSections.sent,
) {
  if (!allowed(space.access)) throw redirect(spacePath(space.urlPrefix, fallback));
}

/** 002 §7: the events of a space page carry the plan context (the user's comes with the token). */
export function planContext(space: Pick<SpaceContext, "workspace" | "membership">) {
  return { workspace_plan: space.workspace.workspacePlan, user_plan: space.membership.userPlan };
}
