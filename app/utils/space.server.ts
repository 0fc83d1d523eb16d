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
  const membership = invitationHostMembership(me);
  const workspace = membership && (await getWorkspaceOrNull(auth, membership.workspaceId));
  if (!membership || !workspace || workspace.status === "DISABLED") return null;
  const access = spaceAccess(membership, workspace);
  return { auth, me, membership, workspace, access, urlPrefix: membership.urlPrefix };
}

/** The invitee's space an invite link is drawn in: their home space, else their first active one. */
function invitationHostMembership(me: User): UserWorkspace | undefined {
  const active = me.userWorkspaces.filter((entry) => entry.status !== "DISABLED");
  return active.find((entry) => entry.workspaceId === me.addonWorkspaceId) ?? active[0];
}

/** What a page's first calls need before the guard has answered: the caller, and the space's id from the URL. */
export interface SpaceCaller {
  auth: AuthContext;
  workspaceId: string;
}

/** A page's answers, asked for before its guard answered: awaited only once the guard lets the caller in. */
export interface GuardedSpace<Space, Answers> {
  space: Space;
  /** Awaited after the page's own permission checks; never awaited when one refuses. */
  answers: Promise<Answers>;
}

export interface BesideGuardOptions {
  /** The answers do not depend on the space (an invitation's): kept when an invite link is drawn in another space. */
  spaceless?: boolean;
}

/**
 * One round of backend calls for every page (ARCHITECTURE, Data flow):
 * `start` makes the page's own calls at once, in the same tick as the
 * guard's (me and the space, shared with the shell's through the request's
 * memo), instead of after them. The guard's verdict comes back with the
 * answers still pending: the loader checks its permissions on the space,
 * then awaits them. When the guard or a permission refuses (a redirect, a
 * 403), the answers are dropped, and a failure among them goes nowhere: no
 * unhandled rejection, no 500 in place of the refusal. The backend checks
 * the caller on every call anyway, so nothing is read that it would not
 * give. A call that needs another's answer (an id from it) starts once it has it.
 */
async function besideGuard<Space extends { membership: UserWorkspace }, Answers>(
  args: SpaceArgs,
  guard: (args: SpaceArgs) => Promise<Space>,
  start: (caller: SpaceCaller) => Promise<Answers>,
  { spaceless = false }: BesideGuardOptions = {},
): Promise<GuardedSpace<Space, Answers>> {
  const auth = await requireSession(args);
  const verdict = guard(args);
  const started = (caller: SpaceCaller) => mayGoUnread((async () => start(caller))());
  const workspaceId = args.params.workspaceId ?? "";
  const answers = started({ auth, workspaceId });
  // An invite link opened by someone outside its space is drawn in another space (invitationHost), which
  // `me` names: that space's answers start as soon as `me` answers, beside the host space's own call.
  const startedForHost = (me: User) => {
    if (me.userWorkspaces.some((entry) => entry.workspaceId === workspaceId)) return null;
    const host = invitationHostMembership(me);
    return host ? { workspaceId: host.workspaceId, answers: started({ auth, workspaceId: host.workspaceId }) } : null;
  };
  const hostAnswers = !spaceless && args.params.invitationToken ? mayGoUnread(loadMe(auth).then(startedForHost)) : null;
  const space = await verdict;
  if (spaceless || space.membership.workspaceId === workspaceId) return { space, answers };
  const host = await hostAnswers;
  if (host?.workspaceId === space.membership.workspaceId) return { space, answers: host.answers };
  return { space, answers: started({ auth, workspaceId: space.membership.workspaceId }) };
}

/**
 * An answer asked for before it is known to be wanted: handled now, so that
 * leaving it unread (a refused guard, a merge without a poll) is no unhandled
 * rejection; whoever awaits it still gets its failure.
 */
export function mayGoUnread<T>(answer: Promise<T>): Promise<T> {
  answer.catch(() => undefined);
  return answer;
}

/** requireSpace, with the page's calls (`start`) made beside it: see besideGuard. */
export function requireSpaceWith<Answers>(
  args: SpaceArgs,
  start: (caller: SpaceCaller) => Promise<Answers>,
  options?: BesideGuardOptions,
) {
  return besideGuard(args, requireSpace, start, options);
}

/** loadSpace (a disabled space too: the shell, the disabled screen), with the page's calls beside it. */
export function loadSpaceWith<Answers>(args: SpaceArgs, start: (caller: SpaceCaller) => Promise<Answers>) {
  return besideGuard(args, loadSpace, start);
}

/** The caller of a space already let in: for the calls made after its guard. */
export const callerOf = (space: SpaceContext): SpaceCaller => ({
  auth: space.auth,
  workspaceId: space.workspace.workspaceId,
});

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
