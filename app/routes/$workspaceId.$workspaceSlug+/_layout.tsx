import type { LoaderFunctionArgs, MetaArgs } from "@remix-run/node";
import { Outlet, useLoaderData, useLocation } from "@remix-run/react";
import { SessionTimer } from "./__shell/session-timer";
import { ShellBanners } from "./__shell/shell-banners";
import { TopBar } from "./__shell/top-bar";
import { lazyHydrated } from "~/components/ui";
import { pageTitle } from "~/domain/page-title";
import { dialogParams, hrefWith, isFlagSet, needsUpgradeInfo } from "~/domain/shell-nav";
import { shellTexts } from "~/domain/shell-texts";
import { isActivePath, spacePath, spaceSections } from "~/domain/space-paths";
import { loadShell, type ActiveShellData } from "./_layout.server";

/** The New space dialog, whose code (conform and zod) no page's first load carries. */
const LazyNewSpaceDialog = lazyHydrated("new-space-dialog", () =>
  import("./__shell/new-space-dialog").then((module) => module.NewSpaceDialog),
);

/** The Upgrade info dialog, which only members who cannot buy open: its code loads when it opens. */
const LazyUpgradeInfoDialog = lazyHydrated("upgrade-info-dialog", () =>
  import("./__shell/upgrade-info-dialog").then((module) => module.UpgradeInfoDialog),
);

export async function loader(args: LoaderFunctionArgs) {
  return loadShell(args);
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
    <div className="relative flex min-h-full">
      {/* The sidebar's column behind it, the page's full height: the fixed sidebar spans only the window's. */}
      <div aria-hidden="true" className="absolute inset-y-0 left-0 hidden w-sidebar bg-white tablet:block" />
      <a
        href="#main"
        className="sr-only z-50 rounded-md bg-white px-4 py-2 font-semibold text-brand-700 shadow focus:not-sr-only focus:fixed focus:left-4 focus:top-4"
      >
        {shellTexts.skipToContent}
      </a>
      {/* The top bar holds the one sidebar: fixed at the left from the tablet breakpoint up, a drawer below it. */}
      <div className="flex min-w-0 flex-1 flex-col tablet:pl-sidebar">
        <TopBar shell={shell} />
        <main id="main" tabIndex={-1} className="flex-1 px-4 py-6 focus:outline-none tablet:px-8 tablet:py-8">
          <ShellBanners
            urlPrefix={shell.urlPrefix}
            banner={shell.banner}
            showLegacyBanner={shell.showLegacyBanner}
            paymentAlert={shell.paymentAlert}
          />
          <Outlet />
        </main>
      </div>
      {isFlagSet(params, dialogParams.newSpace) && !onNewSpacePage ? (
        <LazyNewSpaceDialog
          action={spacePath(shell.urlPrefix, spaceSections.newSpace)}
          closeTo={closeHref(dialogParams.newSpace)}
          spaceLimit={shell.spaceLimit}
          idempotencyKey={shell.newSpaceKey}
        />
      ) : null}
      {isFlagSet(params, dialogParams.upgradeInfo) && needsUpgradeInfo(shell.access) ? (
        <LazyUpgradeInfoDialog
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

export { FullPageErrorBoundary as ErrorBoundary } from "~/components/ui";
