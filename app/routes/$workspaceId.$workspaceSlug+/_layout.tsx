import { data, redirect, type LoaderFunctionArgs, type MetaArgs } from "@remix-run/node";
import { Outlet, useLoaderData, useLocation, useRouteLoaderData } from "@remix-run/react";
import { getSidebarPromotions } from "~/api/cannon.server";
import { LazyNewSpaceDialog } from "./__shell/new-space-dialog-lazy";
import { SessionTimer } from "./__shell/session-timer";
import { ShellBanners } from "./__shell/shell-banners";
import { Sidebar } from "./__shell/sidebar";
import { TopBar } from "./__shell/top-bar";
import { UpgradeInfoDialog } from "./__shell/upgrade-info-dialog";
import { pageTitle } from "~/domain/page-title";
import { canManageBillingPortal } from "~/domain/permissions";
import { dialogParams, hrefWith, isActivePath, isFlagSet, needsUpgradeInfo } from "~/domain/shell-nav";
import { shellTexts } from "~/domain/shell-texts";
import { spacePath, spaceSections } from "~/domain/space-paths";
import { requireSession } from "~/utils/auth.server";
import { readPreferences } from "./legacy-banner.server";
import { commitLastWorkspaceId, readLastWorkspaceId } from "~/utils/session.server";
import { ownedSpaceLimit, requestedBanner, upgradeContacts } from "./_layout.server";
import { loadSpace } from "~/utils/space.server";

export const SHELL_ROUTE_ID = "routes/$workspaceId.$workspaceSlug+/_layout";

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const auth = await requireSession({ request, context });
  // me, the space and the promotions in parallel; loadSpace shares its calls with page loaders.
  const [space, promotions, preferences, lastWorkspaceId] = await Promise.all([
    loadSpace({ request, params, context }),
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
    /** For the idle-tab timer: the server renews the token, or signs out, around then. */
    sessionExpiresAt: auth.session.expiresAt,
  };
  const spaces = me.userWorkspaces.map(({ workspaceId, workspaceName, urlPrefix, userRole, workspacePlan }) => ({
    workspaceId,
    workspaceName,
    urlPrefix,
    userRole,
    workspacePlan,
  }));
  const workspaceId = space.membership.workspaceId;
  const headers = new Headers();
  // The last space visited is where "/" goes next time.
  if (lastWorkspaceId !== workspaceId) headers.append("Set-Cookie", await commitLastWorkspaceId(request, workspaceId));

  if ("disabled" in space) {
    // A disabled member sees only the disabled screen, whatever page they asked for.
    const disabledPath = spacePath(urlPrefix, spaceSections.disabled);
    if (new URL(request.url).pathname !== disabledPath) throw redirect(disabledPath, { headers });
    return data(
      { disabled: true as const, user, spaces, urlPrefix, workspaceName: space.membership.workspaceName },
      { headers },
    );
  }

  const { workspace, access } = space;
  const url = new URL(request.url);
  return data(
    {
      disabled: false as const,
      user,
      spaces,
      spaceLimit: ownedSpaceLimit(me),
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
      banner: requestedBanner(url),
      // Only while the Upgrade info dialog is open: other pages make no extra call.
      spaceManagers: await upgradeContacts(auth, url, workspaceId, access),
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
  return (
    <>
      <SessionTimer expiresAt={shell.user.sessionExpiresAt} />
      {shell.disabled ? (
        // The only page a disabled member can reach is the disabled screen: no sidebar, no menus.
        <main id="main" className="flex min-h-full items-center justify-center p-6">
          <Outlet />
        </main>
      ) : (
        <ActiveShell shell={shell} />
      )}
    </>
  );
}

function ActiveShell({ shell }: { shell: ActiveShellData }) {
  const { pathname, search } = useLocation();
  const params = new URLSearchParams(search);
  const onNewSpacePage = isActivePath(pathname, spacePath(shell.urlPrefix, spaceSections.newSpace));
  const closeHref = (flag: string) => hrefWith(pathname, search, { [flag]: null });

  return (
    <div className="flex min-h-full">
      <a
        href="#main"
        className="sr-only z-50 rounded-md bg-white px-4 py-2 font-semibold text-brand-700 shadow focus:not-sr-only focus:fixed focus:left-4 focus:top-4"
      >
        {shellTexts.skipToContent}
      </a>
      <div className="sticky top-0 hidden h-screen w-sidebar shrink-0 border-r border-slate-200 bg-white tablet:block">
        <Sidebar shell={shell} />
      </div>
      <div className="flex min-w-0 flex-1 flex-col">
        <TopBar shell={shell} />
        <main id="main" tabIndex={-1} className="flex-1 px-4 py-6 focus:outline-none tablet:px-8 tablet:py-8">
          <ShellBanners urlPrefix={shell.urlPrefix} banner={shell.banner} showLegacyBanner={shell.showLegacyBanner} />
          <Outlet />
        </main>
      </div>
      {isFlagSet(params, dialogParams.newSpace) && !onNewSpacePage ? (
        <LazyNewSpaceDialog
          action={spacePath(shell.urlPrefix, spaceSections.newSpace)}
          closeTo={closeHref(dialogParams.newSpace)}
          spaceLimit={shell.spaceLimit}
        />
      ) : null}
      {isFlagSet(params, dialogParams.upgradeInfo) && needsUpgradeInfo(shell.access) ? (
        <UpgradeInfoDialog
          spaceName={shell.workspace.workspaceName}
          managers={shell.spaceManagers}
          closeTo={closeHref(dialogParams.upgradeInfo)}
        />
      ) : null}
    </div>
  );
}

/** Pages set their own titles; the space's name is the fallback. */
export const meta = ({ data }: MetaArgs<typeof loader>) =>
  pageTitle(data ? (data.disabled ? data.workspaceName : data.workspace.workspaceName) : shellTexts.brand);
