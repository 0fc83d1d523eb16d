import { data, type LoaderFunctionArgs } from "@remix-run/node";
import { Outlet, useLoaderData, useRouteLoaderData } from "@remix-run/react";
import { getSidebarPromotions } from "~/api/cannon.server";
import { canManageBillingPortal } from "~/domain/permissions";
import { commitLastWorkspaceId, readLastWorkspaceId } from "~/utils/session.server";
import { loadSpace } from "~/utils/space.server";
import { readPreferences } from "~/utils/preferences.server";
import { requireSession } from "~/utils/auth.server";

export const SHELL_ROUTE_ID = "routes/$workspaceId.$workspaceSlug+/_layout";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const auth = await requireSession(request);
  // me, the space and the promotions in parallel; loadSpace shares its calls with page loaders.
  const [space, promotions, preferences, lastWorkspaceId] = await Promise.all([
    loadSpace(request, params),
    getSidebarPromotions(auth),
    readPreferences(request),
    readLastWorkspaceId(request),
  ]);

  const { me, urlPrefix } = space;
  const user = {
    userId: me.userId,
    userName: me.userName,
    userEmail: me.userEmail,
    profilePictureUrl: me.profilePictureUrl,
    hasInstalledAddon: me.installationTimestamp !== null,
  };
  const spaces = me.userWorkspaces.map(({ workspaceId, workspaceName, urlPrefix, userRole, workspacePlan }) => ({
    workspaceId,
    workspaceName,
    urlPrefix,
    userRole,
    workspacePlan,
  }));
  const ownedSpaceCount = me.userWorkspaces.filter((entry) => entry.userRole === "OWNER").length;
  const workspaceId = space.membership.workspaceId;
  const headers = new Headers();
  // The last space visited is where "/" goes next time.
  if (lastWorkspaceId !== workspaceId) headers.append("Set-Cookie", await commitLastWorkspaceId(request, workspaceId));

  if ("disabled" in space) {
    return data({ disabled: true as const, user, spaces, urlPrefix, workspaceName: space.membership.workspaceName }, { headers });
  }

  const { workspace, access } = space;
  return data(
    {
      disabled: false as const,
      user,
      spaces,
      ownedSpaceCount,
      urlPrefix,
      workspace: {
        workspaceId: workspace.workspaceId,
        workspaceName: workspace.workspaceName,
        workspacePlan: workspace.workspacePlan,
        legacyType: workspace.legacyType,
        isPerSeat: workspace.isPerSeat,
        memberCount: workspace.memberCount,
      },
      access,
      canManageBilling: canManageBillingPortal(access, workspace),
      promotions,
      showLegacyBanner: access.showLegacyBanner && !preferences.dismissedLegacyBanners.includes(workspaceId),
    },
    { headers },
  );
}

export type ShellData = Awaited<ReturnType<typeof loader>>["data"];
export type ActiveShellData = Extract<ShellData, { disabled: false }>;

/** The shell's data, for any page under the space. */
export function useShellData() {
  return useRouteLoaderData<typeof loader>(SHELL_ROUTE_ID) as ShellData;
}

export default function WorkspaceShell() {
  const shell = useLoaderData<typeof loader>();
  // TODO(shell): sidebar, top bar, banners, dialogs.
  return (
    <div>
      <p>{shell.disabled ? "disabled" : shell.workspace.workspaceName}</p>
      <Outlet />
    </div>
  );
}
